import { amwa } from 'amwa/vite';
import { defineConfig, type ProxyOptions } from 'vite';

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

// amwa's placeholder for an expired colour code at /static/image (the widget's default staticPath),
// as image/png, in `vite`, `vite preview` and dist/; V8's compile hint on the entry chunk and amwa's
// `pages` chunk (docs/vite.md).
export default defineConfig({ plugins: [amwa({ compileHint: true })], server: { proxy }, preview: { proxy } });
