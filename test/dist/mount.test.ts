// mount() from the built `amwa` entry: renders Home, updates, navigates into a lazy chunk,
// and unmount() leaves no node, timer or listener behind.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fromDist, type AmwaModule } from './from-dist';
import { trackLeaks } from './leaks';

const { mount } = await fromDist<AmwaModule>('index.js');

let leaks: ReturnType<typeof trackLeaks>;
let host: HTMLDivElement;
beforeEach(() => {
  history.replaceState(null, '', '/access/');
  leaks = trackLeaks();
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  leaks.stop();
  host.remove();
});

const heading = (root: ParentNode | null | undefined) => root?.querySelector('h1')?.textContent;

test('renders Home into an open shadow root, and unmount leaves nothing behind', async () => {
  const handle = mount(host, JSON.stringify({ basePath: '/access' }));
  await vi.waitFor(() => expect(heading(host.shadowRoot)).toBe('Log on with'));
  expect(host.childNodes).toHaveLength(0);
  expect(host.shadowRoot!.adoptedStyleSheets.length).toBeGreaterThan(0);

  handle.unmount();
  expect(host.shadowRoot!.childNodes).toHaveLength(0);
  expect(host.shadowRoot!.adoptedStyleSheets).toHaveLength(0);
  expect(leaks.leftovers()).toEqual([]);
});

test('renders in light DOM with isolation "none" and cleans up the same way', async () => {
  const handle = mount(host, { basePath: '/access', isolation: 'none', routing: 'memory' });
  await vi.waitFor(() => expect(heading(host)).toBe('Log on with'));
  expect(host.shadowRoot).toBeNull();

  handle.unmount();
  expect(host.childNodes).toHaveLength(0);
  expect(leaks.leftovers()).toEqual([]);
});

test('on() hears typed events until its off() is called; update() applies settings in place', async () => {
  const pageLoads: string[] = [];
  const handle = mount(host, { basePath: '/access', routing: 'memory' });
  const off = handle.on('amwa-page-load', ({ pageName }) => pageLoads.push(pageName));
  await vi.waitFor(() => expect(pageLoads).toEqual(['logon:choose-access-means']));

  handle.update('{"channel": "orange", "language": "de"}');
  await vi.waitFor(() => expect(heading(host.shadowRoot)).toBe('Anmelden mit'));
  expect(host.shadowRoot?.querySelector('[data-channel]')?.getAttribute('data-channel')).toBe('orange');
  expect(pageLoads).toEqual(['logon:choose-access-means']);

  off();
  handle.navigate('/pages/logout');
  // Every page but Home comes in one chunk with the session layer: more to evaluate on a busy machine.
  await vi.waitFor(() => expect(heading(host.shadowRoot)).toBe('Sie sind jetzt abgemeldet'), { timeout: 5000 });
  expect(pageLoads).toEqual(['logon:choose-access-means']);

  handle.unmount();
  expect(leaks.leftovers()).toEqual([]);
});

test('navigate() reaches a lazily loaded page through the built chunks', async () => {
  const handle = mount(host, { basePath: '/access', routing: 'memory' });
  await vi.waitFor(() => expect(heading(host.shadowRoot)).toBe('Log on with'));

  handle.navigate('/pages/logout');
  await vi.waitFor(() => expect(heading(host.shadowRoot)).toMatch(/^(?!Log on with$)\S/), { timeout: 5000 });

  handle.unmount();
  expect(leaks.leftovers()).toEqual([]);
});

test('bad settings fire amwa-generic-exception naming the field, as a typed callback and a DOM event', async () => {
  const domEvents: unknown[] = [];
  host.addEventListener('amwa-generic-exception', (event) => domEvents.push((event as CustomEvent).detail));
  const onException = vi.fn();
  const handle = mount(host, '{"basePath": "/access", "bmgApiTimeout": -1}', { on: { 'amwa-generic-exception': onException } });
  await vi.waitFor(() => expect(onException).toHaveBeenCalledOnce());
  expect(onException.mock.calls[0]![0]).toMatchObject({ origin: 'settings.bmgApiTimeout' });
  expect(domEvents).toEqual([onException.mock.calls[0]![0]]);
  // The report comes at once; the widget renders in the next task and shows the error page.
  await vi.waitFor(() => expect(heading(host.shadowRoot)).toBe('Something went wrong'), { timeout: 5000 });

  handle.unmount();
  expect(leaks.leftovers()).toEqual([]);
});

test('gives two light-DOM widgets ids of their own (issue 30): a label of widget 2 names widget 2\'s field', async () => {
  const other = document.createElement('div');
  document.body.append(other);
  const light = { basePath: '/access', isolation: 'none', routing: 'memory', initialRoute: '/pages/logon/scanner' } as const;
  const first = mount(host, light);
  const second = mount(other, light);
  const userId = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[autocomplete="username"]');
  // The scanner logon comes in a chunk of its own: more to evaluate on a busy machine.
  await vi.waitFor(() => expect(userId(host) && userId(other)).toBeTruthy(), { timeout: 5000 });
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  expect(ids.length).toBeGreaterThan(2);
  expect(new Set(ids).size).toBe(ids.length);
  const label = other.querySelector<HTMLLabelElement>(`label[for="${userId(other)!.id}"]`)!;
  // The field a click on the label focuses (the e2e suite clicks it in Chromium).
  expect(label.control).toBe(userId(other));
  first.unmount();
  second.unmount();
  other.remove();
  expect(leaks.leftovers()).toEqual([]);
});
