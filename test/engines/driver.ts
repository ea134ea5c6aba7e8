// One way to drive a page in any engine. Each engine implements a handful of primitives (go to
// a url, evaluate an expression, click at a point, press keys); finding controls by role and name
// through shadow roots, reading focus and collecting problems happen in the page, by the same
// script in every engine, so a flow is written once and means the same everywhere.
import type { Driver } from 'amwa-sandbox/testing';
import { clickPoint } from '../../packages/amwa-sandbox/src/testing/driver';

/** The engines the suite runs its core flows in. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** Keys a flow presses; `Shift+Tab` goes backwards. */
export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Space';

/** What each engine implements. */
export interface EnginePrimitives {
  /** Loads `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** The page's address. */
  url(): Promise<string>;
  /** Evaluates a JavaScript expression in the page (its value must be JSON); the in-page helpers are there. */
  evaluate<T>(expression: string): Promise<T>;
  /** A real pointer click at a point of the viewport (CSS pixels): pointerover, pointerdown, focus, click. */
  clickAt(x: number, y: number): Promise<void>;
  /** Moves the pointer to a point of the viewport (CSS pixels), without a click. */
  moveTo(x: number, y: number): Promise<void>;
  /** Types `text` into the focused element, key by key. */
  type(text: string): Promise<void>;
  /** Presses one key. */
  press(key: Key): Promise<void>;
  /** The testing kit's driver over this page's automation tool (amwa-sandbox/testing): the suite's logons and activation go through it. */
  readonly kit: Driver;
  /** Problems the engine itself reported (console errors, uncaught errors), beyond what the page script saw. */
  engineProblems(): string[];
  /** Closes the page and its browser context. */
  close(): Promise<void>;
}

/** Options of a new page. */
export interface PageOptions {
  /** Viewport width; WebKitGTK's windows are no narrower than about 447 px. */
  width?: number;
  height?: number;
  /** Requests whose url matches are held back until `release()` (see `DelayedRequests`). */
  delay?: RegExp;
}

/** A browser of one engine. */
export interface Engine {
  readonly name: EngineName;
  /** Browser name and version, for the run's log. */
  readonly version: string;
  /** A fresh page in its own context (own cookies and storage); `about:blank` until `goto`. */
  newPage(options?: PageOptions): Promise<EnginePrimitives>;
  close(): Promise<void>;
}

// Records console errors, uncaught errors, unhandled rejections and CSP violations. Kept in
// sessionStorage too, so a problem raised while the page is being left (an aborted import)
// survives into the next page of the tab. Idempotent: WebKit has no init scripts, so it runs
// before every evaluation there, and the first one after a navigation installs it.
export const CAPTURE = `(() => {
  if (globalThis.__amwaProblems) return;
  const KEY = '__amwaProblems';
  const read = () => { try { return JSON.parse(sessionStorage.getItem(KEY) || '[]'); } catch { return []; } };
  const lines = [];
  globalThis.__amwaProblems = { all: () => { const stored = read(); return stored.length >= lines.length ? stored : lines; } };
  const record = (line) => {
    lines.push(line);
    try { sessionStorage.setItem(KEY, JSON.stringify([...read(), line])); } catch {}
  };
  const text = (value) => value instanceof Error ? (value.name + ': ' + value.message) : typeof value === 'string' ? value : (() => { try { return JSON.stringify(value); } catch { return String(value); } })();
  const original = console.error;
  console.error = function (...args) {
    record('console.error: ' + args.map(text).join(' ') + ' (' + location.pathname + ')');
    return original.apply(this, args);
  };
  addEventListener('error', (event) => {
    if (event.target !== window && event.target !== undefined && event.target !== null && !(event instanceof ErrorEvent)) return;
    record('page error: ' + text(event.error ?? event.message) + ' (' + location.pathname + ')');
  }, true);
  addEventListener('unhandledrejection', (event) => record('unhandled rejection: ' + text(event.reason) + ' (' + location.pathname + ')'));
  document.addEventListener('securitypolicyviolation', (event) => record('csp violation: ' + [event.effectiveDirective, event.blockedURI, event.sourceFile + ':' + event.lineNumber, event.sample].join(' | ')), true);
})()`;

