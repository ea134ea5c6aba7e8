// <amwa-portal> from the built `amwa` entry: mounts on connect, re-mounts on a settings change,
// unmounts on disconnect without leaving a timer or listener.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fromDist, type AmwaModule } from './from-dist';
import { trackLeaks } from './leaks';

const { defineAmwaElement, AMWA_TAG } = await fromDist<AmwaModule>('index.js');

let leaks: ReturnType<typeof trackLeaks>;
beforeEach(() => {
  leaks = trackLeaks();
});
afterEach(() => leaks.stop());

const heading = (element: Element) => element.shadowRoot?.querySelector('h1')?.textContent;

test('defineAmwaElement registers <amwa-portal> once', () => {
  defineAmwaElement();
  const registered = customElements.get(AMWA_TAG);
  expect(registered).toBeTypeOf('function');
  defineAmwaElement();
  expect(customElements.get(AMWA_TAG)).toBe(registered);
});

test('<amwa-portal settings> renders Home, follows a settings change and cleans up on removal', async () => {
  defineAmwaElement();
  const element = document.createElement(AMWA_TAG);
  element.setAttribute('settings', JSON.stringify({ basePath: '/access', routing: 'memory' }));
  document.body.append(element);
  await vi.waitFor(() => expect(heading(element)).toBe('Log on with'));

  element.setAttribute('settings', JSON.stringify({ basePath: '/access', routing: 'memory', initialRoute: '/pages/not-found' }));
  await vi.waitFor(() => expect(heading(element)).toMatch(/^(?!Log on with$)\S/), { timeout: 5000 });

  element.remove();
  expect(element.shadowRoot!.childNodes).toHaveLength(0);
  expect(leaks.leftovers()).toEqual([]);
});
