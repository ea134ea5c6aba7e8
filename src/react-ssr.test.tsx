// @vitest-environment node
// <AmwaPortal> rendered by React's own server renderer, with no DOM at all (as in Next.js or any
// Node server): the first screen in a declarative shadow root, decided from the request.
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AmwaPortal } from './react';

const settings = { basePath: '/access', apiBaseUrl: '/api/access', securityApiBaseUrl: '/api', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' } as const;
const request = { url: 'https://bank.example/access/', cookies: '' };

describe('<AmwaPortal> on the server', () => {
  it("renders Home into a declarative shadow root, its styles inside with the nonce, links on the request's origin", () => {
    const html = renderToString(<AmwaPortal id="portal" settings={settings} request={request} nonce="r4nd0m" />);
    expect(html).toMatch(/^<div id="portal"><template shadowrootmode="open"><style nonce="r4nd0m">/);
    expect(html).toContain('<h1');
    expect(html).toContain('Log on with</h1>');
    expect(html).toContain('href="https://bank.example/access/pages/logon/mobile"');
    expect(html).toContain('href="https://bank.example/access/pages/logon/scanner"');
    expect(html).toContain('href="mailto:service@demobank.example"');
    expect(html).toContain('--_amwa-accent');
    console.log(html.replace(/<style[^>]*>[^]*?<\/style>/, '<style/>'));
  });
});
