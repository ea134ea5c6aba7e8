// @vitest-environment node
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { GALLERY_PATH } from './gallery';
import { createSandbox } from './index';

const send = (url: string) => createSandbox().fetch(new Request(url));
const parse = async (response: Response) => new new Window().DOMParser().parseFromString(await response.text(), 'text/html');

describe('the screen gallery', () => {
  it('serves the gallery page on a localhost name, with the gallery bundle, linked from the demo index', async () => {
    const page = await send(`http://localhost:4400${GALLERY_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const doc = await parse(page);
    expect(doc.querySelector('h1')?.textContent).toBe('Screen gallery');
    expect(doc.querySelector('#gallery')).not.toBeNull();
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/dist-examples/gallery.js');
    const index = await parse(await send('http://localhost:4400/'));
    expect(index.querySelector(`a[href="${GALLERY_PATH}"]`)?.textContent).toBe('Screen gallery');
  });

  it.each(['127.0.0.1:4400', '127.1.2.3:4400', '[::1]:4400'])('moves a page on the loopback address %s to localhost, keeping port and query', async (host) => {
    const response = await send(`http://${host}${GALLERY_PATH}?lang=de&width=320`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`http://localhost:4400${GALLERY_PATH}?lang=de&width=320`);
  });

  it('serves a frame page for a state id and nothing for anything else', async () => {
    const tile = await send(`http://localhost:4400${GALLERY_PATH}/tile/scanner-code-400`);
    expect(tile.status).toBe(200);
    const doc = await parse(tile);
    expect(doc.body.dataset.galleryTile).toBe('scanner-code-400');
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.querySelector('main#tile')).not.toBeNull();
    for (const id of ['Scanner', 'scanner--code', '-scanner', 'scanner-', '%2E%2E', 'a'.repeat(64), 'a"b']) {
      expect((await send(`http://localhost:4400${GALLERY_PATH}/tile/${id}`)).status, id).toBe(404);
    }
  });
});
