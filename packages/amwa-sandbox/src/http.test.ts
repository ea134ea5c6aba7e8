// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { sandboxRoots } from './roots';
import { JSON_PREFIX, json } from './http';
import { createState } from './state';

const ORIGIN = 'http://sandbox.test';
const ECHO = '/access/v1/api/public/echo';
const TRACE_ID = /^\d{2}-[a-z0-9]{32}-[a-z0-9]{16}-\d{2}$/;
const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);

// The real app with one extra API call, the way a flow module adds its calls.
function setup() {
  const state = createState(() => NOW);
  const app = createApp(state, sandboxRoots({}));
  let calls = 0;
  app.post(ECHO, (c) => json(c, { ok: true, calls: ++calls }));
  const send = (path: string, init?: RequestInit) => app.fetch(new Request(ORIGIN + path, init));
  return { state, send };
}

const readJson = async (response: Response) => {
  const text = await response.text();
  expect(text.startsWith(JSON_PREFIX)).toBe(true);
  return JSON.parse(text.slice(JSON_PREFIX.length));
};

const tokenFrom = (response: Response) => /^XSRF-TOKEN=([^;]+)/.exec(response.headers.getSetCookie()[0] ?? '')?.[1];

const post = (cookie: string | null, header = cookie) => ({
  method: 'POST',
  headers: { ...(cookie ? { Cookie: `XSRF-TOKEN=${cookie}` } : {}), ...(header ? { 'X-XSRF-TOKEN': header } : {}) },
});

describe('XSRF', () => {
  it('hands out the cookie on a GET without one, and the header on the API base fetch', async () => {
    const { send } = setup();
    const base = await send('/access/');
    const token = tokenFrom(base);
    expect(token).toMatch(/^[a-z0-9]{24}$/);
    expect(base.headers.getSetCookie()[0]).toBe(`XSRF-TOKEN=${token}; Path=/; SameSite=Lax`);
    expect(base.headers.get('X-XSRF-TOKEN')).toBe(token);

    const again = await send('/access', { headers: { Cookie: `XSRF-TOKEN=${token}` } });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(again.headers.get('X-XSRF-TOKEN')).toBe(token);

    const other = await send('/__sandbox/personas');
    expect(tokenFrom(other)).toMatch(/^[a-z0-9]{24}$/);
    expect(other.headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('refuses an API POST without a matching header with 403 errorCode xsrf', async () => {
    const { send } = setup();
    for (const init of [post(null), post('abc', null), post('abc', 'abd'), post(null, 'abc')]) {
      const response = await send(ECHO, init);
      expect(response.status).toBe(403);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(response.headers.get('x-trace-id')).toMatch(TRACE_ID);
      expect(await readJson(response)).toEqual({ errorCode: 'xsrf' });
    }
  });

  it('lets a POST through when header and cookie agree', async () => {
    const { send } = setup();
    const response = await send(ECHO, post('abc'));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ ok: true, calls: 1 });
  });

  it('exempts the credential-less anonymous session call but not its neighbours', async () => {
    const { send } = setup();
    expect((await send('/access/v1/public/session/anonymous/initiate', { method: 'POST' })).status).not.toBe(403);
    expect((await send('/access/v1/public/session/anonymous/other', { method: 'POST' })).status).toBe(403);
    expect((await send('/security-means/transfers', { method: 'POST' })).status).toBe(403);
  });
});

describe('API answers', () => {
  it('write the prefix, no-store, a Date from the sandbox clock, and a trace id on every API answer', async () => {
    const { send } = setup();
    const ok = await send(ECHO, post('abc'));
    expect(ok.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(ok.headers.get('Cache-Control')).toBe('no-store');
    expect(ok.headers.get('Date')).toBe('Thu, 02 Jan 2025 03:04:05 GMT');
    expect(ok.headers.get('x-trace-id')).toMatch(TRACE_ID);

    const missing = await send('/access/v1/api/public/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-trace-id')).toMatch(TRACE_ID);
    expect(missing.headers.get('Date')).toBe('Thu, 02 Jan 2025 03:04:05 GMT');
    expect(await readJson(missing)).toEqual({ errorCode: 'not-found' });
  });
});

describe('faults', () => {
  it('answer status and body for the next `times` calls to that exact path, then let calls through', async () => {
    const { state, send } = setup();
    state.faults.push({ path: ECHO, status: 400, body: { errorCode: '14' }, times: 2 });
    for (const _ of [1, 2]) {
      const response = await send(ECHO, post('abc'));
      expect(response.status).toBe(400);
      expect(response.headers.get('x-trace-id')).toMatch(TRACE_ID);
      expect(response.headers.get('Date')).toBe('Thu, 02 Jan 2025 03:04:05 GMT');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(await readJson(response)).toEqual({ errorCode: '14' });
    }
    expect(await readJson(await send(ECHO, post('abc')))).toEqual({ ok: true, calls: 1 });
    expect(state.faults).toEqual([]);
  });

  it('match the full path only', async () => {
    const { state, send } = setup();
    state.faults.push({ path: '/v1/api/public/echo', status: 500, times: 1 });
    expect((await send(`${ECHO}?x=1`, post('abc'))).status).toBe(200);
    expect(state.faults).toHaveLength(1);
  });

  it('answer an empty object when no body is given', async () => {
    const { state, send } = setup();
    state.faults.push({ path: ECHO, status: 503, times: 1 });
    const response = await send(ECHO, post('abc'));
    expect(response.status).toBe(503);
    expect(await readJson(response)).toEqual({});
  });

  it('delay a call and then let it through when no status is given', async () => {
    const { state, send } = setup();
    state.faults.push({ path: ECHO, delayMs: 120, times: 1 });
    const started = performance.now();
    const response = await send(ECHO, post('abc'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(await readJson(response)).toEqual({ ok: true, calls: 1 });
    const fast = performance.now();
    await send(ECHO, post('abc'));
    expect(performance.now() - fast).toBeLessThan(100);
  });

  it('delay and then fail when both are given', async () => {
    const { state, send } = setup();
    state.faults.push({ path: '/access/v1/api/public/qr', status: 500, delayMs: 60, times: 1 });
    const started = performance.now();
    const response = await send('/access/v1/api/public/qr');
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    expect(response.status).toBe(500);
  });

  it('apply to static paths too (a failing locale file) but never to the control API', async () => {
    const { state, send } = setup();
    state.faults.push({ path: '/access/static/locales/de.json', status: 503, times: 1 }, { path: '/__sandbox/personas', status: 500, times: 1 });
    expect((await send('/access/static/locales/de.json')).status).toBe(503);
    expect((await send('/__sandbox/personas')).status).toBe(200);
  });
});
