import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseSettings } from '../../src/core/settings';
import { STATE_ID } from '../../packages/amwa-sandbox/src/gallery';
import { DARK_THEME } from './dark-theme';
import { findButton, findDialog, findField, hasText, typeInto } from './dom';
import { tileApiOrigin, tileSettings, type TileLocation } from './settings';
import { GROUPS, STATES } from './states';
import { DEFAULT_VIEW, parseViewKey, readView, viewKey, writeView, type View } from './view';

const at = (origin: string, id = 'home'): TileLocation => {
  const url = new URL(`/__sandbox/gallery/tile/${id}`, origin);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port, origin: url.origin, pathname: url.pathname };
};

describe('the gallery states', () => {
  it('are many, each with an id the sandbox serves a frame for, and in every group', () => {
    expect(STATES.length).toBeGreaterThanOrEqual(45);
    const ids = STATES.map((state) => state.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !STATE_ID.test(id))).toEqual([]);
    expect(new Set(STATES.map((state) => state.group))).toEqual(new Set(Object.keys(GROUPS)));
    expect(STATES.filter((state) => !state.route.startsWith('/') || !(state.walk || state.alone)).map((state) => state.id)).toEqual([]);
  });

  it.each(STATES.map((state) => [state.id, state] as const))('%s has settings the widget accepts', (_, state) => {
    const settings = tileSettings(state, at('http://localhost:4400', state.id), 'orange');
    const parsed = parseSettings(settings, 'http://localhost:4400');
    expect(parsed.ok && parsed.settings).toMatchObject({ routing: 'memory', initialRoute: state.route, basePath: `/__sandbox/gallery/tile/${state.id}`, channel: 'orange' });
  });
});

describe('tileApiOrigin', () => {
  it('gives each state a host of its own under a localhost page, and the page origin elsewhere', () => {
    expect(tileApiOrigin(at('http://localhost:4400'), 'scanner-code')).toBe('http://scanner-code.localhost:4400');
    expect(tileApiOrigin(at('http://app.localhost'), 'home')).toBe('http://home.app.localhost');
    expect(tileApiOrigin(at('http://bank.example:8080'), 'home')).toBe('http://bank.example:8080');
    expect(tileApiOrigin(at('http://127.0.0.1:4400'), 'home')).toBe('http://127.0.0.1:4400');
  });
});

describe('the dark theme view', () => {
  it('sets the dark theme docs/theming.md documents, declaration for declaration', () => {
    const docs = readFileSync(join(process.cwd(), 'docs', 'theming.md'), 'utf8');
    const declarations = (text: string) => text.match(/--amwa-[\w-]+: [^;]+;/g) ?? [];
    const documented = docs.slice(docs.indexOf('## A dark theme'));
    expect(declarations(DARK_THEME).length).toBeGreaterThanOrEqual(10);
    expect(declarations(documented.slice(0, documented.indexOf('```', documented.indexOf('```css') + 6)))).toEqual(declarations(DARK_THEME));
  });
});

describe('views', () => {
  it('read from the address, defaults for anything unknown', () => {
    expect(readView('')).toEqual(DEFAULT_VIEW);
    expect(readView('?lang=zh&channel=orange&width=1280&forced')).toEqual({ language: 'zh', channel: 'orange', width: 1280, page: 'default', forced: true });
    expect(readView('?page=dark-theme')).toEqual({ ...DEFAULT_VIEW, page: 'dark-theme' });
    expect(readView('?lang=xx&channel=green&width=400&page=black')).toEqual(DEFAULT_VIEW);
  });

  it('write only what differs from the default, and read back the same', () => {
    expect(writeView(DEFAULT_VIEW)).toBe('');
    const view: View = { language: 'de', channel: 'orange', width: 320, page: 'dark-host', forced: true };
    expect(writeView(view)).toBe('?lang=de&channel=orange&width=320&page=dark-host&forced');
    expect(readView(writeView(view))).toEqual(view);
  });

  it('name a frame view and parse it back', () => {
    const view: View = { language: 'pl', channel: 'blue', width: 1280, page: 'default', forced: true };
    expect(viewKey(view)).toBe('pl blue 1280 forced');
    expect(parseViewKey(viewKey(view))).toEqual(view);
    const dark: View = { ...view, page: 'dark-theme', forced: false };
    expect(viewKey(dark)).toBe('pl blue 1280 dark-theme');
    expect(parseViewKey(viewKey(dark))).toEqual(dark);
    expect(parseViewKey(undefined)).toEqual(DEFAULT_VIEW);
  });
});

describe('finding controls by name', () => {
  const widget = () => {
    const host = document.createElement('div');
    document.body.replaceChildren(host);
    const root = host.attachShadow({ mode: 'open' });
    root.append(
      Object.assign(document.createElement('label'), { htmlFor: 'code', textContent: 'Response code  The 7 digits' }),
      Object.assign(document.createElement('input'), { id: 'code' }),
      Object.assign(document.createElement('button'), { textContent: 'Log on', disabled: true }),
      Object.assign(document.createElement('button'), { textContent: ' Help ' }),
    );
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-labelledby', 'title');
    dialog.append(Object.assign(document.createElement('h2'), { id: 'title', textContent: 'Help' }));
    root.append(dialog);
    return root;
  };

  it('finds operable buttons by text, fields by label, dialogs by title', () => {
    const root = widget();
    expect(findButton(root, 'Help')?.textContent).toBe(' Help ');
    expect(findButton(root, 'Log on')).toBeUndefined();
    expect(findField(root, /^Response code/)?.id).toBe('code');
    expect(findField(root, 'Response code')).toBeUndefined();
    expect(findDialog(root, 'Help')?.getAttribute('role')).toBe('dialog');
    expect(hasText(root, 'The 7 digits')).toBe(true);
  });

  it('types a value as one input event, as a paste would', () => {
    const input = findField(widget(), /^Response code/)!;
    const heard = vi.fn((event: Event) => (event.target as HTMLInputElement).value);
    input.addEventListener('input', heard);
    typeInto(input, '1234567');
    expect(input.value).toBe('1234567');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveReturnedWith('1234567');
  });
});
