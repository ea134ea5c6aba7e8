// @vitest-environment node
// The built amwa/server (dist/server.js) as a host's server imports it: no DOM, Preact and its
// server renderer inside, the locale tables inside.
import { describe, expect, test } from 'vitest';
import { fromDist } from './from-dist';

type ServerModule = typeof import('../../src/server');

describe('dist/server.js', () => {
  test('renders Home, and the user ID step for a returning scanner user, without a DOM', async () => {
    const { renderToString } = await fromDist<ServerModule>('server.js');
    expect(typeof document).toBe('undefined');
    const home = await renderToString({ language: 'nl' }, { path: '/', nonce: 'abc' });
    expect(home.screen).toBe('/');
    expect(home.html).toContain('<template shadowrootmode="open"><style nonce="abc">');
    expect(home.html).toContain('lang="nl-NL"');
    const scanner = await renderToString({}, { path: '/', cookies: 'logonType=scanner; amwa-scanner-user-id=EMMA0005' });
    expect(scanner.screen).toBe('/pages/logon/scanner');
    expect(scanner.html).toMatch(/<input[^>]*value="EMMA0005"/);
  });

  test('imports no module, static or dynamic: one file for Node and edge runtimes alike', async () => {
    const [{ readFile }, { init, parse }] = await Promise.all([import('node:fs/promises'), import('es-module-lexer')]);
    await init;
    const [imports] = parse(await readFile(new URL('../../dist/server.js', import.meta.url), 'utf8'));
    expect(imports.map((entry) => entry.n)).toEqual([]);
  });
});
