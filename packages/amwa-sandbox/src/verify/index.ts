// `verifyApi`: the widget's flows against a bank's API (or an adapter in front of it), every
// answer checked against the contract. Against an amwa sandbox the hooks and personas come from
// its control API, so no config is needed there.
import { connectSandbox, type SandboxControl, type SandboxPersona } from '../testing/control';
import { CASES, runCase, type Environment } from './cases';
import type { CaseResult, VerifyHooks, VerifyOptions, VerifyPersonas, VerifyReport } from './types';

export type { CallResult, CaseResult, VerifyConfig, VerifyHooks, VerifyOptions, VerifyPersonas, VerifyReport } from './types';

/** The names of verify's cases, in the order they run. */
export const VERIFY_CASES: readonly string[] = CASES.map((testCase) => testCase.name);

/** The widget's default `bmgApiTimeout` and `apiGatewayTimeout` (docs/settings.md), in ms. */
export const DEFAULT_TIMEOUTS = { access: 5000, security: 10000 } as const;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The hooks of a sandbox: its virtual scanners, app and outbox. */
function sandboxHooks(control: SandboxControl): Required<VerifyHooks> {
  return {
    responseCode: ({ colourCode, userId }) => control.scan(userId, colourCode),
    approveQr: ({ mode }) => control.confirmQr(mode),
    registrationCode: ({ userId }) => control.registrationCode(userId),
  };
}

/** A sandbox's seeded personas for each case: an active scanner, another for the lockout, one to activate, a blocked one. */
function sandboxPersonas(personas: readonly SandboxPersona[]): VerifyPersonas {
  const open = personas.filter((persona) => !persona.blocked);
  const active = open.filter((persona) => persona.scannerStatus === 'EFFECTIVE');
  const activation = open.find((persona) => persona.scannerStatus === 'REQUESTED' && persona.levelOfAssurance !== null);
  const blocked = personas.find((persona) => persona.blocked);
  return {
    ...(active[0] ? { scanner: { userId: active[0].userId } } : {}),
    ...(active.at(-1) ? { lockout: { userId: active.at(-1)!.userId } } : {}),
    ...(activation ? { activation: { userId: activation.userId, email: activation.email } } : {}),
    ...(blocked ? { blocked: { userId: blocked.userId, email: blocked.email } } : {}),
  };
}

/** The sandbox at `api`'s origin, or undefined when it is not one (a bank's API). */
async function findSandbox(api: string, fetcher: typeof fetch): Promise<SandboxControl | undefined> {
  try {
    return await connectSandbox(api, { fetch: fetcher });
  } catch {
    return undefined;
  }
}

/**
 * Runs the widget's flows against `options.api` and checks every answer against the contract.
 * Against an amwa sandbox it resets it before and after (the cases spend attempts and activate a
 * scanner) and takes hooks and personas from its control API; given ones take precedence.
 */
export async function verifyApi(options: VerifyOptions): Promise<VerifyReport> {
  const fetcher = options.fetch ?? globalThis.fetch;
  const api = trimSlash(options.api);
  const securityApi = trimSlash(options.securityApi ?? new URL(api).origin);
  const sandbox = await findSandbox(api, fetcher);
  const seeded: { hooks: VerifyHooks; personas: VerifyPersonas } = sandbox ? { hooks: sandboxHooks(sandbox), personas: sandboxPersonas(await sandbox.personas()) } : { hooks: {}, personas: {} };
  const hooks: VerifyHooks = {
    ...seeded.hooks,
    ...(options.responseCode ? { responseCode: options.responseCode } : {}),
    ...(options.approveQr ? { approveQr: options.approveQr } : {}),
    ...(options.registrationCode ? { registrationCode: options.registrationCode } : {}),
  };
  const env: Environment = {
    target: { api, securityApi, timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts }, ...(options.origin ? { origin: options.origin } : {}), fetch: fetcher },
    hooks,
    personas: { ...seeded.personas, ...options.personas },
    ...(sandbox ? { sandbox } : {}),
    waitForExpiry: options.waitForExpiry ?? false,
    shared: {},
  };
  const unknown = options.cases?.filter((name) => !VERIFY_CASES.includes(name)) ?? [];
  if (unknown.length) throw new Error(`verify: no case named ${unknown.map((name) => JSON.stringify(name)).join(', ')} (the cases: ${VERIFY_CASES.join(', ')})`);
  const chosen = CASES.filter((testCase) => !options.cases || options.cases.includes(testCase.name));
  await sandbox?.reset();
  const cases: CaseResult[] = [];
  try {
    for (const testCase of chosen) cases.push(await runCase(testCase, env));
  } finally {
    await sandbox?.reset();
  }
  const count = (verdict: string) => cases.filter((result) => result.verdict === verdict).length;
  const totals = { passed: count('pass'), failed: count('fail'), skipped: count('skip') };
  return { api, securityApi, ...(options.origin ? { origin: options.origin } : {}), sandbox: sandbox !== undefined, cases, ok: totals.failed === 0, totals };
}
