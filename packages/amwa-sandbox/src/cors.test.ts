// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { crossSiteCookie, EXPOSED_HEADERS, isLocalhostOrigin, originPolicy, parseOrigin } from './cors';
import { JSON_PREFIX } from './http';
import { createSandbox, type SandboxOptions } from './index';

const API = 'http://api.localhost:4400';
const APP = 'http://app.localhost:3000';

function setup(options: SandboxOptions = {}) {
  const sandbox = createSandbox(options);
  const send = (path: string, init: RequestInit = {}) => sandbox.fetch(new Request(API + path, init));
  return { sandbox, send };
}

const preflight = (origin: string, method = 'POST', headers = 'content-type,x-xsrf-token') => ({
  method: 'OPTIONS',
  headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
});

describe('origins', () => {
  it.each([
    ['http://app.localhost:3000', 'http://app.localhost:3000'],
    ['https://Host.Example/', 'https://host.example'],
    ['https://host.example:443', 'https://host.example'],
    ['https://host.example/path', undefined],
    ['https://host.example?x=1', undefined],
    ['https://user@host.example', undefined],
    ['file:///tmp/page.html', undefined],
    ['*', undefined],
    ['host.example', undefined],
  ])('parses %s as %s', (value, origin) => expect(parseOrigin(value)).toBe(origin));

  it('allows localhost and *.localhost origins on any port and scheme by default, and the listed ones', () => {
    for (const origin of ['http://localhost:5173', 'http://app.localhost:3000', 'https://a.b.localhost']) expect(isLocalhostOrigin(origin), origin).toBe(true);
    for (const origin of ['http://localhost.example', 'http://127.0.0.1:3000', 'null', 'http://app.localhost:3000/']) expect(isLocalhostOrigin(origin), origin).toBe(false);
    const policy = originPolicy(['https://host.example/']);
    expect(policy.listed).toEqual(['https://host.example']);
    expect([policy.allows('https://host.example'), policy.allows('http://host.example'), policy.allows(APP)]).toEqual([true, false, true]);
    expect(() => originPolicy(['https://host.example/app'])).toThrow('CORS origin "https://host.example/app" is not an origin');
  });

  it('makes a cookie cross-site: SameSite=None, Secure and Partitioned, other attributes kept', () => {
    expect(crossSiteCookie('XSRF-TOKEN=abc; Path=/; SameSite=Lax')).toBe('XSRF-TOKEN=abc; Path=/; SameSite=None; Secure; Partitioned');
    expect(crossSiteCookie('qr-session=x; Max-Age=0; Path=/access; HttpOnly; Secure; SameSite=Strict; Partitioned')).toBe('qr-session=x; Max-Age=0; Path=/access; HttpOnly; SameSite=None; Secure; Partitioned');
  });
});

describe('CORS', () => {
  it('answers the preflight of an allowed origin with credentials and the requested headers', async () => {
    const { send } = setup();
    const answer = await send('/access/v1/api/public/scanner/logon', preflight(APP));
    expect(answer.status).toBe(204);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'access-control-allow-origin': APP,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type,x-xsrf-token',
      'access-control-max-age': '600',
    });
    expect(answer.headers.get('Vary')).toContain('Origin');
  });

  it('refuses the preflight of any other origin, and gives its calls no CORS headers', async () => {
    const { send } = setup();
    const answer = await send('/access/v1/api/public/scanner/logon', preflight('https://evil.example'));
    expect(answer.status).toBe(403);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const read = await send('/access/', { headers: { Origin: 'https://evil.example' } });
    expect(read.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(read.headers.getSetCookie()[0]).toMatch(/; SameSite=Lax$/);
  });

  it('takes the origins given with corsOrigins', async () => {
    const { send } = setup({ corsOrigins: ['https://host.example'] });
    expect((await send('/security-means/transfers', preflight('https://host.example', 'POST', 'authorization'))).status).toBe(204);
    expect((await send('/security-means/transfers', preflight('https://other.example'))).status).toBe(403);
  });

  it('lets an allowed page read the bootstrap: the XSRF token in an exposed header, the cookie cross-site', async () => {
    const { send } = setup();
    const answer = await send('/access/', { headers: { Origin: APP } });
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(APP);
    expect(answer.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(answer.headers.get('Access-Control-Expose-Headers')!.split(', ')).toEqual(EXPOSED_HEADERS);
    expect(EXPOSED_HEADERS).toEqual(expect.arrayContaining(['Date', 'x-trace-id', 'x-encrypted-state', 'x-amwa-prefill', 'Retry-After', 'X-XSRF-TOKEN']));
    const token = answer.headers.get('X-XSRF-TOKEN');
    expect(answer.headers.getSetCookie()).toEqual([`XSRF-TOKEN=${token}; Path=/; SameSite=None; Secure; Partitioned`]);
  });

  it('exposes errors to the page too: status, body, trace id and date', async () => {
    const { send } = setup();
    const answer = await send('/access/v1/api/public/scanner/logon', { method: 'POST', headers: { Origin: APP, 'Content-Type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(APP);
    expect(answer.headers.get('x-trace-id')).toMatch(/^\d{2}-/);
    expect(await answer.text()).toBe(`${JSON_PREFIX}{"errorCode":"xsrf"}`);
  });

  it("leaves same-origin answers as they were: no CORS headers, Lax cookies", async () => {
    const { send } = setup();
    const answer = await send('/access/', { headers: { Origin: API } });
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(answer.headers.getSetCookie()[0]).toMatch(/; Path=\/; SameSite=Lax$/);
  });

  it("hands an allowed page redirect URLs on the sandbox's origin, the API origin its allowlist has by default", async () => {
    const { send } = setup();
    const base = await send('/access/', { headers: { Origin: APP } });
    const token = base.headers.get('X-XSRF-TOKEN')!;
    const headers = { Origin: APP, Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token, 'Content-Type': 'application/json' };
    const link = await send('/access/v1/api/public/link/qr', { headers });
    const session = /^qr-session=(\w+)/.exec(link.headers.getSetCookie()[0]!)![1];
    expect(link.headers.getSetCookie()[0]).toMatch(/; Path=\/; HttpOnly; SameSite=None; Secure; Partitioned$/);
    const confirm = await send('/__sandbox/mobile/confirm', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"mode":"link"}' });
    expect(confirm.status).toBe(200);
    const logout = await send('/access/v1/private/logout', { method: 'POST', headers: { ...headers, Cookie: `${headers.Cookie}; qr-session=${session}` } });
    expect(await logout.text()).toBe(`${JSON_PREFIX}{"ingLogOutUrl":"${API}/__sandbox/corporate/logout"}`);
  });
});
