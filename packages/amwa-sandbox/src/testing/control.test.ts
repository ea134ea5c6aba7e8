// @vitest-environment node
// The kit's control client: it refuses anything that is not a sandbox, names faults by the
// contract's operationIds, and its faults reach the operation they name.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../../src/contract/index';
import { startSandbox, type RunningSandbox } from '../index';
import { connectSandbox, OPERATION_IDS, operationPath } from './control';
import { connectKit } from './kit';

let sandbox: RunningSandbox;
let notSandbox: Server;
let notSandboxUrl: string;
let redirecting: Server;
let redirectingUrl: string;
/** The control calls the redirecting server received, by method and path. */
const redirected: string[] = [];

/** Listens on a free loopback port; answers its origin. */
async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  // A bank API that answers JSON everywhere, as a real one might.
  notSandbox = createServer((_, response) => void response.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"id":1}]'));
  notSandboxUrl = await listen(notSandbox);
  // A server that sends every control call on to the sandbox, as a misconfigured proxy or a hostile one might.
  redirecting = createServer((request, response) => {
    redirected.push(`${request.method} ${request.url}`);
    response.writeHead(307, { Location: `${sandbox.url}${request.url}` }).end();
  });
  redirectingUrl = await listen(redirecting);
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => notSandbox.close(resolve));
  await new Promise((resolve) => redirecting.close(resolve));
});

describe('connectSandbox', () => {
  it('refuses a server that does not answer the persona table, before any control call', async () => {
    await expect(connectSandbox(notSandboxUrl)).rejects.toThrow(/is not an amwa sandbox \(GET \/__sandbox\/personas: no persona table\)/);
    await expect(connectSandbox('http://127.0.0.1:9')).rejects.toThrow(/is not an amwa sandbox \(GET \/__sandbox\/personas: no answer/);
  });

  it('refuses a server that redirects the persona table, even to a sandbox, and sends it nothing more', async () => {
    redirected.length = 0;
    await expect(connectSandbox(redirectingUrl)).rejects.toThrow(
      new RegExp(`is not an amwa sandbox \\(GET /__sandbox/personas: a redirect to ${sandbox.url}/__sandbox/personas, which the kit never follows\\)`),
    );
    expect(redirected).toEqual(['GET /__sandbox/personas']);
  });

  it('connectKit refuses the redirecting server and a server answering JSON that is not the persona table', async () => {
    await expect(connectKit(redirectingUrl)).rejects.toThrow(/GET \/__sandbox\/personas: a redirect to .*, which the kit never follows/);
    await expect(connectKit(notSandboxUrl)).rejects.toThrow(/is not an amwa sandbox \(GET \/__sandbox\/personas: no persona table\)/);
  });

  it('sends no control call on to where a redirect points, after connecting either', async () => {
    // The sandbox's own persona answer (with its mark), but every other control call redirected to the sandbox.
    const halfway = createServer(async (request, response) => {
      if (request.url === '/__sandbox/personas') {
        const answer = await fetch(`${sandbox.url}/__sandbox/personas`);
        response.writeHead(200, Object.fromEntries(answer.headers)).end(await answer.text());
      } else response.writeHead(307, { Location: `${sandbox.url}${request.url}` }).end();
    });
    const url = await listen(halfway);
    const control = await connectSandbox(url);
    await expect(control.fault('qr', { status: 503 })).rejects.toThrow(/POST \/__sandbox\/faults answered a redirect to .*, which the kit never follows/);
    expect(await (await fetch(`${sandbox.url}/__sandbox/faults`)).json()).toEqual([]);
    await new Promise((resolve) => halfway.close(resolve));
  });

  it('refuses a redirect that a fetch of its own follows all the same', async () => {
    const following: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'follow' });
    await expect(connectSandbox(redirectingUrl, { fetch: following })).rejects.toThrow(/personas: a redirect to .*, which the kit never follows/);
  });

  it("refuses a server that answers the sandbox's persona table without the sandbox's mark", async () => {
    const table = await (await fetch(`${sandbox.url}/__sandbox/personas`)).text();
    const copy = createServer((_, response) => void response.writeHead(200, { 'Content-Type': 'application/json' }).end(table));
    const url = await listen(copy);
    await expect(connectSandbox(url)).rejects.toThrow(/is not an amwa sandbox \(GET \/__sandbox\/personas: no X-Amwa-Sandbox: control\/1 header\)/);
    await new Promise((resolve) => copy.close(resolve));
  });

  it('lists the personas of a sandbox', async () => {
    const control = await connectSandbox(sandbox.url);
    expect((await control.personas()).map(({ userId }) => userId)).toContain('EMMA0005');
  });

  it('plays a fault named by operationId on that operation, once', async () => {
    const control = await connectSandbox(sandbox.url);
    await control.fault('qr', { status: 503, body: { errorCode: 'down' } });
    const qr = () => fetch(`${sandbox.url}/access/v1/api/public/qr`).then((response) => response.status);
    expect(await qr()).toBe(503);
    expect(await qr()).not.toBe(503); // the sandbox's own answer again
    await control.reset();
  });
});

describe('operationPath', () => {
  it('knows every operation of the contract, and only those', () => {
    expect([...OPERATION_IDS].sort()).toEqual(OPERATIONS.map(({ id }) => id).sort());
  });

  it('puts the access-means API under /access and the security-means API at the root', () => {
    expect(operationPath('scannerLogon')).toBe('/access/v1/api/public/scanner/logon');
    expect(operationPath('xsrfToken')).toBe('/access/');
    expect(operationPath('transfer')).toBe('/security-means/transfers');
    expect(() => operationPath('nope' as never)).toThrow(/no operation "nope"/);
  });
});
