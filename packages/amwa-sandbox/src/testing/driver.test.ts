// The page-side lookup every non-Playwright driver uses: role and accessible name, through open
// shadow roots, skipping what is hidden.
import { afterEach, describe, expect, it } from 'vitest';
import { domDriver } from './dom-driver';
import { findByRole, serialName } from './driver';

afterEach(() => document.body.replaceChildren());

/** A host element whose open shadow root holds `html`, as the widget renders. */
function shadowWidget(html: string) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = host.attachShadow({ mode: 'open' });
  root.append(...new DOMParser().parseFromString(html, 'text/html').body.childNodes);
  return root;
}

const find = (role: 'button' | 'textbox' | 'img' | 'link' | 'heading', name: string | RegExp) => findByRole(document, role, serialName({ role, name }));

describe('findByRole', () => {
  it('finds controls inside an open shadow root by the names the widget gives them', () => {
    const root = shadowWidget(`
      <h1>Log on with your scanner</h1>
      <label for="user">User ID</label><input id="user" type="text">
      <label>Response code <span>(7 digits)</span><input type="text" name="code"></label>
      <span id="next-label">Next</span><button aria-labelledby="next-label"><svg></svg></button>
      <img alt="Colour code to scan with your scanner" src="data:image/png;base64,AA">
      <a href="/x" aria-label="Help topic">?</a>`);
    expect(find('heading', 'Log on with your scanner')?.tagName).toBe('H1');
    expect(find('textbox', 'User ID')).toBe(root.getElementById('user'));
    expect(find('textbox', /^Response code/)?.getAttribute('name')).toBe('code');
    expect(find('button', 'Next')?.getAttribute('aria-labelledby')).toBe('next-label');
    expect(find('img', 'Colour code to scan with your scanner')?.getAttribute('src')).toBe('data:image/png;base64,AA');
    expect(find('link', 'Help topic')?.getAttribute('href')).toBe('/x');
  });

  it('matches whole names only, and skips hidden and inert controls', () => {
    shadowWidget(`<button hidden>Log on</button><div inert><button>Log on</button></div><button>Log on now</button>`);
    expect(find('button', 'Log on')).toBeNull();
    expect(find('button', 'Log on now')?.textContent).toBe('Log on now');
  });
});

describe('domDriver', () => {
  it('types as a user would and hears the events the widget dispatches, until stopped', async () => {
    const root = shadowWidget(`<label for="f">User ID</label><input id="f" type="text">`);
    const typed: string[] = [];
    root.getElementById('f')!.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).value));
    const driver = domDriver(document);
    const log = await driver.hear(['amwa-next']);
    await driver.fill({ role: 'textbox', name: 'User ID' }, 'EMMA0005');
    root.getElementById('f')!.dispatchEvent(new CustomEvent('amwa-next', { detail: { step: 'userId' }, bubbles: true, composed: true }));
    log.stop();
    root.getElementById('f')!.dispatchEvent(new CustomEvent('amwa-next', { detail: { step: 'late' }, bubbles: true, composed: true }));
    expect(typed).toEqual(['EMMA0005']);
    expect(log.read()).toEqual([{ type: 'amwa-next', detail: { step: 'userId' } }]);
    expect(await driver.url()).toBeUndefined();
  });
});
