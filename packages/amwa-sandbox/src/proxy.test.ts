// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as scanner from '../../../src/contract/scanner-logon';
import * as session from '../../../src/contract/session';
import { createSandbox, startSandbox } from './index';
import { createProxy, REPORT_PATH, startProxy, type Drift } from './proxy';
import { asFetch, driftOn, rewriteBody, rewriteHeaders, type Backend } from './verify/drift-backends';
import { VERIFY_CASES, verifyApi } from './verify/index';

const API = 'http://localhost/access';

const setup = (drift: (backend: Backend) => Backend = (backend) => backend, options: { timeouts?: { access?: number } } = {}) => {
  const sandbox = createSandbox();
  const seen: Drift[] = [];
  const backend = drift((request) => sandbox.fetch(request));
  const proxy = createProxy({ to: 'http://127.0.0.1/access', fetch: asFetch(backend), onDrift: (found) => void seen.push(found), ...options });
  return { sandbox, proxy, seen, through: asFetch((request) => proxy.fetch(request)) };
};

describe('amwa-sandbox proxy', () => {
  it('forwards methods, headers, cookies, statuses and bodies unchanged', async () => {
    const { through, sandbox } = setup();
    const direct = asFetch((request) => sandbox.fetch(request));
    for (const [path, init] of [
      ['/__sandbox/personas', {}],
      ['/access/v1/api/public/nothing-here', { headers: { accept: 'application/json' } }],
      ['/__sandbox/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ qrExpirySeconds: 30 }) }],
    ] as const) {
      const [proxied, straight] = [await through(`http://localhost${path}`, init), await direct(`http://127.0.0.1${path}`, init)];
      expect([proxied.status, proxied.headers.get('content-type'), await proxied.text()]).toEqual([straight.status, straight.headers.get('content-type'), await straight.text()]);
    }
    // Every cookie line, with its attributes, and the headers of the XSRF probe.
    const probe = await through('http://localhost/access/', { headers: { accept: 'application/json', origin: 'http://app.localhost:3000' } });
    expect(probe.headers.getSetCookie()).toEqual([expect.stringMatching(/^XSRF-TOKEN=\w+; Path=\/; SameSite=None; Secure; Partitioned$/)]);
    expect(probe.headers.get('x-xsrf-token')).toBe(/^XSRF-TOKEN=(\w+)/.exec(probe.headers.getSetCookie()[0]!)![1]);
    expect(probe.headers.get('access-control-allow-origin')).toBe('http://app.localhost:3000');
  });

  it('sees no drift while verify walks every flow of the sandbox through it', async () => {
    const { proxy, seen, through } = setup();
    // The XSRF case sends calls the widget never makes, on purpose; every other case is the widget's own traffic.
    const cases = VERIFY_CASES.filter((name) => !name.startsWith('XSRF'));
    const report = await verifyApi({ api: 'http://localhost/access', origin: 'http://app.localhost:5173', fetch: through, cases });
    expect(report.ok).toBe(true);
    expect(seen).toEqual([]);
    expect(proxy.report()).toMatchObject({ drifts: [], checked: expect.any(Number) });
    expect(proxy.report().checked).toBeGreaterThan(60);
  });

  it('reports drift as it passes, naming the operation and the field, and lists it at /__proxy/report', async () => {
    const { proxy, seen, through } = setup((backend) =>
      driftOn(backend, 'POST', scanner.scannerLogon.path, async (response) =>
        rewriteHeaders(await rewriteBody(response, ({ url: _, ...rest }) => rest), (headers) => headers.set('content-type', 'text/<b>html')),
      ),
    );
    await verifyApi({ api: API, fetch: through, cases: ['scanner logon'] });
    expect(seen.map(({ operationId, status, problems }) => [operationId, status, problems])).toEqual([
      ['scannerLogon', 200, ['Content-Type is "text/<b>html", expected application/json', 'body.url is missing (required)']],
    ]);
    const json = await (await through(`http://localhost${REPORT_PATH}`, { headers: { accept: 'application/json' } })).json();
    expect(json).toEqual(proxy.report());
    expect(json.drifts).toHaveLength(1);
    const page = await through(`http://localhost${REPORT_PATH}`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<td>scannerLogon</td>');
    expect(html).toContain('<li>body.url is missing (required)</li>');
    // What the API sent is shown, never run.
    expect(html).toContain('Content-Type is &quot;text/&lt;b&gt;html&quot;');
    expect(html).not.toContain('<b>');
  });

  it('reports a request the widget would not send, and an answer slower than the time-out', async () => {
    const { seen, through } = setup(
      (backend) => driftOn(backend, 'POST', session.logout.path, async (response) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return response;
      }),
      { timeouts: { access: 100 } },
    );
    const probe = await through('http://localhost/access/', { headers: { accept: 'application/json' } });
    const cookie = probe.headers.getSetCookie()[0]!.split(';')[0]!;
    await through(`${API}${session.logout.path}`, { method: 'POST', headers: { cookie } });
    expect(seen).toEqual([
      expect.objectContaining({
        operationId: 'logout',
        status: 403,
        problems: [
          'request: X-XSRF-TOKEN missing',
          'unexpected status 403, expected 200 or 500; the widget handles 200, 500 and 5xx only',
          expect.stringMatching(/^answered after \d+ ms, later than the widget's time-out of 100 ms$/),
        ],
      }),
    ]);
  });

  it('over HTTP, in front of a sandbox on a port: the demo page and every flow pass through it, cookies and all', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const proxy = await startProxy({ to: `${sandbox.url}/access`, port: 0 });
    try {
      const page = await fetch(`${proxy.url}/access/`, { headers: { accept: 'text/html' } });
      expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
      const report = await verifyApi({ api: `${proxy.url}/access`, cases: VERIFY_CASES.filter((name) => !name.startsWith('XSRF')) });
      expect(report).toMatchObject({ ok: true, sandbox: true, totals: { failed: 0, skipped: 0 } });
      const seen = await (await fetch(`${proxy.url}${REPORT_PATH}?format=json`)).json();
      expect(seen).toMatchObject({ drifts: [], target: { api: `${sandbox.url}/access`, securityApi: sandbox.url } });
    } finally {
      await proxy.close();
      await sandbox.close();
    }
  });
});
