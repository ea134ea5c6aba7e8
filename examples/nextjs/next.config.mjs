// The bank's API is proxied under this app's own origin, so the widget's calls are same-origin:
// cookies (the XSRF token, the session) need no CORS. AMWA_API_ORIGIN is where the API (here the
// amwa sandbox) runs; rewrites are fixed at build time.
const api = process.env.AMWA_API_ORIGIN ?? 'http://127.0.0.1:4400';

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  async rewrites() {
    return {
      // Before the pages: the catch-all route below owns every other path under /access.
      beforeFiles: [{ source: '/api/:path*', destination: `${api}/:path*` }],
    };
  },
};

export default nextConfig;
