// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contractLog } from './contract';
import { createSandbox, startSandbox } from './index';
import { traceLines } from './trace';

const ORIGIN = 'http://sandbox.test';

function setup() {
  const sandbox = createSandbox();
  const send = (path: string, init: RequestInit = {}) =>
    sandbox.fetch(new Request(ORIGIN + path, { ...init, headers: { Cookie: 'XSRF-TOKEN=x', 'X-XSRF-TOKEN': 'x', ...(init.headers as Record<string, string>) } }));
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { sandbox, send, json, log: () => contractLog(sandbox.state) };
}

describe('the contract check', () => {
  it('names the operation of every API request and keeps what it sent and the answer', async () => {
    const { json, log, send } = setup();
    await json('/access/v1/api/public/log/trace', { operation: 'x', context: { username: 'EMMA0005' } }, { 'Sec-Fetch-Mode': 'cors' });
    await send('/access/', { headers: { Accept: 'application/json' } });
    expect(log()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/access/v1/api/public/log/trace',
        operationId: 'logTrace',
        issues: [],
        body: { operation: 'x', context: { username: 'EMMA0005' } },
        headers: expect.objectContaining({ cookie: 'XSRF-TOKEN', 'x-xsrf-token': 'x' }),
        fromBrowser: true,
        status: 200,
      }),
      expect.objectContaining({ method: 'GET', path: '/access/', operationId: 'xsrfToken', issues: [], fromBrowser: false }),
    ]);
  });

  it('says what a request does against its operation, and flags a call the contract does not have', async () => {
    const { json, log, send } = setup();
    await json('/security-means/cronto-hardware-token/actions/authentication/standalone/initiate', { userId: '', system: 'amwa-web' });
    await send('/access/v1/public/session/anonymous/initiate', { method: 'POST' });
    await send('/access/v1/api/public/unknown');
    await send('/oauth2/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&refresh_token=r' });
    const [initiate, anonymous, unknown, refresh] = log();
    expect(initiate!.issues).toEqual(
      expect.arrayContaining([expect.stringMatching(/^body\.userId/), expect.stringMatching(/^body\.authenticationContext/), 'Authorization: Bearer token missing']),
    );
    expect(anonymous!.issues).toEqual(['cookies sent on a call without credentials']);
    expect(unknown).toMatchObject({ operationId: undefined, issues: ['the contract has no such operation'], status: 404 });
    expect(refresh).toMatchObject({ operationId: 'refreshToken', issues: ['x-inactivity-seconds missing'], body: { grant_type: 'refresh_token', refresh_token: 'r' } });
  });

  it('logs a request a fault answers, and leaves the example pages and the control API alone', async () => {
    const { sandbox, send, log } = setup();
    sandbox.state.faults.push({ path: '/access/v1/api/public/qr', status: 503, times: 1 });
    await send('/access/v1/api/public/qr');
    await send('/access/', { headers: { Accept: 'text/html' } });
    await send('/__sandbox/personas');
    expect(log().map(({ operationId, status }) => [operationId, status])).toEqual([['qr', 503]]);
  });

  it('keeps the trace lines the widget sends, and refuses one without an operation', async () => {
    const { sandbox, json } = setup();
    expect((await json('/access/v1/api/public/log/trace-error', { operation: '/v1/api/public/qr', context: { responseId: 'r1' } })).status).toBe(200);
    expect((await json('/access/v1/api/public/log/trace', { context: {} })).status).toBe(400);
    expect(traceLines(sandbox.state)).toEqual([{ kind: 'error', operation: '/v1/api/public/qr', context: { responseId: 'r1' }, at: expect.any(Number) }]);
  });
});

describe('the contract check behind the Node server', () => {
  it('lets the XSRF probe (a GET, without a body) through and logs it', async () => {
    const running = await startSandbox({ port: 0 });
    try {
      const probe = await fetch(`${running.url}/access/`, { headers: { Accept: 'application/json' } });
      expect(probe.status).toBe(200);
      expect(probe.headers.get('X-XSRF-TOKEN')).toMatch(/^\w+$/);
      expect(contractLog(running.sandbox.state)).toEqual([expect.objectContaining({ operationId: 'xsrfToken', issues: [], status: 200 })]);
    } finally {
      await running.close();
    }
  });
});
