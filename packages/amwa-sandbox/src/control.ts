import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { controlJson } from './http';
import { formatSerial, type SandboxState } from './state';

/** Longest wait a fault may add to a call: the widget's longest time-out (a locale chunk's 120 s). */
export const MAX_FAULT_DELAY_MS = 120_000;
/** Most calls one fault may cover. */
export const MAX_FAULT_TIMES = 1000;
/** Most faults waiting at once. */
export const MAX_FAULTS = 100;
/** Longest time a knob may set, in seconds: a day. */
const MAX_SECONDS = 86_400;

const seconds = z.number().check(z.int(), z.positive(), z.lte(MAX_SECONDS));

const configSchema = z.strictObject({
  colourCodeExpirySeconds: z.optional(seconds),
  qrExpirySeconds: z.optional(seconds),
  inactivityTimeoutLogonS: z.optional(seconds),
  inactivityTimeoutActivationS: z.optional(seconds),
  logonRedirectUrl: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  stepUp: z.optional(z.boolean()),
});

const faultSchema = z.strictObject({
  path: z.string().check(z.startsWith('/')),
  // A fault answers a body, so the statuses that cannot carry one are refused.
  status: z.optional(
    z.number().check(
      z.int(),
      z.gte(200),
      z.lte(599),
      z.refine((status) => ![204, 205, 304].includes(status), 'status must allow a body'),
    ),
  ),
  body: z.optional(z.unknown()),
  /** Extra response headers (e.g. Retry-After), only with a status; optional, so older callers are unaffected. */
  headers: z.optional(
    z.record(z.string().check(z.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/)), z.string().check(z.maxLength(256), z.regex(/^[^\r\n]*$/))).check(
      z.refine((headers) => Object.keys(headers).length <= 16, 'at most 16 headers'),
    ),
  ),
  delayMs: z.optional(z.number().check(z.int(), z.gte(0), z.lte(MAX_FAULT_DELAY_MS))),
  times: z._default(z.number().check(z.int(), z.positive(), z.lte(MAX_FAULT_TIMES)), 1),
});

/** Reads a JSON body against `schema`; a tagged result so handlers answer 400 in one line. */
async function readBody<T>(c: Context, schema: z.ZodMiniType<T>): Promise<{ ok: true; data: T } | { ok: false; error: string }> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, error: `${issue.path.join('.') || 'body'}: ${issue.message}` };
}

/** The `/__sandbox/` control API: personas, outbox, faults, config, reset. */
export function control(app: Hono, state: SandboxState) {
  app.get('/__sandbox/personas', (c) =>
    controlJson(
      c,
      [...state.personas.values()].map(({ serialNumber, ...persona }) => ({ ...persona, serialNumber: formatSerial(serialNumber) })),
    ),
  );

  app.get('/__sandbox/outbox', (c) => {
    const userId = c.req.query('userId')?.toUpperCase();
    const mails = state.outbox.filter((mail) => !userId || mail.userId.toUpperCase() === userId);
    return controlJson(c, mails.map(({ to, code, sentAt }) => ({ to, code, sentAt })));
  });

  app.get('/__sandbox/faults', (c) => controlJson(c, state.faults));
  app.post('/__sandbox/faults', async (c) => {
    const body = await readBody(c, faultSchema);
    if (!body.ok) return controlJson(c, { error: body.error }, 400);
    if (body.data.status === undefined && !body.data.delayMs) return controlJson(c, { error: 'a fault needs a status or a delayMs' }, 400);
    if (state.faults.length >= MAX_FAULTS) return controlJson(c, { error: `${MAX_FAULTS} faults are waiting already` }, 400);
    state.faults.push(body.data);
    return controlJson(c, state.faults);
  });

  app.get('/__sandbox/config', (c) => controlJson(c, state.config));
  app.post('/__sandbox/config', async (c) => {
    const body = await readBody(c, configSchema);
    if (!body.ok) return controlJson(c, { error: body.error }, 400);
    Object.assign(state.config, body.data);
    return controlJson(c, state.config);
  });

  app.post('/__sandbox/reset', (c) => {
    state.reset();
    return controlJson(c, { ok: true });
  });
}
