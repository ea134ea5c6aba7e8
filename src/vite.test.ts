// @vitest-environment node
// Real Vite builds and servers of a tiny host page in a temporary directory, with the plugin.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createServer, preview, type InlineConfig, type ProxyOptions } from 'vite';
import { startSandbox } from '../packages/amwa-sandbox/src/index';
import { amwa, type AmwaPluginOptions } from './vite';

const HINT = '//# allFunctionsCalledOnLoad';
const image = readFileSync(new URL('../static/image', import.meta.url));
let site: string;

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'amwa-vite-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>host</title><div id="portal"></div><script type="module" src="./main.js"></script>');
  writeFileSync(join(site, 'main.js'), "import { greet } from './greet.js';\ndocument.getElementById('portal').textContent = greet('bank');\n");
  writeFileSync(join(site, 'greet.js'), 'export function greet(name) {\n  return `Hello, ${name}`;\n}\n');
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** Builds the page into `out` with the plugin; returns the entry chunk's code and its source map (if external). */
async function buildSite(out: string, options: AmwaPluginOptions, config: InlineConfig = {}) {
  const outDir = join(site, out);
  await build({ configFile: false, root: site, logLevel: 'silent', plugins: [amwa(options)], ...config, build: { outDir, emptyOutDir: true, sourcemap: true, ...config.build } });
  const entry = readdirSync(join(outDir, 'assets')).find((file) => file.endsWith('.js'));
  if (!entry) throw new Error('no entry chunk');
  const code = readFileSync(join(outDir, 'assets', entry), 'utf8');
  const map = config.build?.sourcemap === 'inline' ? undefined : (JSON.parse(readFileSync(join(outDir, 'assets', `${entry}.map`), 'utf8')) as { mappings: string; sources: string[] });
  return { outDir, code, map };
}

/** The source map inlined at the end of `code`. */
const inlineMap = (code: string) => JSON.parse(Buffer.from(/base64,([\w+/=]+)\s*$/.exec(code)?.[1] ?? '', 'base64').toString('utf8')) as { mappings: string };

describe('the build', () => {
  it('writes the placeholder to {staticPath}/image in the output, as the package ships it', async () => {
    const { outDir } = await buildSite('out-placeholder', { staticPath: '/access/static' });
    expect(readFileSync(join(outDir, 'access', 'static', 'image'))).toEqual(image);
  });

  it('writes it under `base` one level less deep (the output is served at `base`)', async () => {
    const { outDir } = await buildSite('out-base', { staticPath: '/shop/static/' }, { base: '/shop/' });
    expect(readFileSync(join(outDir, 'static', 'image'))).toEqual(image);
  });

  it('by default at /static/image; with `staticPath: false` not at all', async () => {
    expect(readFileSync(join((await buildSite('out-default', {})).outDir, 'static', 'image'))).toEqual(image);
    expect(readdirSync((await buildSite('out-none', { staticPath: false })).outDir)).toEqual(['assets', 'index.html']);
  });

  it('adds no compile hint unless asked', async () => {
    const { code } = await buildSite('out-plain', {});
    expect(code).not.toContain(HINT);
  });

  it('puts the compile hint first in the entry chunk and moves its source map down that line', async () => {
    const plain = await buildSite('out-without', { staticPath: false });
    const hinted = await buildSite('out-with', { staticPath: false, compileHint: true });
    expect(hinted.code).toBe(`${HINT}\n${plain.code}`);
    expect(plain.map?.mappings).toMatch(/^[^;]/);
    expect(hinted.map).toEqual({ ...plain.map, mappings: `;${plain.map?.mappings}` });
  });

  it('moves an inline source map down too', async () => {
    const plain = await buildSite('out-inline-without', { staticPath: false }, { build: { sourcemap: 'inline' } });
    const hinted = await buildSite('out-inline-with', { staticPath: false, compileHint: true }, { build: { sourcemap: 'inline' } });
    expect(hinted.code.startsWith(`${HINT}\n`)).toBe(true);
    expect(inlineMap(hinted.code)).toEqual({ ...inlineMap(plain.code), mappings: `;${inlineMap(plain.code).mappings}` });
  });

  it("hints amwa's `pages` chunk too, as the standalone build does, and no other lazy chunk", async () => {
    const host = join(site, 'lazy');
    mkdirSync(join(host, 'node_modules', 'amwa', 'dist', 'lib'), { recursive: true });
    writeFileSync(join(host, 'node_modules', 'amwa', 'dist', 'lib', 'pages-Ab12_xYz.js'), 'export function page() {\n  return "scanner logon";\n}\n');
    writeFileSync(join(host, 'modal.js'), 'export function modal() {\n  return "help";\n}\n');
    writeFileSync(join(host, 'index.html'), '<!doctype html><title>host</title><script type="module" src="./main.js"></script>');
    writeFileSync(join(host, 'main.js'), "import('./node_modules/amwa/dist/lib/pages-Ab12_xYz.js').then(({ page }) => page());\nimport('./modal.js').then(({ modal }) => modal());\n");
    const outDir = join(host, 'dist');
    await build({ configFile: false, root: host, logLevel: 'silent', plugins: [amwa({ staticPath: false, compileHint: true })], build: { outDir, emptyOutDir: true } });
    const chunks = Object.fromEntries(readdirSync(join(outDir, 'assets')).map((file) => [file.replace(/-[\w-]{8}\.js$/, ''), readFileSync(join(outDir, 'assets', file), 'utf8').startsWith(`${HINT}\n`)]));
    expect(chunks).toEqual({ index: true, 'pages-Ab12_xYz': true, modal: false });
  });

  it('rejects a staticPath that is not a path on the site', () => {
    expect(() => amwa({ staticPath: 'https://cdn.example/static' })).toThrow('amwa/vite: staticPath "https://cdn.example/static" is not a path on this site');
  });

  it.each(['/a/../../..', '/static/..', '/./static', 'a/../../..', '//tmp/x', '/..%2f..%2fx', '/a\\..\\..', 'C:/x', '/x//y', '/tmp/x?y'])(
    'refuses staticPath %j, which is absolute or leaves the output folder, naming amwa/vite and staticPath',
    (staticPath) => {
      expect(() => amwa({ staticPath })).toThrow(`amwa/vite: staticPath ${JSON.stringify(staticPath)}`);
    },
  );

  it('writes a path such as /tmp/x inside the output folder, where the site serves it', async () => {
    const { outDir } = await buildSite('out-tmp', { staticPath: '/tmp/x' });
    expect(readFileSync(join(outDir, 'tmp', 'x', 'image'))).toEqual(image);
    expect(readdirSync(site).filter((file) => file === 'image' || file === 'tmp')).toEqual([]);
  });
});

