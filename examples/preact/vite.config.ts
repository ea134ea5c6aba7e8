import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin, type ProxyOptions, type ViteDevServer } from 'vite';

// The bank's API (here the amwa sandbox that `npm run dev` starts) under this app's own origin, so
// the widget's calls are same-origin. xfwd sends X-Forwarded-Host/-Proto: the sandbox then hands
// out its logon redirect on this origin, where /__sandbox/logged-on is proxied too.
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
  plugins: [amwaPlaceholder('/static/image')],
  // amwa/react renders through this app's own Preact: React's names point at preact/compat
  // (the same aliases as @preact/preset-vite; tsconfig.json maps the types alike).
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  server: { proxy },
  preview: { proxy },
});
