import { act, render, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AMWA_TAG, defineAmwaElement } from './element';
import { mount, type AmwaHandle } from './mount';
import { AmwaPortal } from './react';

// Issue 18: one console.error and one amwa-generic-exception per settings problem, on every
// entry, worded for the moment (at mount there are no last good settings to keep).
const good = { basePath: '/access', routing: 'memory', brandPrefix: 'demobank' } as const;
const bad = { ...good, qrTimeout: -1 };
const AT_MOUNT = 'amwa settings: "qrTimeout" must be at least 1 ms. The widget shows its error page until the settings are fixed. See ';
const ON_UPDATE = 'amwa settings: "qrTimeout" must be at least 1 ms. The widget keeps its last good settings. See ';

defineAmwaElement();
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.restoreAllMocks();
});

/** Every console.error and every amwa-generic-exception heard on `target` from now on. */
function listen(target: EventTarget) {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const origins: string[] = [];
  const record = (event: Event) => origins.push((event as CustomEvent<{ origin: string }>).detail.origin);
  target.addEventListener('amwa-generic-exception', record);
  cleanups.push(() => target.removeEventListener('amwa-generic-exception', record));
  return { messages: () => errors.mock.calls.map((call) => String(call[0])), origins };
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
const errorHeading = (root: ParentNode) => within(root.querySelector<HTMLElement>('.amwa-root')!).findByRole('heading', { name: 'Something went wrong' });

describe('settings problems are reported once, worded for the moment', () => {
  it('mount: once at mount, saying the error page shows', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    const handle: AmwaHandle = mount(host, bad);
    cleanups.push(() => (handle.unmount(), host.remove()));
    expect(await errorHeading(host.shadowRoot!)).toBeTruthy();
    await settle();
    expect(heard.messages()).toHaveLength(1);
    expect(heard.messages()[0]).toContain(AT_MOUNT);
    expect(heard.origins).toEqual(['settings.qrTimeout']);
  });

  it('mount: an update that is still wrong after a failed mount still speaks of the error page', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    const handle = mount(host, bad);
    cleanups.push(() => (handle.unmount(), host.remove()));
    handle.update({ qrTimeout: -2 });
    await settle();
    expect(heard.messages().map((message) => message.includes('shows its error page'))).toEqual([true, true]);
  });

  it('mount: an update says the last good settings stay; the same bad update again is not reported again', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    const handle = mount(host, good);
    cleanups.push(() => (handle.unmount(), host.remove()));
    handle.update({ qrTimeout: -1 });
    handle.update({ qrTimeout: -1 });
    await settle();
    expect(heard.messages()).toHaveLength(1);
    expect(heard.messages()[0]).toContain(ON_UPDATE);
    expect(heard.origins).toEqual(['settings.qrTimeout']);
    // Fixed, then broken again: that is a new problem, reported again.
    handle.update({ qrTimeout: 1000 });
    handle.update({ qrTimeout: -1 });
    await settle();
    expect(heard.origins).toEqual(['settings.qrTimeout', 'settings.qrTimeout']);
  });

  it('mount: a typo is answered with the setting meant', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    const handle = mount(host, { ...good, apiBaseURL: '/api' } as never);
    cleanups.push(() => (handle.unmount(), host.remove()));
    await settle();
    expect(heard.messages()).toHaveLength(1);
    expect(heard.messages()[0]).toMatch(/^amwa settings: "apiBaseURL" is not a known setting; did you mean 'apiBaseUrl'\? The widget shows its error page/);
  });

  it('mount: every mistake in one console error, one line each, the outcome after them (issue 32)', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    const handle = mount(host, { ...good, langauge: 'de', qrTimeout: '30', serviceEmail: 'service at bank' } as never);
    cleanups.push(() => (handle.unmount(), host.remove()));
    expect(await errorHeading(host.shadowRoot!)).toBeTruthy();
    await settle();
    expect(heard.messages()).toHaveLength(1);
    expect(heard.messages()[0]!.split('\n')).toEqual([
      'amwa settings: 3 problems',
      `  "langauge" is not a known setting; did you mean 'language'?`,
      '  "qrTimeout" must be a number',
      '  "serviceEmail" must be an e-mail address such as service@bank.example',
      expect.stringMatching(/^The widget shows its error page until the settings are fixed\. See /),
    ]);
    expect(heard.origins).toEqual(['settings.langauge']);
  });

  // Issue 30: mount(el, settings, null) threw a TypeError into the host page.
  it.each([
    ['null', null, 'options', '"options" must be an object ({ on, loadLocale, fetch }) or left out, not null'],
    ['a number', 42, 'options', 'not a number'],
    ['a string', '{"fetch":1}', 'options', 'not a string'],
    ['a list', [], 'options', 'not a list'],
    ['a function', () => undefined, 'options', 'not a function'],
    ['fetch that is no function', { fetch: 'https://evil.example' }, 'options.fetch', 'must be a function'],
    ['loadLocale that is no function', { loadLocale: {} }, 'options.loadLocale', 'must be a function'],
    ['on that is no object', { on: 'amwa-ready' }, 'options.on', 'must be an object of listeners by event name'],
    ['a listener that is no function', { on: { 'amwa-ready': true } }, 'options.on.amwa-ready', 'must be a function'],
    ['a misspelt event', { on: { 'amwa-redy': () => undefined } }, 'options.on.amwa-redy', "is not an amwa event; did you mean 'amwa-ready'?"],
    ['an unknown option', { fech: fetch }, 'options.fech', "is not a known option; did you mean 'fetch'?"],
    ['a getter', Object.defineProperty({}, 'fetch', { get: () => fetch, enumerable: true }), 'options.fetch', 'must be a plain value, not a getter'],
    ['a throwing proxy', new Proxy({}, { ownKeys: () => { throw new Error('no'); } }), 'options', 'could not be read'],
  ])('mount: options that are %s are a settings error naming the field, never a throw', async (_, options, field, words) => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    let handle: AmwaHandle | undefined;
    expect(() => (handle = mount(host, good, options as never))).not.toThrow();
    cleanups.push(() => (handle?.unmount(), host.remove()));
    expect(await errorHeading(host.shadowRoot!)).toBeTruthy();
    await settle();
    expect(heard.messages()).toHaveLength(1);
    expect(heard.messages()[0]).toContain(`amwa settings: "${field}" `);
    expect(heard.messages()[0]).toContain(words);
    expect(heard.messages()[0]).toContain('The widget shows its error page until the settings are fixed');
    expect(heard.origins).toEqual([`settings.${field}`]);
    // Settings cannot mend options: an update keeps the error page and is not reported again.
    handle!.update({ qrTimeout: 1000 });
    await settle();
    expect(await errorHeading(host.shadowRoot!)).toBeTruthy();
    expect(heard.messages()).toHaveLength(1);
  });

  it('mount: options left out or with undefined fields are fine, and a listener in them is heard', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    const ready = vi.fn();
    const handle = mount(host, good, { on: { 'amwa-ready': ready, 'amwa-prefill': undefined }, fetch: undefined });
    cleanups.push(() => (handle.unmount(), host.remove()));
    await waitFor(() => expect(ready).toHaveBeenCalled());
    expect(heard.messages()).toEqual([]);
  });

  it('mount: a mount undone in the same task reports nothing', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const heard = listen(host);
    mount(host, bad).unmount();
    host.remove();
    await settle();
    expect(heard.messages()).toEqual([]);
    expect(heard.origins).toEqual([]);
  });

  it('<amwa-portal>: once at mount, and once for a bad attribute change', async () => {
    const element = document.createElement(AMWA_TAG);
    element.setAttribute('settings', JSON.stringify(bad));
    const heard = listen(element);
    document.body.append(element);
    cleanups.push(() => element.remove());
    expect(await errorHeading(element.shadowRoot!)).toBeTruthy();
    await settle();
    expect(heard.messages()).toHaveLength(1);
    expect(heard.messages()[0]).toContain(AT_MOUNT);
    element.setAttribute('settings', JSON.stringify(good));
    element.setAttribute('settings', JSON.stringify(bad));
    await settle();
    expect(heard.messages()).toHaveLength(2);
    expect(heard.messages()[1]).toContain(ON_UPDATE);
    expect(heard.origins).toEqual(['settings.qrTimeout', 'settings.qrTimeout']);
  });

  it.each([
    ['without StrictMode', false],
    ['under StrictMode', true],
  ])('<AmwaPortal> %s: once at mount, once for a bad prop, none for a re-render', async (_, strict) => {
    const onGenericException = vi.fn();
    const heard = listen(document);
    const tree = (settings: object, label: string) => {
      const portal = <AmwaPortal id="portal" settings={settings} onGenericException={onGenericException} className={label} />;
      return strict ? <StrictMode>{portal}</StrictMode> : portal;
    };
    const { container, rerender, unmount } = render(tree(bad, 'a'));
    cleanups.push(unmount);
    expect(await errorHeading(container.querySelector('[id="portal"]')!.shadowRoot!)).toBeTruthy();
    await settle();
    expect(heard.messages()).toHaveLength(1);
    expect(heard.messages()[0]).toContain(AT_MOUNT);
    expect(onGenericException).toHaveBeenCalledTimes(1);
    rerender(tree({ ...bad }, 'b'));
    await settle();
    expect(heard.messages()).toHaveLength(1);
    rerender(tree(good, 'c'));
    await waitFor(() => expect(within(container.querySelector('[id="portal"]')!.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!).getByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy());
    rerender(tree(bad, 'd'));
    await settle();
    expect(heard.messages()).toHaveLength(2);
    expect(heard.messages()[1]).toContain(ON_UPDATE);
    expect(heard.origins).toEqual(['settings.qrTimeout', 'settings.qrTimeout']);
    expect(onGenericException).toHaveBeenCalledTimes(2);
  });
});
