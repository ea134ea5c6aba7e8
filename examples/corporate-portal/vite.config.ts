import { resolve } from 'node:path';
import { amwa } from 'amwa/vite';
import { defineConfig, type ProxyOptions } from 'vite';

// The bank's API (here the amwa sandbox that `npm run dev` starts) under the portal's own origin,
// with X-Forwarded-Host/-Proto (below), so every URL the sandbox hands out is on this origin.
const api = process.env.AMWA_SANDBOX_URL ?? 'http://127.0.0.1:4401';

// The proxy tells the API which origin the browser used: this server's own host (the Host the
// browser sent, which Vite's server.allowedHosts checks) and scheme. It sets the forwarded headers
// itself and drops the client's: Vite's `xfwd: true` would pass on an X-Forwarded-Host (or a
// Forwarded) the client wrote, and the sandbox would hand out URLs on whatever host that names.
const forwarded: ProxyOptions['configure'] = (proxy) =>
  proxy.on('proxyReq', (proxyReq, request) => {
    proxyReq.removeHeader('forwarded');
    proxyReq.setHeader('x-forwarded-host', request.headers.host ?? '');
    proxyReq.setHeader('x-forwarded-proto', 'encrypted' in request.socket ? 'https' : 'http');
  });

const proxy: Record<string, ProxyOptions> = {
  '/api': {
    target: api,
    changeOrigin: true,
    configure: forwarded,
    rewrite: (path) => path.replace(/^\/api/, ''),
  },
  '/__sandbox': { target: api, changeOrigin: true, configure: forwarded },
};

export default defineConfig({
  // amwa's placeholder for an expired colour code at /access/static/image (the widget's staticPath
  // with basePath /access), as image/png, in `vite`, `vite preview` and dist/; V8's compile hint on
  // each page's entry chunk and amwa's `pages` chunk (docs/vite.md).
  plugins: [amwa({ staticPath: '/access/static', compileHint: true })],
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
