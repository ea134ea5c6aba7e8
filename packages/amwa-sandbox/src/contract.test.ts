// @vitest-environment node
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { contractLog, LOGGED_BODY_LIMIT, MAX_LOGGED_REQUESTS } from './contract';
import { createSandbox, startSandbox } from './index';
import { MAX_TRACE_LINES, traceLines } from './trace';

// The collector, to measure what the sandbox keeps rather than what is still waiting for one.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MIB = 1024 * 1024;

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

describe('what the log keeps', () => {
  // Collected, with turns of the event loop between, so that finalizers (undici's bodies) have run too.
  const heapUsed = async () => {
    for (let round = 0; round < 3; round++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return process.memoryUsage().heapUsed;
  };

  // Before, each refused body stayed in the log until a reset: the first hundred grew the heap by about 100 MiB.
  it('keeps memory flat over 1,000 refused 1 MiB requests: it checks their bodies and lets them go', { timeout: 120_000 }, async () => {
    const { sandbox, log } = setup();
    const body = JSON.stringify({ userId: 'x'.repeat(MIB - 20) });
    expect(body.length).toBeLessThanOrEqual(MIB);
    const refused = () =>
      sandbox.fetch(new Request(`${ORIGIN}/access/v1/api/public/scanner/status`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
    // The log at its bound first, so what is measured is what a refused 1 MiB request adds to it.
    for (let i = 0; i < MAX_LOGGED_REQUESTS; i++) {
      await sandbox.fetch(new Request(`${ORIGIN}/access/v1/api/public/scanner/status`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }));
    }
    const before = await heapUsed();
    const statuses = new Set<number>();
    const growth: number[] = [];
    for (let sent = 1; sent <= 1000; sent++) {
      const answer = await refused();
      statuses.add(answer.status);
      await answer.text();
      if (sent % 100 === 0) {
        growth.push((await heapUsed()) - before);
        // Checked as it goes, so a leak fails at the first hundred rather than filling the machine.
        expect(growth.at(-1)!, `heap growth after ${sent} refused 1 MiB requests`).toBeLessThan(2 * MIB);
      }
    }
    console.log(`contract log: heap ${(before / MIB).toFixed(1)} MiB before 1,000 refused 1 MiB requests; growth after each hundred (MiB): ${growth.map((bytes) => (bytes / MIB).toFixed(2)).join(', ')}`);
    expect(statuses).toEqual(new Set([403]));
    expect(log()).toHaveLength(MAX_LOGGED_REQUESTS);
    expect(log().at(-1)).toMatchObject({ operationId: 'scannerStatus', status: 403, body: undefined });
    // Checked all the same: the body too.
    expect(log().at(-1)!.issues).toEqual(expect.arrayContaining(['X-XSRF-TOKEN missing', expect.stringMatching(/^body\.userName/)]));
  });

  it(`keeps the newest ${MAX_LOGGED_REQUESTS} requests, and the bodies of those it took only up to ${LOGGED_BODY_LIMIT} characters`, async () => {
    const { json, log, send } = setup();
    for (let i = 0; i < MAX_LOGGED_REQUESTS + 10; i++) await send(`/access/v1/api/public/unknown-${i}`);
    expect(log()).toHaveLength(MAX_LOGGED_REQUESTS);
    expect(log()[0]!.path).toBe('/access/v1/api/public/unknown-10');
    await json('/access/v1/api/public/log/trace', { operation: 'small', context: {} });
    await json('/access/v1/api/public/log/trace', { operation: 'x'.repeat(LOGGED_BODY_LIMIT), context: {} });
    const [small, large] = log().slice(-2);
    expect(small).toMatchObject({ status: 200, body: { operation: 'small', context: {} } });
    expect(large).toMatchObject({ status: 200, issues: [], body: undefined });
  });

  it(`keeps the newest ${MAX_TRACE_LINES} trace lines`, async () => {
    const { sandbox, json } = setup();
    for (let i = 0; i <= MAX_TRACE_LINES; i++) await json('/access/v1/api/public/log/trace', { operation: `line ${i}`, context: {} });
    expect(traceLines(sandbox.state)).toHaveLength(MAX_TRACE_LINES);
    expect(traceLines(sandbox.state)[0]!.operation).toBe('line 1');
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
