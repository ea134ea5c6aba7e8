import { amwa } from 'amwa/vite';
import { defineConfig, type ProxyOptions } from 'vite';

// The bank's API (here the amwa sandbox that `npm run dev` starts) under this app's own origin, so
// the widget's calls are same-origin. With X-Forwarded-Host/-Proto (below) the sandbox hands out
// its logon redirect on this origin, where /__sandbox/logged-on is proxied too.
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

// amwa's placeholder for an expired colour code at /static/image (the widget's default staticPath),
// as image/png, in `vite`, `vite preview` and dist/; V8's compile hint on the entry chunk and amwa's
// `pages` chunk (docs/vite.md).
export default defineConfig({ plugins: [amwa({ compileHint: true })], server: { proxy }, preview: { proxy } });
