// The widget's flows, call for call in the order the widget makes them, as verify's cases: each
// call's answer is checked (check.ts) and fed to the next call the way the widget would use it.
// A case needing a hook or persona the config lacks runs as far as it can and is then skipped,
// naming what it needs; a failing call ends its case.
import * as z from 'zod/mini';
import * as activation from '../../../../src/contract/activation';
import * as mobile from '../../../../src/contract/mobile';
import { ENCRYPTED_STATE_HEADER, INACTIVITY_HEADER, type Operation } from '../../../../src/contract/operation';
import * as scanner from '../../../../src/contract/scanner-logon';
import * as session from '../../../../src/contract/session';
import { TRACED, logTrace, logTraceError } from '../../../../src/contract/trace';
import { parseScannerStatus, STATUS_HANDLING } from '../../../../src/core/flows/activation-status';
import type { SandboxControl } from '../testing/control';
import { checkAnswer, parseAnswerBody, type AnswerExpectation } from './check';
import { preflightHeaders, Session, type CallInit, type Target } from './client';
import type { CallResult, CaseResult, VerifyHooks, VerifyPersonas } from './types';

/** What the cases run against. */
export interface Environment {
  target: Target;
  hooks: VerifyHooks;
  personas: VerifyPersonas;
  /** The sandbox's control API, when the target is one. */
  sandbox?: SandboxControl;
  waitForExpiry: boolean;
  /** What one case hands the next: the scanner logon's profile tokens for the refresh case. */
  shared: { profileTokens?: { accessToken: string; refreshToken?: string }[] };
}

/** Ends a case at a call that failed. */
class Failed extends Error {}
/** Ends a case that needs something the config does not give. */
class Needs extends Error {}
/** Ends a case early without a failure (e.g. a scanner status the activation stops at). */
class Done extends Error {}

// An answer already checked against the contract: its fields are read as the widget reads them.
type Json = Record<string, any>;

// What the widget's scanner logon sends (src/core/flows/scanner-logon.ts), repeated here because
// that module brings the widget's client, validators and trace sender into the sandbox's bundle.
const SYSTEM_MARKER = 'amwa-web';
const SSO_CLIENT_ID = 'sso';
const TRANSFER_INTENT = 'logon';
/** The scanner logon's authentication context: level of assurance 5, scope personal_data. */
const scannerLogonContext = (clientId: string) => ({ clientId, identifyeeType: 'customer', requiredLevelOfAssurance: 5, scopes: ['personal_data'] });

/** A device profile as the logon calls send it (spec section 3). */
const DEVICE_PROFILE = {
  browser: 'Chrome 126',
  operatingSystem: 'Linux',
  deviceUniqueIdentifier: 'dmVyaWZ5LWFwaS0x',
  deviceFingerprint: '5f1d3c0a9e4b7f2a6c8d0e1f3a5b7c9d1e3f5a7b9c0d2e4f6a8b0c2d4e6f8a0b',
};

/** A user ID no bank issues, for the unknown-user cases. */
export const UNKNOWN_USER = { userId: 'NOUSER99', email: 'nobody@example.invalid' } as const;

