// @vitest-environment node
// The built `amwa-sandbox` bin as a developer runs it: flags, CORS origins, and one signal to stop,
// however busy it is and whatever connections are open.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../packages/amwa-sandbox/dist/cli.js', import.meta.url));

const children = new Set<ChildProcessWithoutNullStreams>();
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});

/** Starts the CLI on a free port; resolves with its origin once it says where it listens. */
async function start(...args: string[]) {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args]);
  children.add(child);
  let out = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (text: string) => {
      out += text;
      const match = /amwa sandbox: (http:\/\/[\d.]+:\d+)\//.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`amwa-sandbox exited with ${code} before listening`)));
  });
  return { child, url, output: () => out };
}

/** Resolves with how the child ended, or 'running' if it has not ended within `ms`. */
const ended = (child: ChildProcessWithoutNullStreams, ms: number) =>
  Promise.race([
    once(child, 'exit').then(([code, signal]) => ({ code, signal })),
    new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), ms).unref()),
  ]);

const json = (url: string, path: string, body: unknown) =>
  fetch(url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('amwa-sandbox', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('exits at once on %s, with kept-alive, idle-but-open and held connections', async (signal) => {
    const { child, url } = await start();
    const { port } = new URL(url);
    const agent = new Agent({ keepAlive: true });
    // A kept-alive connection after one answer.
    await new Promise<void>((resolve) => request(`${url}/__sandbox/personas`, { agent }, (res) => res.resume().on('end', resolve)).end());
    // A connection that never sends a request, and a call held open by a fault's delay.
    const silent = connect(Number(port), '127.0.0.1').on('error', () => undefined);
    expect((await json(url, '/__sandbox/faults', { path: '/access/v1/api/public/qr', delayMs: 60_000 })).status).toBe(200);
    const held = request(`${url}/access/v1/api/public/qr`, { agent: new Agent({ keepAlive: true }) }).on('error', () => undefined);
    held.end();
    await expect.poll(async () => (await fetch(`${url}/__sandbox/faults`).then((res) => res.json())).length).toBe(0);

    const sent = performance.now();
    child.kill(signal);
    expect(await ended(child, 2000)).toEqual({ code: 0, signal: null });
    expect(performance.now() - sent).toBeLessThan(2000);
    silent.destroy();
    agent.destroy();
  });

  // Signals are handled between answers, so "at once" is within a busy turn of the event loop. Before,
  // the sandbox waited for every call already read to be answered: over 5 s with 200 clients here.
  it('exits at once on SIGTERM while busy answering', async () => {
    const { child, url } = await start();
    let stop = false;
    const load = Array.from({ length: 200 }, async () => {
      while (!stop) await fetch(`${url}/access/v1/api/public/qr`).then((res) => res.arrayBuffer(), () => undefined);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGTERM');
    const outcome = await ended(child, 3000);
    stop = true;
    await Promise.all(load);
    expect(outcome).toEqual({ code: 0, signal: null });
  });

  it('answers the preflight of a --cors-origin origin, and of *.localhost ones, but no other', async () => {
    const { child, url, output } = await start('--cors-origin', 'https://host.example', '--cors-origin', 'http://other.example:8080/');
    await expect.poll(output).toContain('pages on https://host.example, http://other.example:8080 and localhost and *.localhost origins');
    const preflight = (origin: string) =>
      fetch(`${url}/access/v1/api/public/scanner/logon`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
    for (const origin of ['https://host.example', 'http://other.example:8080', 'http://app.localhost:3000']) {
      const answer = await preflight(origin);
      expect([answer.status, answer.headers.get('Access-Control-Allow-Origin')], origin).toEqual([204, origin]);
    }
    expect((await preflight('https://evil.example')).status).toBe(403);
    child.kill('SIGTERM');
    await ended(child, 2000);
  });

  it('refuses a --cors-origin that is not an origin, with the usage line', async () => {
    const child = spawn(process.execPath, [CLI, '--cors-origin', 'https://host.example/app']);
    children.add(child);
    let err = '';
    child.stderr.on('data', (text: Buffer) => void (err += text.toString()));
    expect(await ended(child, 5000)).toEqual({ code: 2, signal: null });
    expect(err).toContain('--cors-origin https://host.example/app is not an origin');
    expect(err).toContain('usage: amwa-sandbox [--port 4400] [--host 127.0.0.1] [--cors-origin <origin>]...');
  });
});
