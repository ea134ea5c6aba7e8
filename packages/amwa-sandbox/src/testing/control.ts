// The sandbox's control API (design.md section 5) as a typed client for host test suites. It
// talks only to a server that answers GET /__sandbox/personas as the sandbox does (the persona
// table, marked as a sandbox's), and follows no redirect, so a misconfigured test can never post
// scans, faults or resets to a real bank API.
import * as z from 'zod/mini';
import { OPERATIONS } from '../../../../src/contract/index';
import { API_BASE, SANDBOX_HEADER, SANDBOX_MARK } from '../http';

/** A seeded persona as the control API lists it. */
export interface SandboxPersona {
  userId: string;
  email: string;
  scannerStatus: string;
  levelOfAssurance: 1 | 2 | null;
  /** As the scanner shows it: `38-0000001-0`. */
  serialNumber: string;
  blocked: boolean;
  note: string;
}

/** The sandbox's test knobs (`POST /__sandbox/config`), applied from the next call or page load. */
export interface SandboxKnobs {
  colourCodeExpirySeconds: number;
  qrExpirySeconds: number;
  inactivityTimeoutLogonS: number;
  inactivityTimeoutActivationS: number;
  /** Where logon calls send the browser; a relative URL resolves against the sandbox's origin. */
  logonRedirectUrl: string;
}

/** A scripted answer for the next `times` calls of one operation: a status (and body, headers), a delay, or both. */
export interface FaultSpec {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** How many calls it covers; default 1. */
  times?: number;
}

/** The `operationId`s of the API contract (openapi.json) a fault can name. */
export const OPERATION_IDS = [
  'xsrfToken',
  'anonymousSessionInitiate',
  'bootstrapWebSession',
  'refreshToken',
  'revokeToken',
  'logout',
  'qr',
  'qrConfirmed',
  'linkQr',
  'linkQrConfirmed',
  'mobileLogon',
  'standaloneInitiate',
  'standaloneAuthenticate',
  'authenticationInitiate',
  'authenticationAuthenticate',
  'transfer',
  'transferAccessTokens',
  'scannerLogon',
  'scannerDeactivate',
  'otpRequest',
  'otpAuthenticate',
  'scannerStatus',
  'agreementsLatest',
  'provision',
  'finish',
  'identification',
  'enrolmentInitiate',
  'enrolmentValidate',
  'activationInitiate',
  'activationValidate',
  'logTrace',
  'logTraceError',
] as const;

/** An `operationId` of the API contract. */
export type OperationId = (typeof OPERATION_IDS)[number];

/** The request path of `operationId` on the sandbox: the access-means API under `/access`, the security-means API at the root. */
export function operationPath(operationId: OperationId): string {
  const operation = OPERATIONS.find((candidate) => candidate.id === operationId);
  if (!operation) throw new Error(`amwa-sandbox/testing: no operation "${String(operationId)}" in the API contract (one of ${OPERATION_IDS.join(', ')})`);
  return operation.api === 'access' ? API_BASE + operation.path : operation.path;
}

/** The control API of one sandbox, checked to be one. */
export interface SandboxControl {
  /** The sandbox's origin, e.g. `http://127.0.0.1:4400`. */
  readonly url: string;
  /** The seeded personas and their scanners' serial numbers. */
  personas(): Promise<SandboxPersona[]>;
  /** Personas, outbox, attempts, faults and knobs back to the seed: call it before each test. */
  reset(): Promise<void>;
  /** Sets test knobs (short expiries, the logon redirect), applied from the next call or page load. */
  configure(knobs: Partial<SandboxKnobs>): Promise<void>;
  /** The newest registration code e-mailed to `userId` (the activation's 'Confirm your email' step). */
  registrationCode(userId: string): Promise<string>;
  /** What `userId`'s scanner displays after scanning `image` (base64 PNG, or its data: URL), exactly as on its screen. */
  scan(userId: string, image: string): Promise<string>;
  /** The mobile app approves the newest QR code waiting for it (`logon`, or `link` for the corporate account). */
  confirmQr(mode?: 'logon' | 'link'): Promise<void>;
  /** Makes the next `times` calls of the operation `operationId` (openapi.json) fail or wait. */
  fault(operationId: OperationId, spec: FaultSpec): Promise<void>;
}

