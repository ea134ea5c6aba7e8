// dist/amwa.standalone.js, as a plain <script type="module"> loads it: registers <amwa-portal>
// on import, renders Home and lazy pages from its own chunks, with React swapped for preact.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fromDist, type AmwaModule } from './from-dist';
import { trackLeaks } from './leaks';

const standalone = await fromDist<AmwaModule>('amwa.standalone.js');

let leaks: ReturnType<typeof trackLeaks>;
beforeEach(() => {
  leaks = trackLeaks();
});
afterEach(() => leaks.stop());

const heading = (element: Element) => element.shadowRoot?.querySelector('h1')?.textContent;

test('importing the bundle registers <amwa-portal>', () => {
  expect(customElements.get(standalone.AMWA_TAG)).toBeTypeOf('function');
});

test('<amwa-portal> renders Home, loads a lazy page from the bundle chunks and cleans up on removal', async () => {
  const element = document.createElement(standalone.AMWA_TAG);
  element.setAttribute('settings', JSON.stringify({ basePath: '/access', routing: 'memory' }));
  document.body.append(element);
  await vi.waitFor(() => expect(heading(element)).toBe('Log on with'));

  element.setAttribute('settings', JSON.stringify({ basePath: '/access', routing: 'memory', initialRoute: '/pages/logout' }));
  await vi.waitFor(() => expect(heading(element)).toMatch(/^(?!Log on with$)\S/), { timeout: 5000 });

  element.remove();
  expect(element.shadowRoot!.childNodes).toHaveLength(0);
  expect(leaks.leftovers()).toEqual([]);
});

test('mount() from the bundle works without the custom element', async () => {
  const host = document.createElement('div');
  document.body.append(host);
  const handle = standalone.mount(host, { basePath: '/access', routing: 'memory' });
  await vi.waitFor(() => expect(heading(host)).toBe('Log on with'));
  handle.unmount();
  host.remove();
  expect(leaks.leftovers()).toEqual([]);
});