/** The agreement the scanner is enrolled under: one of the ENROLLABLE states. */
const agreementAnswer = z.looseObject({ status: z.enum(['REQD_AR', 'POTEN_AR', 'REQUESTED', 'POTENTIAL']) });
/** The blocked account's refusal. */
const blockedAnswer = z.looseObject({ errorCode: z.union([z.literal(14), z.literal('14')]) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One case's run: its browser session and the calls it made. */
class Run {
  readonly calls: CallResult[] = [];
  readonly session: Session;
  private readonly preflighted = new Set<string>();
  note?: string;

  constructor(readonly env: Environment) {
    this.session = new Session(env.target);
  }

  /** The hook `name`, or the end of the case naming it. */
  hook<K extends keyof VerifyHooks>(name: K): NonNullable<VerifyHooks[K]> {
    const hook = this.env.hooks[name];
    if (!hook) throw new Needs(`needs the ${name} hook`);
    return hook as NonNullable<VerifyHooks[K]>;
  }

  /** The persona `name`, or the end of the case naming it. */
  persona<K extends keyof VerifyPersonas>(name: K): NonNullable<VerifyPersonas[K]> {
    const persona = this.env.personas[name];
    if (!persona) throw new Needs(`needs personas.${name}`);
    return persona as NonNullable<VerifyPersonas[K]>;
  }

  private record(operationId: string, problems: string[], status?: number, ms?: number) {
    this.calls.push({ operationId, ...(status === undefined ? {} : { status }), verdict: problems.length ? 'fail' : 'pass', problems, ...(ms === undefined ? {} : { ms }) });
    if (problems.length) throw new Failed(problems[0]);
  }

  /** The browser's preflight before a call a page on another origin cannot send without one. */
  private async preflight(op: Operation<unknown, unknown>, init: CallInit) {
    const { origin } = this.env.target;
    if (!origin || this.preflighted.has(op.id)) return;
    const url = new URL((op.api === 'security' ? this.env.target.securityApi : this.env.target.api) + op.path);
    if (url.origin === origin) return;
    const asked = preflightHeaders(op, init.body !== undefined).filter((name) => name !== 'accept-language');
    if (!asked.length && op.encoding !== 'json' && init.body === undefined) return;
    this.preflighted.add(op.id);
    const { answer } = await this.session.preflight(op, asked);
    if ('kind' in answer) return this.record(`${op.id} (preflight)`, checkAnswer(op, answer, { statuses: [204], url: url.href }));
    const problems: string[] = [];
    const allowed = answer.headers.get('access-control-allow-origin');
    if (answer.status < 200 || answer.status >= 300) problems.push(`no CORS for the origin: the preflight answered ${answer.status}`);
    else if (allowed !== origin) problems.push(`no CORS for the origin: the preflight's Access-Control-Allow-Origin is ${allowed === null ? 'missing' : JSON.stringify(allowed)}, expected ${origin}`);
    else {
      if (answer.headers.get('access-control-allow-credentials') !== 'true') problems.push("credentials not allowed: the preflight's Access-Control-Allow-Credentials is not \"true\"");
      const headers = (answer.headers.get('access-control-allow-headers') ?? '').split(',').map((name) => name.trim().toLowerCase());
      for (const name of asked) if (!headers.includes(name)) problems.push(`the preflight's Access-Control-Allow-Headers does not list ${name}`);
    }
    this.record(`${op.id} (preflight)`, problems, answer.status, answer.ms);
  }

  /**
   * Makes the call, checks its answer against `expect` (default: 200), records it, and hands back
   * its body and headers; a failed check ends the case. A credentialed POST gets the XSRF probe first,
   * as the widget does when it has no token yet.
   */
  async call(op: Operation<unknown, unknown>, init: CallInit = {}, expect: Partial<Pick<AnswerExpectation, 'statuses' | 'body'>> & { error?: z.ZodMiniType; record?: boolean } = {}) {
    if (op.method === 'POST' && op.credentials !== false && init.xsrf === undefined && !this.session.xsrfToken()) await this.call(session.xsrfToken);
    await this.preflight(op, init);
    const { url, answer } = await this.session.call(op, init);
    const problems = checkAnswer(op, answer, { statuses: expect.statuses ?? [200], url, ...(this.env.target.origin ? { origin: this.env.target.origin } : {}), ...(expect.body ? { body: expect.body } : {}) });
    if ('kind' in answer) {
      this.record(op.id, problems);
      throw new Failed(); // unreachable: a call without an answer always has a problem
    }
    const parsed = parseAnswerBody(answer.text);
    const body = (parsed.ok ? parsed.value : undefined) as Json;
    if (expect.error && answer.status >= 400) {
      const refused = expect.error.safeParse(body);
      if (!refused.success) problems.push(`body.errorCode is ${JSON.stringify(body?.errorCode)}, expected what the widget reads for this case`);
    }
    if (op.id === 'xsrfToken' && !this.session.xsrfToken()) problems.push('neither an XSRF-TOKEN cookie nor an X-XSRF-TOKEN header: the widget has no token to echo');
    if (expect.record !== false || problems.length) this.record(op.id, problems, answer.status, answer.ms);
    return { status: answer.status, body: body ?? {}, headers: answer.headers };
  }
}

/** The anonymous session of the scanner and mobile logons: its authentication context and access token. */
async function anonymousSession(run: Run) {
  const initiated = await run.call(session.anonymousSessionInitiate);
  const authenticationContext = initiated.body.authenticationContext as Json;
  const bootstrap = await run.call(session.bootstrapWebSession, { body: { authenticationContext } });
  return { authenticationContext, token: String(bootstrap.body.authenticationResponse.accessTokens[0].accessToken) };
}

/** The scanner logon's colour code for `userId`, with the encrypted state its answer goes with. */
async function colourCode(run: Run, userId: string) {
  const anonymous = await anonymousSession(run);
  const context = scannerLogonContext(String(anonymous.authenticationContext.clientId));
  const initiated = await run.call(scanner.standaloneInitiate, { bearer: anonymous.token, body: { userId, system: SYSTEM_MARKER, authenticationContext: context } });
  return { anonymous, context, image: String(initiated.body.base64Cronto), length: Number(initiated.body.responseLength), expiresInS: Number(initiated.body.expirationDuration), state: initiated.headers.get(ENCRYPTED_STATE_HEADER) ?? '' };
}

/** A response code of the right length that is not `right`. */
const wrongCode = (length: number, right?: string) => {
  const code = '0'.repeat(length);
  return code === right ? '1'.repeat(length) : code;
};

/** Polls a QR code's confirmation every 500 ms, as the widget does, until the app has confirmed it. */
async function pollConfirmed(run: Run, op: Operation<unknown, unknown>, limitMs = 60_000) {
  const until = Date.now() + limitMs;
  for (let first = true; ; first = false) {
    const { body } = await run.call(op, {}, { record: first });
    if (body.confirmed === true) return run.call(op);
    if (Date.now() > until) return run.call(op, {}, { body: z.looseObject({ confirmed: z.literal(true) }) });
    await sleep(500);
  }
}

/** One case: its name and what it does. */
export interface VerifyCase {
  name: string;
  run(run: Run): Promise<void>;
}

/** Every case, in the order verify runs them (the lockout and the expired code last: they spend a persona's attempts and change expiries). */
export const CASES: readonly VerifyCase[] = [
  {
    name: 'anonymous session',
    run: async (run) => void (await anonymousSession(run)),
  },
  {
    name: 'scanner logon',
    async run(run) {
      const { userId } = run.persona('scanner');
      const code = await colourCode(run, userId);
      const responseCode = run.hook('responseCode');
      const tokenResponse = await responseCode({ colourCode: code.image, userId });
      let result = await run.call(scanner.standaloneAuthenticate, { bearer: code.anonymous.token, body: { tokenResponse }, headers: { [ENCRYPTED_STATE_HEADER]: code.state } });
      if (result.body.authentication.status === 'partial') {
        // The step-up: a second colour code in the logon's context, with the partial result's interim token.
        const interim = String(result.body.accessTokens[0].accessToken);
        const stepUp = await run.call(scanner.authenticationInitiate, { bearer: interim, body: { authenticationContext: code.context } });
        const answer = await responseCode({ colourCode: String(stepUp.body.base64Cronto), userId });
        const state = stepUp.headers.get(ENCRYPTED_STATE_HEADER) ?? '';
        result = await run.call(scanner.authenticationAuthenticate, { bearer: interim, body: { tokenResponse: answer, authenticationContext: code.context }, headers: { [ENCRYPTED_STATE_HEADER]: state } });
      }
      // The profile the logon goes on with: one at the logon's level of assurance (the profile selector's choice when there are several).
      const tokens = result.body.accessTokens as Json[];
      const profile = tokens.find((token) => (token.executorLevelOfAssurance ?? 5) >= 5) ?? tokens[0]!;
      run.env.shared.profileTokens = tokens.map((token) => ({ accessToken: String(token.accessToken), ...(token.refreshToken ? { refreshToken: String(token.refreshToken) } : {}) }));
      const transfer = await run.call(scanner.transfer, { bearer: String(profile.accessToken), body: { clientId: SSO_CLIENT_ID, intent: TRANSFER_INTENT } });
      await run.call(scanner.scannerLogon, { body: { username: userId, transferOtp: String(transfer.body.otp), ...DEVICE_PROFILE } });
    },
  },
  {
    name: 'token refresh and revoke',
    async run(run) {
      const granted = run.env.shared.profileTokens?.find((token) => token.refreshToken);
      if (!granted) throw new Needs('needs the scanner logon case to pass with a refresh token (personas.scanner, responseCode)');
      const refreshed = await run.call(session.refreshToken, { body: { grant_type: 'refresh_token', refresh_token: granted.refreshToken }, headers: { [INACTIVITY_HEADER]: '0' } });
      const refreshToken = String(refreshed.body.refresh_token ?? granted.refreshToken);
      await run.call(session.revokeToken, { body: { token: refreshToken } });
      await run.call(session.revokeToken, { body: { token: String(refreshed.body.access_token) } });
      // A revoked refresh token no longer works: the widget forgets that profile on 401.
      await run.call(session.refreshToken, { body: { grant_type: 'refresh_token', refresh_token: refreshToken }, headers: { [INACTIVITY_HEADER]: '0' } }, { statuses: [401] });
    },
  },
  {
    name: 'mobile QR logon',
    async run(run) {
      const anonymous = await anonymousSession(run);
      const qr = await run.call(mobile.qr);
      await run.hook('approveQr')({ payload: String(qr.body.qr), mode: 'logon' });
      await pollConfirmed(run, mobile.qrConfirmed);
      await run.call(mobile.mobileLogon, { bearer: anonymous.token, body: { authenticationContext: anonymous.authenticationContext, ...DEVICE_PROFILE } });
    },
  },
  {
    name: 'link mode',
    async run(run) {
      const qr = await run.call(mobile.linkQr);
      await run.hook('approveQr')({ payload: String(qr.body.qr), mode: 'link' });
      await pollConfirmed(run, mobile.linkQrConfirmed);
    },
  },
  {
    name: 'scanner activation',
    async run(run) {
      const { userId, email } = run.persona('activation');
      const userName = userId;
      await run.call(activation.otpRequest, { body: { userName, emailAddress: email } });
      const otp = await run.hook('registrationCode')({ userId });
      const signedIn = await run.call(activation.otpAuthenticate, { body: { userName, otp } });
      const bearer = String(signedIn.body.accessTokens[0].accessToken);
      const status = parseScannerStatus((await run.call(activation.scannerStatus, { bearer, body: { userName } })).body.status)!;
      const handling = STATUS_HANDLING[status];
      if (handling === 'provision') await run.call(activation.provision, { bearer, body: { userName } });
      else if (handling !== 'next') {
        run.note = `the status is ${status}: the activation ends there (personas.activation needs REQUESTED, POTENTIAL, OFFERED or COMPLETED to go further)`;
        throw new Done();
      }
      // The agreement must be one a scanner can be enrolled under (ENROLLABLE): the schema holds only those.
      await run.call(activation.agreementsLatest, { bearer }, { body: agreementAnswer });
      const responseCode = run.hook('responseCode');
      const identification = await run.call(activation.identification, { bearer });
      const serial = (await responseCode({ colourCode: String(identification.body.base64Cronto), userId })).replace(/\D/g, '');
      const identified = identification.headers.get(ENCRYPTED_STATE_HEADER);
      const enrolment = await run.call(activation.enrolmentInitiate, { bearer, body: { serialNumber: serial }, ...(identified ? { headers: { [ENCRYPTED_STATE_HEADER]: identified } } : {}) });
      const pin = await responseCode({ colourCode: String(enrolment.body.base64Cronto), userId });
      const enrolled = await run.call(activation.enrolmentValidate, { bearer, body: { tokenResponse: pin }, headers: { [ENCRYPTED_STATE_HEADER]: enrolment.headers.get(ENCRYPTED_STATE_HEADER) ?? '' } });
      const finishCode = await run.call(activation.activationInitiate, { bearer, headers: { [ENCRYPTED_STATE_HEADER]: enrolled.headers.get(ENCRYPTED_STATE_HEADER) ?? '' } });
      const confirmation = await responseCode({ colourCode: String(finishCode.body.base64Cronto), userId });
      await run.call(activation.activationValidate, { bearer, body: { tokenResponse: confirmation }, headers: { [ENCRYPTED_STATE_HEADER]: finishCode.headers.get(ENCRYPTED_STATE_HEADER) ?? '' } });
      await run.call(activation.finish, { bearer, body: { userName } });
      await run.call(session.logout);
    },
  },
  {
    name: 'logout',
    run: async (run) => void (await run.call(session.logout)),
  },
  {
    name: 'trace logging',
    async run(run) {
      await run.call(logTrace, { body: { operation: TRACED.scannerLogonStarted, context: { username: UNKNOWN_USER.userId } } });
      // The error line names the answer it follows by its trace id.
      const answered = await run.call(session.anonymousSessionInitiate);
      const responseId = answered.headers.get('x-trace-id') ?? undefined;
      await run.call(logTraceError, { body: { operation: session.anonymousSessionInitiate.path, context: responseId ? { responseId } : {} } });
    },
  },
  {
    name: 'XSRF token refused when missing or wrong',
    async run(run) {
      await run.call(session.xsrfToken);
      const line = { body: { operation: TRACED.scannerLogonStarted, context: {} } };
      await run.call(logTrace, { ...line, xsrf: null }, { statuses: [403] });
      await run.call(logTrace, { ...line, xsrf: 'not-the-cookie' }, { statuses: [403] });
    },
  },
  {
    name: 'wrong response code',
    async run(run) {
      const { userId } = run.persona('scanner');
      const code = await colourCode(run, userId);
      const right = run.env.hooks.responseCode ? await run.env.hooks.responseCode({ colourCode: code.image, userId }) : undefined;
      await run.call(scanner.standaloneAuthenticate, { bearer: code.anonymous.token, body: { tokenResponse: wrongCode(code.length, right) }, headers: { [ENCRYPTED_STATE_HEADER]: code.state } }, { statuses: [400] });
    },
  },
  {
    name: 'unknown user',
    async run(run) {
      await run.call(activation.otpRequest, { body: { userName: UNKNOWN_USER.userId, emailAddress: UNKNOWN_USER.email } }, { statuses: [400] });
      // A colour code comes for anyone (nobody learns who exists); no scanner can answer it.
      const code = await colourCode(run, UNKNOWN_USER.userId);
      await run.call(scanner.standaloneAuthenticate, { bearer: code.anonymous.token, body: { tokenResponse: wrongCode(code.length) }, headers: { [ENCRYPTED_STATE_HEADER]: code.state } }, { statuses: [400] });
    },
  },
  {
    name: 'blocked user',
    async run(run) {
      const { userId, email } = run.persona('blocked');
      await run.call(activation.otpRequest, { body: { userName: userId, emailAddress: email } }, { statuses: [400], error: blockedAnswer });
    },
  },
  {
    name: 'lockout after five wrong codes',
    async run(run) {
      const { userId } = run.persona('lockout');
      const code = await colourCode(run, userId);
      const wrong = { bearer: code.anonymous.token, body: { tokenResponse: wrongCode(code.length) }, headers: { [ENCRYPTED_STATE_HEADER]: code.state } };
      for (let attempt = 1; attempt < 5; attempt += 1) await run.call(scanner.standaloneAuthenticate, wrong, { statuses: [400] });
      await run.call(scanner.standaloneAuthenticate, wrong, { statuses: [403] });
      // The widget deactivates the scanner right after the 403, in the same browser session.
      await run.call(scanner.scannerDeactivate, { body: { username: userId } });
    },
  },
  {
    name: 'expired colour code',
    async run(run) {
      const { userId } = run.persona('scanner');
      if (run.env.sandbox) await run.env.sandbox.configure({ colourCodeExpirySeconds: 1 });
      else if (!run.env.waitForExpiry) throw new Needs("needs waitForExpiry: true (it waits out the colour code's expirationDuration)");
      const code = await colourCode(run, userId);
      const tokenResponse = await run.hook('responseCode')({ colourCode: code.image, userId });
      await sleep(code.expiresInS * 1000 + 250);
      await run.call(scanner.standaloneAuthenticate, { bearer: code.anonymous.token, body: { tokenResponse }, headers: { [ENCRYPTED_STATE_HEADER]: code.state } }, { statuses: [400] });
    },
  },
];

/** Runs one case; never throws. */
export async function runCase(testCase: VerifyCase, env: Environment): Promise<CaseResult> {
  const run = new Run(env);
  const result = (verdict: CaseResult['verdict'], extra: Partial<CaseResult> = {}): CaseResult => ({ name: testCase.name, verdict, ...extra, ...(run.note ? { note: run.note } : {}), calls: run.calls });
  try {
    await testCase.run(run);
    return result('pass');
  } catch (error) {
    if (error instanceof Needs) return result(run.calls.some((call) => call.verdict === 'fail') ? 'fail' : 'skip', { skipped: error.message });
    if (error instanceof Done) return result('pass');
    if (error instanceof Failed) return result('fail');
    // A hook that threw, or an answer too far off the contract to go on with.
    run.calls.push({ operationId: '-', verdict: 'fail', problems: [`the case could not go on: ${(error as Error).message}`] });
    return result('fail');
  }
}