/** Options of `connectSandbox`. */
export interface ConnectOptions {
  /** The fetch to reach the sandbox with (default: the global one). */
  fetch?: typeof fetch;
}

const PNG_DATA_URL = /^data:image\/png;base64,/;
const SERIAL_NUMBER = /^38-\d{7}-\d$/;

/** The persona table as the sandbox answers it (and nothing a real API would answer). */
const personaTable = z.array(
  z.looseObject({
    userId: z.string().check(z.minLength(1)),
    email: z.string(),
    scannerStatus: z.string(),
    levelOfAssurance: z.nullable(z.union([z.literal(1), z.literal(2)])),
    serialNumber: z.string().check(z.regex(SERIAL_NUMBER)),
    blocked: z.boolean(),
    note: z.string(),
  }),
).check(z.minLength(1));

/** What a control call got: the answer, or why it is not one of a sandbox. */
type Answered = { ok: true; response: Response } | { ok: false; reason: string };

/**
 * Connects to the sandbox at `url` after checking that it is one: GET /__sandbox/personas must
 * answer the persona table, marked with the sandbox's header, itself (no redirect). Anything else
 * (a real API, a host page, a redirect, nothing) is refused with an error before the kit sends a
 * single control call; no control call ever follows a redirect either.
 */
export async function connectSandbox(url: string, { fetch: fetcher = globalThis.fetch }: ConnectOptions = {}): Promise<SandboxControl> {
  const origin = new URL(url).origin;
  /** One control call to this origin, never followed elsewhere: a redirect is refused, whatever fetch is in use. */
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answered> => {
    const address = `${origin}/__sandbox/${path}`;
    const response = await fetcher(address, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    // A fetch that follows redirects all the same says so, or answers from another address.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400) || response.redirected || (response.url !== '' && response.url !== address)) {
      const to = response.headers.get('location') ?? (response.url !== address ? response.url : '');
      return { ok: false, reason: `a redirect${to ? ` to ${to}` : ''}, which the kit never follows` };
    }
    return { ok: true, response };
  };
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const method = body === undefined ? 'GET' : 'POST';
    const answered = await send(method, path, body);
    if (!answered.ok) throw new Error(`amwa-sandbox/testing: ${method} /__sandbox/${path} answered ${answered.reason}`);
    const text = await answered.response.text();
    if (!answered.response.ok) throw new Error(`amwa-sandbox/testing: ${method} /__sandbox/${path} answered ${answered.response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const refusal = await send('GET', 'personas').then(
    async (answered) => {
      if (!answered.ok) return answered.reason;
      const { response } = answered;
      if (!response.ok) return `status ${response.status}`;
      const table = personaTable.safeParse(await response.json().catch(() => undefined));
      if (!table.success) return 'no persona table';
      return response.headers.get(SANDBOX_HEADER) === SANDBOX_MARK ? undefined : `no ${SANDBOX_HEADER}: ${SANDBOX_MARK} header`;
    },
    (error: Error) => `no answer (${error.message})`,
  );
  if (refusal !== undefined) {
    throw new Error(`amwa-sandbox/testing: ${origin} is not an amwa sandbox (GET /__sandbox/personas: ${refusal}); the kit only ever talks to the sandbox`);
  }

  return {
    url: origin,
    personas: () => call<SandboxPersona[]>('personas'),
    reset: () => call<void>('reset', {}),
    configure: (knobs) => call<void>('config', knobs),
    async registrationCode(userId) {
      const mails = await call<{ code: string }[]>(`outbox?userId=${encodeURIComponent(userId)}`);
      const newest = mails.at(-1);
      if (!newest) throw new Error(`amwa-sandbox/testing: no registration e-mail was sent to ${userId}`);
      return newest.code;
    },
    async scan(userId, image) {
      return (await call<{ display: string }>('scanner/scan', { userId, image: image.replace(PNG_DATA_URL, '') })).display;
    },
    confirmQr: (mode = 'logon') => call<void>('mobile/confirm', { mode }),
    fault: (operationId, spec) => call<void>('faults', { ...spec, path: operationPath(operationId) }),
  };
}
