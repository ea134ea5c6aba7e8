import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { HOSTILE_SHAPES, hostileSettingsJson } from './core/hostile-settings-fakes';
import { AMWA_TAG, defineAmwaElement, type AmwaPortalElement } from './element';

defineAmwaElement();
const elements: HTMLElement[] = [];
const create = (settings?: string) => {
  const element = document.createElement(AMWA_TAG);
  if (settings !== undefined) element.setAttribute('settings', settings);
  elements.push(element);
  return element;
};
const heading = (element: Element) => element.shadowRoot?.querySelector('h1')?.textContent;

afterEach(() => {
  for (const element of elements.splice(0)) element.remove();
});

describe('<amwa-portal>', () => {
  it('is typed: the tag gives AmwaPortalElement, whose listeners know each amwa event', () => {
    expectTypeOf(document.createElement('amwa-portal')).toEqualTypeOf<AmwaPortalElement>();
    const element = create();
    element.addEventListener('amwa-logon-redirect', (event) => expectTypeOf(event.detail.url).toBeString());
    element.addEventListener('keydown', (event) => expectTypeOf(event).toEqualTypeOf<KeyboardEvent>());
  });

  it('reads settings JSON with &#39; for an apostrophe in a single-quoted attribute, as docs/embedding.md says (issue 18)', async () => {
    const markup = `<amwa-portal settings='{"routing": "memory", "messages": {"en": {"home.title": "Today&#39;s logon"}}}'></amwa-portal>`;
    const parsed = new DOMParser().parseFromString(markup, 'text/html').querySelector(AMWA_TAG)!;
    expect(parsed.getAttribute('settings')).toContain(`"Today's logon"`);
    const element = create(parsed.getAttribute('settings')!);
    document.body.append(element);
    await waitFor(() => expect(heading(element)).toBe("Today's logon"));
    // Unescaped, the apostrophe ends the attribute: the JSON is cut short and refused.
    const cut = new DOMParser().parseFromString(markup.replace('&#39;', "'"), 'text/html').querySelector(AMWA_TAG)!;
    expect(() => JSON.parse(cut.getAttribute('settings')!)).toThrow();
  });

  it('applies a changed attribute in place: the screen and what was typed stay', async () => {
    const element = create(JSON.stringify({ routing: 'memory', initialRoute: '/pages/logon/scanner' }));
    document.body.append(element);
    await waitFor(() => expect(heading(element)).toBe('Log on with your scanner'));
    const input = element.shadowRoot!.querySelector('input')!;
    await userEvent.type(input, 'ANNA');
    element.setAttribute('settings', JSON.stringify({ routing: 'memory', initialRoute: '/pages/logon/scanner', language: 'de' }));
    await waitFor(() => expect(heading(element)).toBe('Mit Ihrem Scanner anmelden'));
    expect(element.shadowRoot!.querySelector('input')).toBe(input);
    expect(input.value).toBe('ANNA');
  });

  it('takes the attribute as all of the settings: a field left out goes back to its default', async () => {
    const element = create(JSON.stringify({ routing: 'memory', channel: 'orange' }));
    document.body.append(element);
    const root = () => element.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!;
    await waitFor(() => expect(root().dataset.channel).toBe('orange'));
    element.setAttribute('settings', JSON.stringify({ routing: 'memory' }));
    await waitFor(() => expect(root().dataset.channel).toBe('blue'));
  });

  it('gives its handle while connected', async () => {
    const element = create(JSON.stringify({ routing: 'memory' })) as AmwaPortalElement;
    expect(element.handle).toBeUndefined();
    document.body.append(element);
    element.handle!.navigate('/pages/logout');
    await waitFor(() => expect(heading(element)).toBe('You are now logged off'));
    element.remove();
    expect(element.handle).toBeUndefined();
  });

  it('shows the error page, not an empty widget, for an attribute that is not JSON, and names it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = create('{"routing": "memory", oops');
    const origins: string[] = [];
    element.addEventListener('amwa-generic-exception', (event) => origins.push((event as CustomEvent<{ origin: string }>).detail.origin));
    document.body.append(element);
    await waitFor(() => expect(heading(element)).toBe('Something went wrong'));
    expect(origins).toEqual(['settings.(json)']);
  });

  it.each([
    ['dataLayerName', { dataLayerName: 'AmwaNativeBridge' }],
    ['initialRoute', { initialRoute: '//evil.example' }],
  ])('refuses %s it may not use, in the attribute and in a change of it', async (field, bad) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = create(JSON.stringify({ routing: 'memory', ...bad }));
    const origins: string[] = [];
    element.addEventListener('amwa-generic-exception', (event) => origins.push((event as CustomEvent<{ origin: string }>).detail.origin));
    document.body.append(element);
    await waitFor(() => expect(heading(element)).toBe('Something went wrong'));
    element.setAttribute('settings', JSON.stringify({ routing: 'memory' }));
    await waitFor(() => expect(heading(element)).toBe('Log on with'));
    element.setAttribute('settings', JSON.stringify({ routing: 'memory', ...bad }));
    await waitFor(() => expect(origins).toEqual([`settings.${field}`, `settings.${field}`]));
    expect(heading(element)).toBe('Log on with');
    expect('AmwaNativeBridge' in window).toBe(false);
  });

  it('takes values no JSON can carry through handle.update() without throwing, keeping the attribute\'s settings', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = create(JSON.stringify({ routing: 'memory', channel: 'orange' })) as AmwaPortalElement;
    document.body.append(element);
    const origins: string[] = [];
    element.addEventListener('amwa-generic-exception', (event) => origins.push((event as CustomEvent<{ origin: string }>).detail.origin));
    for (const shape of HOSTILE_SHAPES) expect(() => element.handle!.update({ corporatePortal: shape.make() } as never), shape.name).not.toThrow();
    await waitFor(() => expect(origins).toHaveLength(HOSTILE_SHAPES.length));
    expect(origins.every((origin) => origin.startsWith('settings.corporatePortal'))).toBe(true);
    expect(heading(element)).toBe('Log on with');
    expect(element.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!.dataset.channel).toBe('orange');
  });

  it('refuses a route or a data layer it may not use in the attribute, on connect and on change (property-based, 100 runs)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(hostileSettingsJson, hostileSettingsJson, async (first, second) => {
        const element = create(first.json);
        const origins: string[] = [];
        element.addEventListener('amwa-generic-exception', (event) => origins.push((event as CustomEvent<{ origin: string }>).detail.origin));
        document.body.append(element);
        element.setAttribute('settings', second.json);
        await Promise.resolve();
        // An attribute set to the value it holds is no change.
        expect(origins).toEqual([first, ...(second.json === first.json ? [] : [second])].map(({ field }) => `settings.${field}`));
        element.remove();
        expect('AmwaNativeBridge' in window).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('never throws and never pollutes a prototype, whatever the attribute holds (property-based, 300 runs)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json(), fc.string(), fc.jsonValue().map((value) => JSON.stringify(value))), fc.json(), async (first, second) => {
        const element = create(first);
        document.body.append(element);
        element.setAttribute('settings', second);
        element.removeAttribute('settings');
        // Reports come a microtask later, from a widget still mounted.
        await Promise.resolve();
        element.remove();
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      { numRuns: 300 },
    );
    expect(error).toHaveBeenCalled();
  });
});
