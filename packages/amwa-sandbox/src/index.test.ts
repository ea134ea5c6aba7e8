// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './index';

let running: RunningSandbox | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('startSandbox', () => {
  it('listens on a free port for port 0 and serves the same sandbox over HTTP', async () => {
    running = await startSandbox({ port: 0 });
    expect(running.port).toBeGreaterThan(0);
    expect(running.url).toBe(`http://127.0.0.1:${running.port}`);

    const base = await fetch(`${running.url}/access/`);
    const cookie = base.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^XSRF-TOKEN=\w+; Path=\/; SameSite=Lax$/);
    const token = cookie.slice('XSRF-TOKEN='.length, cookie.indexOf(';'));

    running.sandbox.state.faults.push({ path: '/access/v1/api/public/scanner/logon', status: 400, body: { errorCode: 'x' }, times: 1 });
    const logon = await fetch(`${running.url}/access/v1/api/public/scanner/logon`, {
      method: 'POST',
      headers: { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
    });
    expect(logon.status).toBe(400);
    expect(await logon.text()).toBe(`)]}'\n{"errorCode":"x"}`);
    expect(new Date(logon.headers.get('Date')!).getTime()).not.toBeNaN();
  });

  it('closes even with a keep-alive connection open, freeing the port', async () => {
    running = await startSandbox({ port: 0 });
    const { port } = running;
    await fetch(`${running.url}/__sandbox/personas`, { headers: { Connection: 'keep-alive' } });
    await running.close();
    running = await startSandbox({ port });
    expect(running.port).toBe(port);
  });

  it('rejects when the port is taken', async () => {
    running = await startSandbox({ port: 0 });
    await expect(startSandbox({ port: running.port })).rejects.toThrow(/EADDRINUSE/);
  });
});
