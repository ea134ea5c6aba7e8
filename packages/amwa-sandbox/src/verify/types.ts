// What verify takes (the target, hooks and personas) and what it reports.

/** The bank's test scanner, app and mailbox: what a test backend cannot do alone. */
export interface VerifyHooks {
  /** What the scanner of `userId` shows for the colour code (base64 PNG): a response code, or the serial number for the activation's identification code. */
  responseCode?(input: { colourCode: string; userId: string }): Promise<string> | string;
  /** The test app approves the QR code (base64 PNG) of a logon or a corporate-account link. */
  approveQr?(input: { payload: string; mode: 'logon' | 'link' }): Promise<void> | void;
  /** The registration code the activation e-mailed to `userId`. */
  registrationCode?(input: { userId: string }): Promise<string> | string;
}

/** The test users each case needs. */
export interface VerifyPersonas {
  /** An active scanner: the scanner logon, token refresh and revoke, wrong and expired codes. */
  scanner?: { userId: string };
  /** A scanner waiting to be activated (REQUESTED, POTENTIAL, OFFERED or COMPLETED) and the user's e-mail address. */
  activation?: { userId: string; email: string };
  /** A blocked account: the registration e-mail is refused with errorCode 14. */
  blocked?: { userId: string; email: string };
  /** A user whose scanner verify may lock with five wrong codes (it stays deactivated: use one kept for this). */
  lockout?: { userId: string };
}

/** A config module's default export (`--config`): hooks, personas and the widget settings that matter. */
export interface VerifyConfig extends VerifyHooks {
  personas?: VerifyPersonas;
  /** The widget's `bmgApiTimeout` and `apiGatewayTimeout` as the bank sets them (default 5000 and 10000 ms). */
  timeouts?: { access?: number; security?: number };
  /** Run the expired-colour-code case against a backend that is not a sandbox: it waits out the colour code's `expirationDuration`. */
  waitForExpiry?: boolean;
}

/** Options of `verifyApi`. */
export interface VerifyOptions extends VerifyConfig {
  /** `settings.apiBaseUrl`, e.g. `http://localhost:4400/access`. */
  api: string;
  /** `settings.securityApiBaseUrl` (default: the origin of `api`). */
  securityApi?: string;
  /** The host page's origin: CORS and cross-site cookies are checked for it. */
  origin?: string;
  /** Only the cases whose names are listed (default: all). */
  cases?: readonly string[];
  /** The network edge (default: the global fetch). */
  fetch?: typeof fetch;
}

/** One call of a case and what verify found in its answer. */
export interface CallResult {
  operationId: string;
  /** The status it answered; absent when there was no answer. */
  status?: number;
  verdict: 'pass' | 'fail';
  /** Everything that differs from the contract, in plain words; the first is the one a table shows. */
  problems: string[];
  /** How long the answer took, in ms. */
  ms?: number;
}

/** One case: a flow, or one negative path of one. */
export interface CaseResult {
  name: string;
  verdict: 'pass' | 'fail' | 'skip';
  /** Why it was skipped: the hook, persona or setting it needs. */
  skipped?: string;
  /** Where a case ended early without a failure, e.g. a scanner status the activation stops at. */
  note?: string;
  calls: CallResult[];
}

/** What verify found. */
export interface VerifyReport {
  api: string;
  securityApi: string;
  origin?: string;
  /** True when the target is an amwa sandbox driven through its control API. */
  sandbox: boolean;
  cases: CaseResult[];
  /** True when every case that ran conforms (skipped cases do not count as passed). */
  ok: boolean;
  totals: { passed: number; failed: number; skipped: number };
}
