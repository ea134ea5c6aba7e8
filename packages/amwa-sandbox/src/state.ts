/** Scanner status as the status call answers it (spec section 3). */
export type ScannerStatus = 'REQUESTED' | 'POTENTIAL' | 'OFFERED' | 'COMPLETED' | 'EFFECTIVE' | 'MISSING';

/** A seeded sandbox user and the virtual scanner they own. */
export interface Persona {
  userId: string;
  email: string;
  scannerStatus: ScannerStatus;
  /** What the finish-activation call answers; null where activation never gets that far. */
  levelOfAssurance: 1 | 2 | null;
  /** Serial number of the persona's virtual scanner, digits only (`3800000010`). */
  serialNumber: string;
  /** The OTP request answers 400 with errorCode 14. */
  blocked: boolean;
  /** What the persona demonstrates, for the demo index and the console. */
  note: string;
}

/** A registration e-mail the sandbox "sent". */
export interface OutboxMail {
  userId: string;
  to: string;
  code: string;
  /** ISO time. */
  sentAt: string;
}

/** A scripted failure or delay for the next `times` calls to `path` (design section 5). */
export interface Fault {
  path: string;
  status?: number;
  body?: unknown;
  /** Extra headers of the faulty answer, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  delayMs?: number;
  times: number;
}

/** Test knobs, read on every call and page load so a change applies from the next one. */
export interface SandboxConfig {
  colourCodeExpirySeconds: number;
  qrExpirySeconds: number;
  inactivityTimeoutLogonS: number;
  inactivityTimeoutActivationS: number;
  /** Where logon calls send the browser; relative URLs resolve against the request's origin. */
  logonRedirectUrl: string;
  /** The scanner logon of HUGO0008 answers a partial result: a step-up to a second colour code. */
  stepUp: boolean;
}

/** A QR code the widget is showing, waiting for the mobile app. */
export interface PendingQr {
  id: string;
  mode: 'logon' | 'link';
  issuedAt: number;
  confirmed: boolean;
  /** The web session a logon QR code was issued to (its cookie came with the QR call). */
  webSession?: string;
}

/** A piece of state a route module owns: seeded on first use, dropped on reset. */
export interface Slice<T> {
  readonly name: string;
  readonly seed: () => T;
}

/** Declares a state slice for a route module (keep the returned object at module level). */
export const defineSlice = <T>(name: string, seed: () => T): Slice<T> => ({ name, seed });

/**
 * The sandbox's whole in-memory world. `reset()` replaces the fields, so route modules read
 * them through `state` on every call instead of keeping references.
 */
export interface SandboxState {
  now: () => number;
  personas: Map<string, Persona>;
  outbox: OutboxMail[];
  /** Failed attempts by key, e.g. `logon:EMMA0005`. */
  attempts: Map<string, number>;
  faults: Fault[];
  config: SandboxConfig;
  pendingQrs: PendingQr[];
  slice<T>(slice: Slice<T>): T;
  reset(): void;
}

/** Knob values on start and after reset. */
export const DEFAULT_CONFIG: Readonly<SandboxConfig> = {
  colourCodeExpirySeconds: 120,
  qrExpirySeconds: 120,
  inactivityTimeoutLogonS: 300,
  inactivityTimeoutActivationS: 900,
  logonRedirectUrl: '/__sandbox/logged-on',
  stepUp: false,
};

// userId, e-mail, status, finish level of assurance, serial body (7 digits), blocked, note
const SEED: ReadonlyArray<readonly [string, string, ScannerStatus, 1 | 2 | null, string, boolean, string]> = [
  ['ANNA0001', 'anna.devries@example.com', 'REQUESTED', 2, '0000002', false, 'Activates a requested scanner.'],
  ['BORIS002', 'boris.novak@example.com', 'POTENTIAL', 1, '0000003', false, 'Activation ends with the coordinator note.'],
  ['CARLA003', 'carla.rossi@example.com', 'OFFERED', 2, '0000004', false, 'Activation makes the provision call first.'],
  ['DAVID004', 'david.smit@example.com', 'COMPLETED', 2, '0000005', false, 'Activation makes the provision call first.'],
  ['EMMA0005', 'emma.klein@example.com', 'EFFECTIVE', null, '0000001', false, 'Active scanner: logs on.'],
  ['FRANK006', 'frank.peeters@example.com', 'MISSING', null, '0000006', false, 'No scanner agreement.'],
  ['GRETA007', 'greta.berg@example.com', 'REQUESTED', null, '0000007', true, 'Blocked: the OTP request answers errorCode 14.'],
  // Beyond the design table: signs in with two profiles (see oauth.ts).
  ['HUGO0008', 'hugo.jansen@example.com', 'EFFECTIVE', null, '0000008', false, 'Active scanner, two profiles: Jansen Holding BV (level of assurance 5) and acme trading (3, too low for scanner logon).'],
];

/** Completes `38` + seven digits with the check digit (weights 3,1,3,1… over all ten digits, sum % 10 == 0). */
export function serialWithCheckDigit(body: string): string {
  const digits = `38${body}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

/** Shows a digits-only serial number the way the scanner does: `38-0000001-0`. */
export const formatSerial = (serial: string) => `${serial.slice(0, 2)}-${serial.slice(2, 9)}-${serial.slice(9)}`;

const seedPersonas = () =>
  new Map(
    SEED.map(([userId, email, scannerStatus, levelOfAssurance, body, blocked, note]) => [
      userId,
      { userId, email, scannerStatus, levelOfAssurance, serialNumber: serialWithCheckDigit(body), blocked, note },
    ]),
  );

/** The state a sandbox starts with and returns to on reset. */
const seed = () => ({ personas: seedPersonas(), outbox: [], attempts: new Map(), faults: [], config: { ...DEFAULT_CONFIG }, pendingQrs: [] });

/** Creates the sandbox state, seeded. */
export function createState(now: () => number = Date.now): SandboxState {
  const slices = new Map<Slice<unknown>, unknown>();
  const state: SandboxState = {
    now,
    ...seed(),
    slice<T>(slice: Slice<T>): T {
      if (!slices.has(slice)) slices.set(slice, slice.seed());
      return slices.get(slice) as T;
    },
    reset() {
      Object.assign(state, seed());
      slices.clear();
    },
  };
  return state;
}

/** Finds a persona by user ID the way the bank does: case-insensitively. */
export const findPersona = (state: SandboxState, userId: unknown): Persona | undefined =>
  typeof userId === 'string' ? state.personas.get(userId.trim().toUpperCase()) : undefined;
