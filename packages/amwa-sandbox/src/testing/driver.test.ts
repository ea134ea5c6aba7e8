// The page-side lookup every non-Playwright driver uses: role and accessible name, through open
// shadow roots, skipping what is hidden.
import { createContext, runInContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { domDriver } from './dom-driver';
import { findByRole, installInCurrentDocument, logHeardEvents, serialName } from './driver';

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

describe('logHeardEvents', () => {
  // The page-side source run as a page runs it, in a context of its own with a document to listen on.
  function page({ top = true } = {}) {
    const lines: string[] = [];
    const window = { document: new EventTarget(), location: { origin: 'http://127.0.0.1:8080' }, console: { debug: (line: string) => lines.push(line) } } as Record<string, unknown>;
    window.top = top ? window : {};
    window.window = window;
    const context = createContext(window);
    return { run: (source: string) => runInContext(source, context), dispatch: (type: string) => (window.document as EventTarget).dispatchEvent(new CustomEvent(type, { detail: { n: 1 } })), lines, window };
  }

  it('listens once however often it runs in one document (as the script for new documents and by hand), until taken off', () => {
    const { run, dispatch, lines, window } = page();
    const listen = logHeardEvents(['amwa-logout'], '__off1', 'f'.repeat(32));
    run(listen);
    run(listen);
    dispatch('amwa-logout');
    dispatch('amwa-other');
    expect(lines).toEqual([`[amwa-testing]${'f'.repeat(32)}["http://127.0.0.1:8080","amwa-logout",{"n":1}]`]);
    (window.__off1 as () => void)();
    dispatch('amwa-logout');
    expect(lines).toHaveLength(1);
  });

  it('listens in no iframe', () => {
    const { run, dispatch, lines } = page({ top: false });
    run(logHeardEvents(['amwa-logout'], '__off1', 'f'.repeat(32)));
    dispatch('amwa-logout');
    expect(lines).toEqual([]);
  });
});

describe('installInCurrentDocument', () => {
  it('runs once more when a page load took the document (and the first run) with it', async () => {
    const documents = ['old', 'new'];
    const runs: string[] = [];
    await installInCurrentDocument(async () => {
      runs.push(documents.shift()!);
      if (runs.length === 1) throw new Error('Execution context was destroyed, most likely because of a navigation.');
    });
    expect(runs).toEqual(['old', 'new']);
  });

  it("leaves a second failure (a page that is gone) to the caller", async () => {
    let runs = 0;
    await expect(installInCurrentDocument(async () => Promise.reject(new Error(`Target closed (run ${++runs})`)))).rejects.toThrow('Target closed (run 2)');
  });
});
