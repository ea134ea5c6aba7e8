import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { defineConfig, type Plugin, type ProxyOptions, type ViteDevServer } from 'vite';

// The bank's API (here the amwa sandbox that `npm run dev` starts) under the portal's own origin,
// with X-Forwarded-Host/-Proto (xfwd), so every URL the sandbox hands out is on this origin.
const api = process.env.AMWA_SANDBOX_URL ?? 'http://127.0.0.1:4401';
const proxy: Record<string, ProxyOptions> = {
  '/api': {
    target: api,
    changeOrigin: true,
    xfwd: true,
    rewrite: (path) => path.replace(/^\/api/, ''),
  },
  '/__sandbox': { target: api, changeOrigin: true, xfwd: true },
  // The stylesheet of the sandbox's own pages (logged-on, precheck), which they load from its root.
  '/examples/demo.css': { target: api, changeOrigin: true },
};

/**
 * amwa's placeholder for an expired colour code, at {staticPath}/image, as image/png: the package
 * ships it as static/image, without a file extension, so no server can tell its type by the name.
 * Served by `vite` and `vite preview`, and written into dist/ for your web server.
 */
function amwaPlaceholder(url: string): Plugin {
  const image = readFileSync(join(dirname(createRequire(import.meta.url).resolve('amwa/package.json')), 'static', 'image'));
  const serve = ({ middlewares }: Pick<ViteDevServer, 'middlewares'>) =>
    void middlewares.use(url, (_request, response) => response.writeHead(200, { 'Content-Type': 'image/png' }).end(image));
  return {
    name: 'amwa-placeholder',
    configureServer: serve,
    configurePreviewServer: serve,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: url.slice(1), source: image });
    },
  };
}

export default defineConfig({
  plugins: [amwaPlaceholder('/access/static/image')],
  // Three pages: the one embedding link mode (every path under /access falls back to it), the
  // precheck landing where link mode ends, and the portal's logged-out page.
  build: {
    rollupOptions: {
      input: { index: 'index.html', precheck: resolve('precheck.html'), 'logged-out': resolve('logged-out.html') },
    },
  },
  server: { proxy },
  preview: { proxy },
});
