// @vitest-environment node
// The kit's control client: it refuses anything that is not a sandbox, names faults by the
// contract's operationIds, and its faults reach the operation they name.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../contract/index';
import { startSandbox, type RunningSandbox } from '../index';
import { connectSandbox, OPERATION_IDS, operationPath } from './control';

let sandbox: RunningSandbox;
let notSandbox: Server;
let notSandboxUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  // A bank API that answers JSON everywhere, as a real one might.
  notSandbox = createServer((_, response) => void response.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"id":1}]'));
  await new Promise<void>((resolve) => notSandbox.listen(0, '127.0.0.1', resolve));
  notSandboxUrl = `http://127.0.0.1:${(notSandbox.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => notSandbox.close(resolve));
});

describe('connectSandbox', () => {
  it('refuses a server that does not answer the persona table, before any control call', async () => {
    await expect(connectSandbox(notSandboxUrl)).rejects.toThrow(/is not an amwa sandbox \(GET \/__sandbox\/personas: no persona table\)/);
    await expect(connectSandbox('http://127.0.0.1:9')).rejects.toThrow(/is not an amwa sandbox \(GET \/__sandbox\/personas: no answer/);
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