describe('the servers', () => {
  /** GET `path` from a server listening on `address`: status, type and body. */
  const get = async (address: AddressInfo | string | null | undefined, path: string) => {
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    const response = await fetch(`http://127.0.0.1:${address.port}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
  };

  it('`vite` serves the placeholder as image/png at {staticPath}/image, and only there', async () => {
    const server = await createServer({ configFile: false, root: site, logLevel: 'silent', plugins: [amwa({ staticPath: '/access/static' })], server: { host: '127.0.0.1', port: 0, hmr: false, watch: null } });
    try {
      await server.listen();
      const answer = await get(server.httpServer?.address(), '/access/static/image');
      expect(answer).toEqual({ status: 200, type: 'image/png', body: image });
      expect((await get(server.httpServer?.address(), '/access/static/image/other')).type).not.toBe('image/png');
    } finally {
      await server.close();
    }
  });

  it('`vite preview` serves it too', async () => {
    const { outDir } = await buildSite('out-preview', { staticPath: false });
    const server = await preview({ configFile: false, root: site, logLevel: 'silent', plugins: [amwa({ staticPath: '/access/static' })], build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
    try {
      expect(await get(server.httpServer.address(), '/access/static/image?v=1')).toEqual({ status: 200, type: 'image/png', body: image });
    } finally {
      await server.close();
    }
  });
});

describe('the documented proxy to the API (docs/embedding.md, the Vite examples)', () => {
  // The recipe, as docs/embedding.md and examples/*/vite.config.ts write it.
  const forwarded: ProxyOptions['configure'] = (proxy) =>
    proxy.on('proxyReq', (proxyReq, request) => {
      proxyReq.removeHeader('forwarded');
      proxyReq.setHeader('x-forwarded-host', request.headers.host ?? '');
      proxyReq.setHeader('x-forwarded-proto', 'encrypted' in request.socket ? 'https' : 'http');
    });

  it("names the dev server's own origin to the sandbox, never the X-Forwarded-Host or Forwarded a client sent", async () => {
    const sandbox = await startSandbox({ port: 0 });
    const proxy: ProxyOptions = { target: sandbox.url, changeOrigin: true, configure: forwarded };
    const server = await createServer({ configFile: false, root: site, logLevel: 'silent', server: { host: '127.0.0.1', port: 0, hmr: false, watch: null, proxy: { '/access': proxy } } });
    try {
      await server.listen();
      const { port } = server.httpServer?.address() as AddressInfo;
      for (const headers of [{}, { 'X-Forwarded-Host': 'localhost:6666', 'X-Forwarded-Proto': 'https' }, { Forwarded: 'host=attacker.localhost;proto=https' }] as Record<string, string>[]) {
        const page = await (await fetch(`http://127.0.0.1:${port}/access/`, { headers })).text();
        const settings = JSON.parse(/settings='([^']+)'/.exec(page)?.[1]?.replaceAll('&quot;', '"') ?? '{}') as { apiBaseUrl?: string };
        expect(settings.apiBaseUrl, JSON.stringify(headers)).toBe(`http://127.0.0.1:${port}/access`);
      }
    } finally {
      await server.close();
      await sandbox.close();
    }
  });
});
