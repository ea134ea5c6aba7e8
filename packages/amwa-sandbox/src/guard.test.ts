// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { API_BODY_LIMIT, CONTROL_BODY_LIMIT } from './guard';
import { JSON_PREFIX } from './http';
import { createSandbox, type SandboxOptions } from './index';
import { DEFAULT_CONFIG } from './state';

const SANDBOX = 'http://127.0.0.1:4400';
const EVIL = 'https://evil.example';

function setup(options: SandboxOptions = {}, base = SANDBOX) {
  const sandbox = createSandbox(options);
  const send = (path: string, init: RequestInit & { origin?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.origin) headers.set('Origin', init.origin);
    return sandbox.fetch(new Request(base + path, { ...init, headers }));
  };
  const jsonPost = (path: string, body: unknown, origin?: string) =>
    send(path, { method: 'POST', origin, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { sandbox, send, jsonPost };
}

const FAULT = { path: '/access/v1/api/public/scanner/logon', status: 500, times: 1 };

describe('control API guard', () => {
  it("refuses what a page on another site can send without asking: a no-cors text/plain POST", async () => {
    const { sandbox, send } = setup();
    // What `fetch(url, { method: 'POST', mode: 'no-cors', body })` sends from https://evil.example.
    const plain = { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' } };
    const faults = await send('/__sandbox/faults', { ...plain, origin: EVIL, body: JSON.stringify(FAULT) });
    expect(faults.status).toBe(403);
    expect((await faults.json()).error).toContain(`--cors-origin ${EVIL}`);
    expect((await send('/__sandbox/config', { ...plain, origin: EVIL, body: JSON.stringify({ logonRedirectUrl: `${EVIL}/phish` }) })).status).toBe(403);
    expect(sandbox.state.faults).toEqual([]);
    expect(sandbox.state.config).toEqual(DEFAULT_CONFIG);
  });

  it('refuses a page on another site even when it sends JSON, and its reads', async () => {
    const { sandbox, send, jsonPost } = setup();
    expect((await jsonPost('/__sandbox/faults', FAULT, EVIL)).status).toBe(403);
    expect((await jsonPost('/__sandbox/reset', {}, 'null')).status).toBe(403);
    expect((await send('/__sandbox/outbox', { origin: EVIL })).status).toBe(403);
    expect(sandbox.state.faults).toEqual([]);
  });

  it('takes only JSON on POST, from Node scripts (no Origin) too', async () => {
    const { sandbox, send, jsonPost } = setup();
    const answer = await send('/__sandbox/faults', { method: 'POST', body: JSON.stringify(FAULT) });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({ error: 'the control API takes JSON: send Content-Type: application/json' });
    expect((await send('/__sandbox/reset', { method: 'POST' })).status).toBe(415);
    expect(sandbox.state.faults).toEqual([]);
    expect((await jsonPost('/__sandbox/faults', FAULT)).status).toBe(200);
    expect(sandbox.state.faults).toHaveLength(1);
    const charset = await send('/__sandbox/reset', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    expect(charset.status).toBe(200);
  });

  it("accepts the sandbox's own pages, reached by IP address or a localhost name", async () => {
    for (const base of [SANDBOX, 'http://localhost:4400', 'http://api.localhost:4400', 'http://[::1]:4400']) {
      const { sandbox, jsonPost } = setup({}, base);
      expect((await jsonPost('/__sandbox/faults', FAULT, base)).status, base).toBe(200);
      expect(sandbox.state.faults).toHaveLength(1);
    }
  });

  it('refuses its own origin on any other name (a DNS-rebinding page), unless that host is allowed', async () => {
    const rebound = 'http://attacker.example:4400';
    // What the browser sends from a page on a name that was made to resolve here.
    const fromRebound = (options: SandboxOptions) =>
      setup(options, rebound).send('/__sandbox/faults', { method: 'POST', origin: rebound, headers: { Host: 'attacker.example:4400', 'Content-Type': 'application/json' }, body: JSON.stringify(FAULT) });
    expect((await fromRebound({})).status).toBe(403);
    // Allowing the page's origin for CORS does not make its name one the sandbox answers.
    expect((await fromRebound({ corsOrigins: [rebound] })).status).toBe(403);
    expect((await fromRebound({ allowedHosts: ['attacker.example'] })).status).toBe(200);
  });

  it('accepts the allowed origins: localhost ones by default, and those given', async () => {
    const { jsonPost } = setup({ corsOrigins: ['https://host.example:8443'] });
    for (const origin of ['http://app.localhost:3000', 'http://localhost:5173', 'https://host.example:8443']) {
      expect((await jsonPost('/__sandbox/faults', FAULT, origin)).status, origin).toBe(200);
    }
    expect((await jsonPost('/__sandbox/faults', FAULT, 'https://host.example')).status).toBe(403);
  });

  it('leaves end pages and the API to their own checks', async () => {
    const { send } = setup();
    expect((await send('/__sandbox/logged-on')).status).toBe(200);
    const logon = await send('/access/v1/api/public/scanner/logon', { method: 'POST', origin: EVIL, body: '{}' });
    expect(logon.status).toBe(403);
    expect(await logon.text()).toBe(`${JSON_PREFIX}{"errorCode":"xsrf"}`);
  });
});

describe('request body limits', () => {
  const streamOf = (bytes: number, chunk = 64 * 1024) => {
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        const size = Math.min(chunk, bytes - sent);
        if (size <= 0) return controller.close();
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    });
  };

  it(`refuses control bodies over ${CONTROL_BODY_LIMIT} bytes with 413 before storing anything`, async () => {
    const { sandbox, jsonPost } = setup();
    const huge = { ...FAULT, body: { filler: 'x'.repeat(CONTROL_BODY_LIMIT) } };
    const answer = await jsonPost('/__sandbox/faults', huge);
    expect(answer.status).toBe(413);
    expect(answer.headers.get('Connection')).toBe('close');
    expect(await answer.json()).toEqual({ error: `request body over ${CONTROL_BODY_LIMIT} bytes` });
    expect(sandbox.state.faults).toEqual([]);
    const fits = { ...FAULT, body: { filler: 'x'.repeat(CONTROL_BODY_LIMIT - 200) } };
    expect((await jsonPost('/__sandbox/faults', fits)).status).toBe(200);
  });

  it(`refuses API bodies over ${API_BODY_LIMIT} bytes, announced or streamed, with 413 and the API's envelope`, async () => {
    const { send } = setup();
    const path = '/access/v1/api/public/scanner/status';
    const announced = await send(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(100 * 1024 * 1024) }, body: streamOf(API_BODY_LIMIT + 1), duplex: 'half' } as RequestInit);
    expect(announced.status).toBe(413);
    expect(await announced.text()).toBe(`${JSON_PREFIX}{"errorCode":"payload-too-large"}`);
    const streamed = await send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: streamOf(API_BODY_LIMIT + 1), duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    const fits = await send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: streamOf(API_BODY_LIMIT), duplex: 'half' } as RequestInit);
    expect(fits.status).toBe(403); // past the limit check: the XSRF check answers
  });
});
