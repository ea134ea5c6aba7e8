// @vitest-environment node
import { request } from 'node:http';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalAddress, hostPolicy, isLoopbackHost, parseHost, readForwarded } from './hosts';
import { JSON_PREFIX } from './http';
import { createSandbox, startSandbox, type RunningSandbox, type SandboxOptions } from './index';

let running: RunningSandbox | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A raw HTTP request to the running sandbox, with the Host header (and request target) a browser or an attacker chooses. */
function raw(path: string, host: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port: running!.port, path, method, headers: { ...headers, Host: host } }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, text, headers: answer.headers }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const start = async (options: SandboxOptions = {}) => {
  running = await startSandbox({ port: 0, ...options });
  return running;
};

// Every kind of thing the sandbox serves: the index, an example page, a file, the API, the control API's reads and writes, an end page.
const PATHS = ['/', '/access/', '/favicon.ico', '/access/v1/api/public/qr', '/__sandbox/outbox', '/__sandbox/faults', '/__sandbox/mobile/pending', '/__sandbox/personas', '/__sandbox/logged-on'];

describe('the host check over HTTP (DNS rebinding)', () => {
  it('refuses every path with 403 for a name the sandbox was not given, before any handler runs', async () => {
    const { port, sandbox } = await start();
    sandbox.state.outbox.push({ userId: 'ANNA0001', to: 'anna.devries@example.com', code: '123456', sentAt: new Date().toISOString() });
    for (const path of PATHS) {
      const answer = await raw(path, `rebind.attacker.example:${port}`);
      expect(answer.status, path).toBe(403);
      expect(answer.text, path).toContain('refused a request for "rebind.attacker.example"');
      expect(answer.text, path).toContain('--allowed-host rebind.attacker.example');
      expect(answer.text).not.toContain('123456');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    const reset = await raw('/__sandbox/reset', `rebind.attacker.example:${port}`, { 'Content-Type': 'application/json' }, 'POST');
    expect(reset.status).toBe(403);
    expect(sandbox.state.outbox).toHaveLength(1);
    const preflight = await raw('/access/v1/api/public/scanner/logon', `rebind.attacker.example:${port}`, { Origin: 'http://app.localhost:3000', 'Access-Control-Request-Method': 'POST' }, 'OPTIONS');
    expect(preflight.status).toBe(403);
  });

  it('answers loopback addresses, localhost and *.localhost names', async () => {
    const { port } = await start();
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST.', 'api.localhost', 'a.b.localhost', '[::1]', '2130706433']) {
      expect((await raw('/__sandbox/personas', `${host}:${port}`)).status, host).toBe(200);
    }
    for (const host of ['localhost.example', 'localhost.attacker.example', '127.0.0.1.nip.io', '10.0.0.1', '[::ffff:a00:1]', 'evil_host']) {
      expect((await raw('/__sandbox/personas', `${host}:${port}`)).status, host).toBe(403);
    }
  });

  it('answers the hosts given, a leading dot for subdomains too, and the host of the public URL', async () => {
    const { port } = await start({ allowedHosts: ['dev.bank.example', '.team.example', '192.168.1.20'], publicUrl: 'https://portal.example:8443' });
    for (const host of ['dev.bank.example', 'DEV.bank.example', 'team.example', 'a.team.example', '192.168.1.20', 'portal.example']) {
      expect((await raw('/__sandbox/personas', `${host}:${port}`)).status, host).toBe(200);
    }
    for (const host of ['bank.example', 'x.dev.bank.example', 'evilteam.example', '192.168.1.21']) {
      expect((await raw('/__sandbox/personas', `${host}:${port}`)).status, host).toBe(403);
    }
  });

  it('checks the host of an absolute request target too', async () => {
    const { port } = await start();
    expect((await raw('http://evil.example/access/', `127.0.0.1:${port}`)).status).toBe(403);
    expect((await raw(`http://localhost:${port}/access/`, `127.0.0.1:${port}`)).status).toBe(200);
  });

  it('honours forwarded headers only when they name an allowed host', async () => {
    const { port } = await start({ allowedHosts: ['portal.example'] });
    const host = `127.0.0.1:${port}`;
    expect((await raw('/__sandbox/personas', host, { 'X-Forwarded-Host': 'evil.example' })).status).toBe(403);
    expect((await raw('/__sandbox/personas', host, { Forwarded: 'for=1.2.3.4;host=evil.example;proto=https' })).status).toBe(403);
    expect((await raw('/__sandbox/personas', host, { 'X-Forwarded-Host': 'evil.example, portal.example' })).status).toBe(200);
    expect((await raw('/__sandbox/personas', host, { 'X-Forwarded-Host': 'app.localhost:3000' })).status).toBe(200);
  });

  it('holds the nearest proxy to its own entry: a name the client put first in the list is not taken', async () => {
    const { port } = await start({ allowedHosts: ['portal.example'] });
    const host = `127.0.0.1:${port}`;
    expect((await raw('/__sandbox/personas', host, { 'X-Forwarded-Host': 'portal.example, evil.example' })).status).toBe(403);
    expect((await raw('/__sandbox/personas', host, { Forwarded: 'host=portal.example, host=evil.example' })).status).toBe(403);
    const settings = await settingsOf((await raw('/access/', host, { 'X-Forwarded-Host': 'localhost:6666, app.localhost:3000', 'X-Forwarded-Proto': 'https, http' })).text);
    expect(settings.apiBaseUrl).toBe('http://app.localhost:3000/access');
  });

  it('answers a Host that is no host name (bad punycode, stray characters) with 400, never 500', async () => {
    const { port } = await start();
    for (const host of ['xn--a.localhost', 'xn--a', `xn--a.localhost:${port}`, 'a%41.localhost', 'a\u00e9.localhost', 'local_host:99999']) {
      const answer = await raw('/access/', host);
      expect(answer.status, host).toBe(400);
      expect(answer.text, host).toMatch(/^(amwa sandbox: |$)/);
    }
    const forwarded = await raw('/access/', `127.0.0.1:${port}`, { 'X-Forwarded-Host': 'xn--a.localhost' });
    expect(forwarded.status).toBe(400);
    expect(forwarded.text).toBe('amwa sandbox: the request names a host that is not a host name.\n');
  });
});

