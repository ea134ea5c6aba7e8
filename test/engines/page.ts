// What a flow does with a page, the same in every engine: find a control by role and name
// (through shadow roots), click it with the pointer, type into it, press keys, read focus, and
// list the problems the page had. Waits are on conditions, polled.
import type { Driver } from 'amwa-sandbox/testing';
import type { EnginePrimitives, Key, PageOptions, Engine } from './driver';

/** An accessible name: the exact text, or a pattern. */
export type Name = string | RegExp;

const wanted = (name: Name) => JSON.stringify(typeof name === 'string' ? { text: name } : { regex: name.source, flags: name.flags });
const shown = (name: Name) => (typeof name === 'string' ? `"${name}"` : String(name));

/** How long a flow waits for a condition; a loaded two-core machine answers late. */
export const WAIT_MS = 15_000;

/** Role and accessible name of the focused element. */
export interface FocusedControl {
  role: string;
  name: string;
}

/** A page of any engine, driven the way a user drives it. */
export class DrivenPage {
  constructor(
    private readonly page: EnginePrimitives,
    /** The sandbox origin, e.g. `http://127.0.0.1:41234`. */
    readonly origin: string,
  ) {}

  /** The testing kit's driver for this page: its Puppeteer driver in Chromium and Firefox, its WebdriverIO one in WebKit. */
  get kit(): Driver {
    return this.page.kit;
  }

  /** Opens a fresh page of `engine` at `path` (relative to the sandbox). */
  static async open(engine: Engine, origin: string, path: string, options?: PageOptions): Promise<DrivenPage> {
    const driven = new DrivenPage(await engine.newPage(options), origin);
    await driven.page.goto(new URL(path, origin + '/').href);
    return driven;
  }

  /** Loads `path` (relative to the sandbox) in this page, as typing an address does. */
  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.origin + '/').href);
  }

  /**
   * Polls `expression` in the page until it is truthy and answers it; an evaluation that fails
   * (the page is between two documents) counts as not yet. Fails after `timeoutMs` with `what`.
   */
  async until<T>(expression: string, what: string, timeoutMs = WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await this.page.evaluate<T>(expression);
        if (value) return value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) {
        const problems = await this.problems().catch(() => ['(could not read them)']);
        const headings = await this.names('heading').catch(() => ['(could not read them)']);
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} on ${await this.page.url().catch(() => '?')}${last ? ` (last error: ${String(last)})` : ''}; headings there: ${headings.join(' | ') || 'none'}; the page's problems: ${problems.join(' | ') || 'none'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits until a control with `role` and `name` is visible. */
  async waitFor(role: string, name: Name, timeoutMs?: number): Promise<void> {
    await this.until(`__amwaFind.find(${JSON.stringify(role)}, ${wanted(name)}) !== null`, `${role} ${shown(name)}`, timeoutMs);
  }

  /** Waits for the heading `name`. */
  heading(name: Name): Promise<void> {
    return this.waitFor('heading', name);
  }

  /** The value (fields), `src` (images) or text of a control, once it is there. */
  async value(role: string, name: Name): Promise<string> {
    return this.until<string>(`__amwaFind.value(${JSON.stringify(role)}, ${wanted(name)})`, `the value of ${role} ${shown(name)}`);
  }

  /** Visible names of every control with `role`. */
  names(role: string): Promise<string[]> {
    return this.page.evaluate<string[]>(`__amwaFind.names(${JSON.stringify(role)})`);
  }

  /** Moves the pointer onto the control and clicks it, as a user does. */
  async click(role: string, name: Name): Promise<void> {
    await this.page.clickAt(...(await this.steadyPoint(role, name, 'click')));
  }

  /** Where the control can take the pointer, once it stays there between two looks (no scroll or layout shift under way). */
  private async steadyPoint(role: string, name: Name, what: string): Promise<[number, number]> {
    const expression = `__amwaFind.point(${JSON.stringify(role)}, ${wanted(name)})`;
    for (let tries = 0; ; tries++) {
      const first = await this.until<{ x: number; y: number }>(expression, `${role} ${shown(name)} to ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await this.page.evaluate<{ x: number; y: number } | null>(expression).catch(() => null);
      if ((second && second.x === first.x && second.y === first.y) || tries === 20) return [first.x, first.y];
    }
  }

  /** Moves the pointer onto the control without clicking it. */
  async hover(role: string, name: Name): Promise<void> {
    await this.page.moveTo(...(await this.steadyPoint(role, name, 'point at')));
  }

  /** Clicks the field and types `text` over what it holds. */
  async fill(role: string, name: Name, text: string): Promise<void> {
    await this.click(role, name);
    await this.until(`__amwaFind.isFocused(${JSON.stringify(role)}, ${wanted(name)})`, `focus in ${role} ${shown(name)}`);
    await this.page.evaluate(`__amwaFind.selectAll(${JSON.stringify(role)}, ${wanted(name)})`);
    await this.page.type(text);
  }

  /** Types into whatever has focus. */
  type(text: string): Promise<void> {
    return this.page.type(text);
  }

  /** Presses a key. */
  press(key: Key): Promise<void> {
    return this.page.press(key);
  }

  /** Role and accessible name of the deepest focused element. */
  focused(): Promise<FocusedControl> {
    return this.page.evaluate<FocusedControl>('__amwaFind.focused()');
  }

  /** Waits until the focused element has `role` and `name`. */
  async focusOn(role: string, name: Name): Promise<void> {
    const test = typeof name === 'string' ? `f.name === ${JSON.stringify(name)}` : `new RegExp(${JSON.stringify(name.source)}, ${JSON.stringify(name.flags)}).test(f.name)`;
    await this.until(`((f) => f.role === ${JSON.stringify(role)} && ${test})(__amwaFind.focused())`, `focus on ${role} ${shown(name)} (focused: ${JSON.stringify(await this.focused().catch(() => null))})`);
  }

  /** Presses Tab until the focused element has `role` and `name`; fails after `max` presses. */
  async tabTo(role: string, name: Name, max = 40): Promise<void> {
    const seen: string[] = [];
    for (let presses = 0; presses <= max; presses++) {
      const now = await this.focused();
      if (now.role === role && (typeof name === 'string' ? now.name === name : name.test(now.name))) return;
      seen.push(`${now.role} "${now.name}"`);
      await this.page.press('Tab');
    }
    throw new Error(`tabTo: no ${role} ${shown(name)} within ${max} presses of Tab; focus visited: ${seen.join(', ')}`);
  }

  /** Waits until the address's path is `path`. */
  async waitForPath(path: string): Promise<void> {
    await this.until(`location.pathname === ${JSON.stringify(path)}`, `the address ${path}`);
  }

  /** Evaluates an expression in the page. */
  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate<T>(expression);
  }

  /** Console errors, uncaught errors, unhandled rejections and CSP violations of this tab so far, the page's and the engine's. */
  async problems(): Promise<string[]> {
    return [...(await this.page.evaluate<string[]>('__amwaProblems.all()')), ...this.page.engineProblems()];
  }

  close(): Promise<void> {
    return this.page.close();
  }
}