// Finds controls the way a user names them, through every open shadow root: by role (explicit or
// implied by the element) and accessible name (aria-labelledby, aria-label, label, alt, text).
export const HELPERS = `(() => {
  // Firefox can show an evaluation the helpers of a previous document of the tab: they would search that one.
  if (globalThis.__amwaFind && globalThis.__amwaFind.document === document) return;
  const all = (root, found = []) => {
    for (const element of root.querySelectorAll('*')) {
      found.push(element);
      if (element.shadowRoot) all(element.shadowRoot, found);
    }
    return found;
  };
  const squash = (value) => (value || '').replace(/\\s+/g, ' ').trim();
  const role = (element) => {
    const explicit = element.getAttribute('role');
    if (explicit) return explicit.split(' ')[0];
    const tag = element.tagName.toLowerCase();
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'button' || (tag === 'input' && /^(button|submit|reset)$/.test(element.type))) return 'button';
    if (tag === 'a' && element.hasAttribute('href')) return 'link';
    if (tag === 'textarea' || (tag === 'input' && /^(text|email|tel|url|search|password)$/.test(element.type))) return 'textbox';
    if (tag === 'input' && element.type === 'radio') return 'radio';
    if (tag === 'input' && element.type === 'checkbox') return 'checkbox';
    if (tag === 'img' && element.getAttribute('alt')) return 'img';
    if (tag === 'dialog') return 'dialog';
    return tag;
  };
  const byId = (element, id) => element.getRootNode().getElementById?.(id) ?? element.getRootNode().querySelector?.('#' + CSS.escape(id));
  const name = (element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return squash(labelledBy.split(/\\s+/).map((id) => byId(element, id)?.textContent ?? '').join(' '));
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    if (element.labels && element.labels.length) return squash([...element.labels].map((one) => one.textContent).join(' '));
    if (element.tagName === 'IMG') return squash(element.getAttribute('alt'));
    return squash(element.textContent);
  };
  const visible = (element) => element.checkVisibility ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0;
  const matches = (value, wanted) => wanted.regex ? new RegExp(wanted.regex, wanted.flags).test(value) : value === wanted.text;
  const deepActive = () => {
    let element = document.activeElement;
    while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
    return element === document.body || element === document.documentElement ? null : element;
  };
  const clickPoint = ${clickPoint.toString()};
  globalThis.__amwaFind = {
    document,
    find(wantedRole, wanted) {
      return all(document).find((element) => role(element) === wantedRole && visible(element) && matches(name(element), wanted)) ?? null;
    },
    /**
     * Scrolls the control into view and answers its centre, or null until it can take a click
     * there, as Playwright's actionability checks have it: present, enabled, and on top at that point.
     */
    point(wantedRole, wanted) {
      return clickPoint(this.find(wantedRole, wanted));
    },
    /** Selects a field's text, so typing replaces it as a fill does. */
    selectAll(wantedRole, wanted) {
      const element = this.find(wantedRole, wanted);
      element?.select?.();
      return element !== null;
    },
    isFocused(wantedRole, wanted) {
      const element = this.find(wantedRole, wanted);
      return element !== null && element === deepActive();
    },
    focused() {
      const element = deepActive();
      return element ? { role: role(element), name: name(element) } : { role: 'none', name: '' };
    },
    value(wantedRole, wanted) {
      const element = this.find(wantedRole, wanted);
      return element ? (element.value ?? element.getAttribute('src') ?? element.textContent) : null;
    },
    names(wantedRole) {
      return all(document).filter((element) => role(element) === wantedRole && visible(element)).map(name);
    },
  };
})()`;
