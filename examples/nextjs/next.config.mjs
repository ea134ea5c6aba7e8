import { fileURLToPath } from 'node:url';

// The bank's API is proxied under this app's own origin, so the widget's calls are same-origin:
// cookies (the XSRF token, the session) need no CORS. AMWA_API_ORIGIN is where the API (here the
// amwa sandbox `npm run dev` starts) runs; rewrites are fixed at build time. proxy.ts sets
// X-Forwarded-Host/-Proto on them (Next.js would pass on a client's own), so the sandbox hands
// out its URLs on this app's origin.
const api = process.env.AMWA_API_ORIGIN ?? 'http://127.0.0.1:4401';
// This app lives inside the amwa repository, whose own lock file would otherwise make Next.js
// take the repository as the workspace root (and warn); a bank's own app does not need this.
const root = fileURLToPath(new URL('.', import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root },
  async rewrites() {
    return {
      // Before the pages: the catch-all route below owns every other path under /access.
      beforeFiles: [
        // amwa's placeholder for an expired colour code, which the widget asks for at
        // {staticPath}/image: the package's static/image.png (scripts/copy-static.mjs copies it into
        // public/), which Next.js sends as image/png by its name.
        { source: '/access/static/image', destination: '/access/static/image.png' },
        { source: '/api/:path*', destination: `${api}/:path*` },
        // The sandbox's own pages, at the same path: a logon ends on /__sandbox/logged-on.
        { source: '/__sandbox/:path*', destination: `${api}/__sandbox/:path*` },
      ],
    };
  },
};

export default nextConfig;
