// Every operation of the contract, for the sandbox, the OpenAPI generator and the tests. The
// widget's own code imports the operation modules it needs, never this list.
import * as activation from './activation';
import * as mobile from './mobile';
import type { Operation } from './operation';
import * as scannerLogon from './scanner-logon';
import * as session from './session';
import * as trace from './trace';

const isOperation = (value: unknown): value is Operation<unknown, unknown> =>
  typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value && 'api' in value;

/** Every call of spec section 7, in document order. */
export const OPERATIONS: readonly Operation<unknown, unknown>[] = [session, mobile, scannerLogon, activation, trace].flatMap((module) =>
  Object.values(module).filter(isOperation),
);

export * from './operation';
export { TRACED, type TracedOperation } from './trace';
export { checkRequest, findOperation, type RequestFacts } from './match';
