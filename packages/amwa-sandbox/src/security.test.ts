// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { JSON_PREFIX } from './http';
import { createSandbox, type Sandbox } from './index';
import { ACCESS_TOKEN_TTL_S, MAX_WEB_SESSIONS, WEB_SESSION_COOKIE, webSessionCount } from './security';

const ORIGIN = 'http://sandbox.test';
const XSRF = { Cookie: 'XSRF-TOKEN=xsrf', 'X-XSRF-TOKEN': 'xsrf' };

const post = (sandbox: Sandbox, path: string, body?: unknown) =>
  sandbox.fetch(new Request(ORIGIN + path, { method: 'POST', headers: { ...XSRF, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));

// The anonymous session's context, the same for every browser: asked for once per sandbox.
const contexts = new WeakMap<Sandbox, Promise<unknown>>();
const initiated = (sandbox: Sandbox) => {
  if (!contexts.has(sandbox)) {
    contexts.set(sandbox, post(sandbox, '/access/v1/public/session/anonymous/initiate').then(async (answer) => JSON.parse((await answer.text()).slice(JSON_PREFIX.length))));
  }
  return contexts.get(sandbox)!;
};

/** One browser's bootstrap, as the widget makes it after the anonymous session's initiation; its cookie. */
async function bootstrap(sandbox: Sandbox) {
  const booted = await post(sandbox, '/security/means/bootstrap/web/sessions', await initiated(sandbox));
  expect(booted.status).toBe(200);
  return new RegExp(`^${WEB_SESSION_COOKIE}=(\\w+)`).exec(booted.headers.getSetCookie()[0]!)![0];
}

/** What a logon QR code call with `cookie` gets: 200 with a live web session, 400 `no-web-session` without. */
const logonQr = async (sandbox: Sandbox, cookie: string) =>
  (await sandbox.fetch(new Request(`${ORIGIN}/access/v1/api/public/qr`, { headers: { ...XSRF, Cookie: `${XSRF.Cookie}; ${cookie}` } }))).status;

describe('web sessions', () => {
  it('forgets bootstraps once their session ended: the store is back to its baseline', async () => {
    let now = Date.parse('2025-06-03T10:00:00Z');
    const sandbox = createSandbox({ now: () => now });
    const baseline = webSessionCount(sandbox.state);
    const cookies = [];
    for (let n = 0; n < 50; n++) cookies.push(await bootstrap(sandbox));
    expect(webSessionCount(sandbox.state)).toBe(baseline + 50);
    expect(await logonQr(sandbox, cookies[0]!)).toBe(200);
    now += ACCESS_TOKEN_TTL_S * 1000;
    const next = await bootstrap(sandbox);
    expect(webSessionCount(sandbox.state)).toBe(baseline + 1);
    expect(await logonQr(sandbox, cookies[0]!)).toBe(400);
    expect(await logonQr(sandbox, next)).toBe(200);
  });

  it(`holds at most ${MAX_WEB_SESSIONS} at once: one more pushes the oldest out`, { timeout: 60_000 }, async () => {
    const sandbox = createSandbox();
    const first = await bootstrap(sandbox);
    for (let n = 1; n < MAX_WEB_SESSIONS + 20; n++) await bootstrap(sandbox);
    expect(webSessionCount(sandbox.state)).toBe(MAX_WEB_SESSIONS);
    expect(await logonQr(sandbox, first)).toBe(400);
    expect(await logonQr(sandbox, await bootstrap(sandbox))).toBe(200);
    expect(webSessionCount(sandbox.state)).toBe(MAX_WEB_SESSIONS);
  });
});
