// @vitest-environment node
// The server render needs no DOM: it runs where a host's server runs.
import { describe, expect, it, vi } from 'vitest';
import { renderToString } from './server';
import { settingsErrorText } from './core/settings-report';

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]);

describe('amwa/server renderToString', () => {
  it('renders Home into a declarative shadow root, its styles under the nonce, its options real links under the base path', async () => {
    const { html, screen, problems } = await renderToString({ basePath: '/logon' }, { path: '/logon', nonce: 'n0nce' });
    expect(problems).toEqual([]);
    expect(screen).toBe('/');
    expect(html).toMatch(/^<amwa-portal settings='\{&quot;basePath&quot;:&quot;\/logon&quot;\}'><template shadowrootmode="open"><style nonce="n0nce">/);
    expect(html).toContain('Log on with');
    expect(links(html)).toEqual(expect.arrayContaining(['/logon/pages/logon/mobile', '/logon/pages/logon/scanner', '/logon/pages/activate-scanner']));
    // Home works without script: no note that it needs one.
    expect(html).not.toContain('amwa-needs-script');
    expect(typeof document).toBe('undefined');
  });

  it('links absolutely where it knows the origin, as the browser does', async () => {
    const { html } = await renderToString({}, { path: '/', origin: 'https://bank.example' });
    expect(links(html)).toContain('https://bank.example/pages/logon/scanner');
  });

  it("opens the scanner logon's user ID step for a returning scanner user, with the remembered user ID, and says the step needs the script", async () => {
    const { html, screen } = await renderToString({ brandPrefix: 'bank' }, { path: '/', cookies: 'logonType=scanner; bank-scanner-user-id=USER1234' });
    expect(screen).toBe('/pages/logon/scanner');
    expect(html).toMatch(/<input[^>]*name="username"[^>]*value="USER1234"|<input[^>]*value="USER1234"[^>]*name="username"/);
    expect(html).toContain('<p class="amwa-needs-script" role="note">This step needs JavaScript');
  });

  it("renders in the settings' language from the package's locale table", async () => {
    const { html } = await renderToString({ language: 'de' }, { path: '/pages/logon/scanner' });
    expect(html).toContain('lang="de-DE"');
    expect(html).toContain('Für diesen Schritt wird JavaScript benötigt');
  });

  it('renders no screen for an address that is not a page the widget knows, but its not-found page', async () => {
    const { screen } = await renderToString({}, { path: '/pages/nothing' });
    expect(screen).toBe('/pages/not-found');
  });

  it('reports bad settings as the browser does and gives the element without a screen', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { html, screen, problems } = await renderToString({ language: 'xx' } as never, { path: '/' });
    expect(screen).toBeUndefined();
    expect(html).toBe(`<amwa-portal settings='{&quot;language&quot;:&quot;xx&quot;}'></amwa-portal>`);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe('language');
    expect(error).toHaveBeenCalledWith(settingsErrorText(problems[0]!.message, true));
  });
});