describe('whose forwarded headers count', () => {
  const attacker = { 'X-Forwarded-Host': 'localhost:6666', 'X-Forwarded-Proto': 'https' };
  const apiBase = async (sandbox: ReturnType<typeof createSandbox>, peer: string | undefined, headers: Record<string, string> = attacker) => {
    const request = new Request('http://127.0.0.1:4400/access/', { headers: { Host: '127.0.0.1:4400', ...headers } });
    const answer = await sandbox.fetch(request, peer === undefined ? undefined : { peer });
    return (await settingsOf(await answer.text())).apiBaseUrl as string;
  };

  it('takes them from loopback peers, IPv4-mapped ones included, and from the proxies given', async () => {
    const sandbox = createSandbox({ trustedProxies: ['10.0.0.2', 'fd00::2'] });
    for (const peer of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.0.0.2', '::ffff:10.0.0.2', 'fd00:0::2']) {
      expect(await apiBase(sandbox, peer), peer).toBe('https://localhost:6666/access');
    }
  });

  it('ignores them from any other peer, and from a request that names none', async () => {
    const sandbox = createSandbox({ trustedProxies: ['10.0.0.2'] });
    for (const peer of ['10.0.0.3', '192.168.1.20', 'fd00::3', '::ffff:10.0.0.3', 'not an address', undefined]) {
      expect(await apiBase(sandbox, peer), String(peer)).toBe('http://127.0.0.1:4400/access');
    }
    // Not even refused: a name the sandbox was not given, from a peer it does not trust, is just not read.
    const answer = await sandbox.fetch(new Request('http://127.0.0.1:4400/access/', { headers: { Host: '127.0.0.1:4400', 'X-Forwarded-Host': 'evil.example' } }), { peer: '192.168.1.20' });
    expect(answer.status).toBe(200);
  });

  it('ignores them entirely when the public URL fixes the origin', async () => {
    const sandbox = createSandbox({ publicUrl: 'http://app.localhost:3000' });
    expect(await apiBase(sandbox, '127.0.0.1')).toBe('http://app.localhost:3000/access');
    expect(await apiBase(sandbox, '127.0.0.1', { 'X-Forwarded-Host': 'evil.example', Forwarded: 'host=evil.example' })).toBe('http://app.localhost:3000/access');
  });

  it('hands out no ingLogOutUrl on a name an untrusted client wrote', async () => {
    const sandbox = createSandbox();
    const send = (path: string, headers: Record<string, string>, method = 'GET') =>
      sandbox.fetch(new Request(`http://127.0.0.1:4400${path}`, { method, headers: { Host: '127.0.0.1:4400', ...attacker, ...headers } }), { peer: '192.168.1.20' });
    const token = (await send('/access/', {})).headers.get('X-XSRF-TOKEN')!;
    const headers = { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token, 'Content-Type': 'application/json' };
    const link = await send('/access/v1/api/public/link/qr', headers);
    const session = /^qr-session=(\w+)/.exec(link.headers.getSetCookie()[0]!)![1];
    expect((await sandbox.fetch(new Request('http://127.0.0.1:4400/__sandbox/mobile/confirm', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"mode":"link"}' }))).status).toBe(200);
    const logout = await send('/access/v1/private/logout', { ...headers, Cookie: `${headers.Cookie}; qr-session=${session}` }, 'POST');
    expect(await logout.text()).toBe(`${JSON_PREFIX}{"ingLogOutUrl":"http://127.0.0.1:4400/__sandbox/corporate/logout"}`);
  });

  it('answers 400 when Forwarded and X-Forwarded-* name different origins: one of them is the client\'s', async () => {
    const sandbox = createSandbox();
    const send = (headers: Record<string, string>) => sandbox.fetch(new Request('http://127.0.0.1:4400/access/', { headers: { Host: '127.0.0.1:4400', ...headers } }), { peer: '127.0.0.1' });
    expect((await send({ 'X-Forwarded-Host': 'app.localhost:3000', Forwarded: 'host=localhost:6666' })).status).toBe(400);
    expect((await send({ 'X-Forwarded-Proto': 'http', Forwarded: 'proto=https' })).status).toBe(400);
    expect((await send({ 'X-Forwarded-Host': 'App.localhost:3000', Forwarded: 'host="app.localhost:3000";proto=http' })).status).toBe(200);
  });
});

/** The settings of an example page, read the way a browser reads the attribute. */
const settingsOf = async (text: string) => {
  const doc = new new Window().DOMParser().parseFromString(text, 'text/html');
  return JSON.parse(doc.querySelector('amwa-portal')!.getAttribute('settings')!);
};

describe('the origin the browser sees', () => {
  it('builds the example settings on the forwarded origin, never on an unlisted Host', async () => {
    const { port } = await start({ allowedHosts: ['portal.example'] });
    const page = await raw('/access/pages/logon/scanner', `127.0.0.1:${port}`, { 'X-Forwarded-Host': 'portal.example:8443', 'X-Forwarded-Proto': 'https' });
    const settings = await settingsOf(page.text);
    const origin = 'https://portal.example:8443';
    expect(settings).toMatchObject({
      apiBaseUrl: `${origin}/access`,
      securityApiBaseUrl: origin,
      allowedRedirectOrigins: [origin],
      corporatePortal: { precheckUrl: `${origin}/__sandbox/corporate/precheck`, logoutUrl: `${origin}/__sandbox/corporate/logout` },
      privacyUrl: `${origin}/__sandbox/privacy`,
    });
    const rebound = await raw('/access/', `evil.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.text).not.toContain('apiBaseUrl');
  });

  it('takes the forwarded proto alone for the Host the proxy kept, and RFC 7239 Forwarded', async () => {
    const { port } = await start();
    const proto = await settingsOf((await raw('/access/', `app.localhost:${port}`, { 'X-Forwarded-Proto': 'https' })).text);
    expect(proto.apiBaseUrl).toBe(`https://app.localhost:${port}/access`);
    const forwarded = await settingsOf((await raw('/access/', `127.0.0.1:${port}`, { Forwarded: 'for=192.0.2.1;host="app.localhost:3000";proto=http' })).text);
    expect(forwarded.allowedRedirectOrigins).toEqual(['http://app.localhost:3000']);
  });

  it('builds every URL on the public URL behind a proxy that forwards nothing', async () => {
    const { port } = await start({ publicUrl: 'http://app.localhost:3000/' });
    const settings = await settingsOf((await raw('/access/', `api.localhost:${port}`)).text);
    expect(settings).toMatchObject({ apiBaseUrl: 'http://app.localhost:3000/access', allowedRedirectOrigins: ['http://app.localhost:3000'] });
  });

  it('hands out the corporate-portal logout on the forwarded origin, and treats that origin as its own', async () => {
    const sandbox = createSandbox();
    const proxy = { Host: 'api.localhost:4400', 'X-Forwarded-Host': 'app.localhost:3000', 'X-Forwarded-Proto': 'http' };
    const send = (path: string, init: RequestInit = {}) =>
      sandbox.fetch(new Request(`http://api.localhost:4400${path}`, { ...init, headers: { ...proxy, ...(init.headers as Record<string, string>) } }), { peer: '127.0.0.1' });
    const base = await send('/access/', { headers: { Origin: 'http://app.localhost:3000' } });
    const token = base.headers.get('X-XSRF-TOKEN')!;
    // Same-origin as the browser sees it: no CORS headers, first-party cookies.
    expect(base.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(base.headers.getSetCookie()[0]).toMatch(/; SameSite=Lax$/);
    const headers = { Origin: 'http://app.localhost:3000', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token, 'Content-Type': 'application/json' };
    const link = await send('/access/v1/api/public/link/qr', { headers });
    const session = /^qr-session=(\w+)/.exec(link.headers.getSetCookie()[0]!)![1];
    // The demo console on the proxied page drives the control API from the proxy's origin.
    expect((await send('/__sandbox/mobile/confirm', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://app.localhost:3000' }, body: '{"mode":"link"}' })).status).toBe(200);
    const logout = await send('/access/v1/private/logout', { method: 'POST', headers: { ...headers, Cookie: `${headers.Cookie}; qr-session=${session}` } });
    expect(await logout.text()).toBe(`${JSON_PREFIX}{"ingLogOutUrl":"http://app.localhost:3000/__sandbox/corporate/logout"}`);
  });
});

describe('control API reads', () => {
  const site = (value: string, mode: string) => ({ 'Sec-Fetch-Site': value, 'Sec-Fetch-Mode': mode });

  it('refuses what a page on another site fetches without asking (script and image tags, no-cors fetches)', async () => {
    const sandbox = createSandbox();
    const send = (path: string, headers: Record<string, string>) => sandbox.fetch(new Request(`http://127.0.0.1:4400${path}`, { headers }));
    for (const path of ['/__sandbox/outbox', '/__sandbox/faults', '/__sandbox/mobile/pending', '/__sandbox/personas', '/__sandbox/config', '/__sandbox/session/stats']) {
      expect((await send(path, site('cross-site', 'no-cors'))).status, path).toBe(403);
      expect((await send(path, site('same-site', 'no-cors'))).status, path).toBe(403);
      expect((await send(path, site('same-origin', 'cors'))).status, path).toBe(200);
      expect((await send(path, site('none', 'navigate'))).status, path).toBe(200);
      expect((await send(path, {})).status, path).toBe(200);
    }
    // Navigations from other sites still land: the logon's end page, the gallery's frames.
    expect((await send('/__sandbox/logged-on', site('cross-site', 'navigate'))).status).toBe(200);
    expect((await send('/__sandbox/gallery/tile/home', site('cross-site', 'navigate'))).status).toBe(200);
  });
});

describe('host names', () => {
  it('parses Host values into canonical host and name, and refuses anything more', () => {
    expect(parseHost('API.Localhost:4400')).toEqual({ host: 'api.localhost:4400', hostname: 'api.localhost' });
    expect(parseHost('localhost.')).toEqual({ host: 'localhost.', hostname: 'localhost' });
    expect(parseHost('[0:0::1]:8080')).toEqual({ host: '[::1]:8080', hostname: '[::1]' });
    for (const value of ['', 'a b', 'user@host', 'host/path', 'host:port', 'host:123456', 'http://host']) expect(parseHost(value), value).toBeUndefined();
  });

  it('counts loopback addresses and localhost names as loopback, nothing else', () => {
    for (const name of ['127.0.0.1', '127.255.0.9', '[::1]', 'localhost', 'x.localhost']) expect(isLoopbackHost(name), name).toBe(true);
    for (const name of ['128.0.0.1', '0.0.0.0', 'localhost.example', 'notlocalhost', '[::]']) expect(isLoopbackHost(name), name).toBe(false);
  });

  it('refuses allowed hosts and public URLs it cannot read, naming them', () => {
    expect(hostPolicy({ allowedHosts: ['Dev.Bank.Example', '.Team.Example'], publicUrl: 'http://localhost:3000' }).listed).toEqual(['dev.bank.example', '.team.example', 'localhost']);
    expect(() => hostPolicy({ allowedHosts: ['http://dev.example'] })).toThrow('allowed host "http://dev.example" is not a host name');
    expect(() => hostPolicy({ allowedHosts: ['dev.example:8080'] })).toThrow('allowed host "dev.example:8080" is not a host name');
    expect(() => hostPolicy({ publicUrl: 'http://localhost:3000/app' })).toThrow('public URL "http://localhost:3000/app" is not an origin');
    expect(() => createSandbox({ allowedHosts: ['*'] })).toThrow('allowed host "*"');
  });

  it("reads the nearest proxy's entry of the forwarded headers, Forwarded or X-Forwarded-*, and a conflict between them", () => {
    const read = (headers: Record<string, string>) => readForwarded(new Headers(headers));
    expect(read({})).toEqual({ kind: 'named', host: undefined, proto: undefined });
    expect(read({ 'X-Forwarded-Host': 'b, a.localhost:3000', 'X-Forwarded-Proto': 'http,HTTPS' })).toEqual({ kind: 'named', host: 'a.localhost:3000', proto: 'https' });
    expect(read({ 'X-Forwarded-Proto': 'ftp' })).toEqual({ kind: 'named', host: undefined, proto: undefined });
    expect(read({ Forwarded: 'host=d, for=1.2.3.4;Host="c.localhost";proto=https', 'X-Forwarded-Proto': 'https' })).toEqual({ kind: 'named', host: 'c.localhost', proto: 'https' });
    expect(read({ Forwarded: 'host=c.localhost', 'X-Forwarded-Host': 'e' })).toEqual({ kind: 'conflicting' });
    expect(read({ Forwarded: 'for=1.2.3.4;proto=http', 'X-Forwarded-Host': 'e' })).toEqual({ kind: 'conflicting' });
    expect(read({ Forwarded: 'for=1.2.3.4', 'X-Forwarded-Proto': 'https' })).toEqual({ kind: 'conflicting' });
    expect(read({ Forwarded: 'for=1.2.3.4;proto=https' })).toEqual({ kind: 'named', host: undefined, proto: 'https' });
  });

  it('writes each IP address one way, and nothing else as one', () => {
    expect(canonicalAddress('10.0.0.2')).toBe('10.0.0.2');
    expect(canonicalAddress('::ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(canonicalAddress('[::FFFF:7f00:1]')).toBe('127.0.0.1');
    expect(canonicalAddress('0:0::1')).toBe('[::1]');
    expect(canonicalAddress('FD00::2')).toBe('[fd00::2]');
    for (const value of ['', 'localhost', '10.0.0', '10.0.0.256', '010.0.0.1', '10.0.0.0/8', '::g', 'fe80::1%eth0', '1.2.3.4:80']) expect(canonicalAddress(value), value).toBeUndefined();
    expect(() => hostPolicy({ trustedProxies: ['proxy.example'] })).toThrow('trusted proxy "proxy.example" is not an IP address');
  });
});
