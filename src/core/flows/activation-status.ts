// The means check's answers (spec sections 3 and 4): scanner statuses and agreement codes, and
// what each one makes the activation do.
import { AmwaApiError } from '../api-error';
import { INVALID_AGREEMENT_CODE } from '../error-handler';
import type { ActivationMove } from './activation-machine';

/** Scanner status as the status call answers it (spec section 3). */
export type ScannerStatus = 'REQUESTED' | 'POTENTIAL' | 'OFFERED' | 'COMPLETED' | 'EFFECTIVE' | 'MISSING';

// The means-agreement codes the status stands for, accepted as their status.
const STATUSES: Record<string, ScannerStatus> = {
  REQUESTED: 'REQUESTED',
  POTENTIAL: 'POTENTIAL',
  OFFERED: 'OFFERED',
  COMPLETED: 'COMPLETED',
  EFFECTIVE: 'EFFECTIVE',
  MISSING: 'MISSING',
  REQD_AR: 'REQUESTED',
  POTEN_AR: 'POTENTIAL',
  OFFRD_AR: 'OFFERED',
  COMPLD_AR: 'COMPLETED',
  EFF_AR: 'EFFECTIVE',
};

/** A received status or agreement code as a scanner status; `undefined` for anything else. */
export const parseScannerStatus = (value: unknown): ScannerStatus | undefined =>
  typeof value === 'string' && Object.hasOwn(STATUSES, value) ? STATUSES[value] : undefined;

/** What each status leads to after the means check (spec section 4). */
export const STATUS_HANDLING: Record<ScannerStatus, 'next' | 'provision' | ActivationMove> = {
  REQUESTED: 'next',
  POTENTIAL: 'next',
  OFFERED: 'provision',
  COMPLETED: 'provision',
  EFFECTIVE: 'effective',
  MISSING: 'missing',
};

/** The agreement states a scanner can be enrolled under: what `agreements/latest` must answer before the serial number step. */
export const ENROLLABLE: readonly ScannerStatus[] = ['REQUESTED', 'POTENTIAL'];

/** The spec's message for a status the widget does not know. */
export const INVALID_AGREEMENT_STATE = 'Invalid scanner means agreement state';
/** The internal error a finish answer outside level of assurance 1 or 2 raises. */
export const INVALID_LEVEL_OF_ASSURANCE = 'invalid-level-of-assurance';

/**
 * Reads the status (or agreement code) of a means-check answer; anything it does not know, or
 * does not accept, is 'Invalid scanner means agreement state' with the error code scanner screens
 * treat as technical (spec section 8).
 */
export function readStatus(path: string, response: { data: { status: string }; status: number; headers: Headers }, accept?: readonly ScannerStatus[]): ScannerStatus {
  const status = parseScannerStatus(response.data.status);
  if (status && (!accept || accept.includes(status))) return status;
  throw new AmwaApiError('invalid-response', INVALID_AGREEMENT_STATE, {
    path,
    status: response.status,
    data: { errorCode: INVALID_AGREEMENT_CODE, status: response.data.status },
    headers: response.headers,
    issues: [{ path: ['status'] }],
  });
}
