// @vitest-environment node
// <AmwaPortal> rendered by React's own server renderer, with no DOM at all (as in Next.js or any
// Node server): the first screen in a declarative shadow root, decided from the request.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
  });

  it('renders the loading shell, holding Home\'s space, for a returning scanner user: the browser loads the scanner logon into it', () => {
    const html = renderToString(<AmwaPortal settings={settings} request={{ ...request, cookies: 'theme=dark; logonType=scanner' }} />);
    expect(html).toContain('<div class="amwa-app" aria-busy="true">');
    expect(html).toContain('role="status"');
    expect(html).not.toContain('<h1');
  });

  it('takes the nonce from the cspNonce setting when no nonce prop is given', () => {
    expect(renderToString(<AmwaPortal settings={{ ...settings, cspNonce: 'fromSettings' }} request={request} />)).toContain('<style nonce="fromSettings">');
  });

  it('renders an empty element without the request, for settings with a problem, and in light DOM', () => {
    for (const element of [
      <AmwaPortal key="no request" id="portal" settings={settings} />,
      <AmwaPortal key="problem" id="portal" settings={{ ...settings, langauge: 'de' } as never} request={request} />,
      <AmwaPortal key="light" id="portal" settings={{ ...settings, isolation: 'none' }} request={request} />,
    ]) {
      expect(renderToString(element)).toBe('<div id="portal"></div>');
    }
  });
});
