// A server component: it imports the framework-free `amwa` entry (here for its version) and
// renders the client component <AmwaPortal> (amwa/react is marked 'use client'), which owns
// every path under /access. The API is proxied under /api (next.config.mjs).
import { version, type AmwaSettings } from 'amwa';
import { AmwaPortal } from 'amwa/react';

const settings: AmwaSettings = {
  basePath: '/access',
  apiBaseUrl: '/api/access',
  securityApiBaseUrl: '/api',
  brandPrefix: 'demobank',
  serviceEmail: 'service@demobank.example',
};

export default function AccessPage() {
  return (
    <main>
      <p>Demo bank</p>
      <AmwaPortal settings={settings} />
      <footer>amwa {version}</footer>
    </main>
  );
}
