// A server component: it imports the framework-free `amwa` entry (here for its version) and
// renders the client component <AmwaPortal> (amwa/react is marked 'use client'), which owns
// every path under /access. The API is proxied under /api (next.config.mjs).
//
// Given the request (its address and its cookies), <AmwaPortal> renders the widget's first screen
// into the HTML Next.js sends: Home, or for a returning scanner user the shell its logon page
// replaces. The browser takes that screen over when the script has loaded.
import { version, type AmwaSettings } from 'amwa';
import { AmwaPortal } from 'amwa/react';
import { headers } from 'next/headers';

const settings: AmwaSettings = {
  basePath: '/access',
  apiBaseUrl: '/api/access',
  securityApiBaseUrl: '/api',
  brandPrefix: 'demobank',
  serviceEmail: 'service@demobank.example',
};

interface AccessPageProps {
  params: Promise<{ slug?: string[] }>;
}

export default async function AccessPage({ params }: AccessPageProps) {
  const { slug = [] } = await params;
  const request = await headers();
  // The address the browser asked for: the widget's route, and the origin its links carry.
  const host = request.get('host') ?? 'localhost';
  const scheme = request.get('x-forwarded-proto') ?? 'http';
  const path = ['/access', ...slug.map(encodeURIComponent)].join('/');
  return (
    <main>
      <p>Demo bank</p>
      <AmwaPortal settings={settings} request={{ url: `${scheme}://${host}${path}`, cookies: request.get('cookie') ?? '' }} />
      <footer>amwa {version}</footer>
    </main>
  );
}
