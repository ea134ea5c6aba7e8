// What a state's walk drives its widget with: the controls inside the widget's shadow root, and
// the sandbox's control API (faults, knobs, the persona's scanner, the registration e-mails).
import { findButton, findDialog, findField, findHeading, hasText, typeInto, type Name } from './dom';

/** How long one step of a walk may wait for the widget; a loaded CI machine needs the margin. */
export const STEP_TIMEOUT_MS = 20_000;

/** A scripted failure of the next calls to `path` (design section 5). */
export interface Fault {
  path: string;
  status?: number;
  body?: unknown;
  delayMs?: number;
  times?: number;
}

/** The sandbox knobs a walk may set. */
export interface Knobs {
  colourCodeExpirySeconds?: number;
  qrExpirySeconds?: number;
  stepUp?: boolean;
}

/**
 * What the gallery keeps the knobs at while it is open: QR codes last a day, colour codes an hour
 * (a state may count them as expired at once with a margin of an hour), no step-up.
 */
export const BASELINE: Required<Knobs> = { colourCodeExpirySeconds: 3600, qrExpirySeconds: 86_400, stepUp: false };

/** A JSON call to the sandbox's control API, from the page's own origin as it demands. */
export async function control<T = unknown>(call: string, body?: unknown): Promise<T> {
  const response = await fetch(`/__sandbox/${call}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`sandbox ${call}: ${data.error ?? response.status}`);
  return data;
}

const PNG_PREFIX = 'data:image/png;base64,';

/** The widget of one tile, as its walk drives it. */
export class Walker {
  /** `failed` says why the widget gave up (it went to its error page), so a walk stops waiting at once. */
  constructor(
    readonly root: ShadowRoot,
    private readonly failed: () => string | undefined = () => undefined,
  ) {}

  /** Waits until `find` returns something; fails naming `what` after `timeoutMs`, or once the widget failed. */
  async until<T>(what: string, find: () => T | null | undefined | false, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) return found;
      const failure = this.failed();
      if (failure) throw new Error(`the widget failed while waiting for ${what}: ${failure}`);
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits for a heading reading `name`. */
  heading = (name: Name) => this.until(`the heading ${String(name)}`, () => findHeading(this.root, name));

  /** Waits until no heading reads `name` (the step it titled has gone). */
  noHeading = (name: Name) => this.until(`the heading ${String(name)} to go`, () => !findHeading(this.root, name));

  /** Waits for an open dialog titled `name`. */
  dialog = (name: Name) => this.until(`the dialog ${String(name)}`, () => findDialog(this.root, name));

  /** Waits until the widget shows `text`. */
  text = (text: Name) => this.until(`the text ${String(text)}`, () => hasText(this.root, text));

  /** Waits until `text` is gone. */
  gone = (text: Name) => this.until(`${String(text)} to go`, () => !hasText(this.root, text));

  /** Waits for an element matching `selector`. */
  element = <E extends Element = HTMLElement>(selector: string) => this.until(selector, () => this.root.querySelector<E>(selector));

  /** Waits for an operable button (or link) named `name` and presses it. */
  async click(name: Name) {
    (await this.until(`an operable button ${String(name)}`, () => findButton(this.root, name))).click();
  }

  /** Waits for the field labelled `label` and types `value` into it. */
  async fill(label: Name, value: string) {
    typeInto(await this.until(`the field ${String(label)}`, () => findField(this.root, label)), value);
    // The widget takes the edit in its next render; a press that came first would miss it.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  /** The colour code on screen, base64 as the widget received it. */
  async colourCode(): Promise<string> {
    const image = await this.element<HTMLImageElement>(`.amwa-colour-code[data-state="shown"] img.amwa-colour-code__image:not(.amwa-colour-code__placeholder)`);
    return image.src.slice(PNG_PREFIX.length);
  }

  /** What `userId`'s scanner shows for the colour code on screen, digits only. */
  async scan(userId: string): Promise<string> {
    const { display } = await control<{ display: string }>('scanner/scan', { userId, image: await this.colourCode() });
    return display.replace(/-/g, '');
  }

  /** The registration code last e-mailed to `userId`. */
  async registrationCode(userId: string): Promise<string> {
    const mails = await control<{ code: string }[]>(`outbox?userId=${encodeURIComponent(userId)}`);
    const code = mails.at(-1)?.code;
    if (!code) throw new Error(`no registration e-mail for ${userId}`);
    return code;
  }

  /** The mobile app approves the newest QR code waiting: only in a walk that runs alone from the start. */
  confirmMobile = (mode: 'logon' | 'link') => control('mobile/confirm', { mode });

  /** Makes the next call to `fault.path` fail or wait: only in an exclusive walk. */
  fault = (fault: Fault) => control('faults', { times: 1, ...fault });

  /** Sets sandbox knobs: only in an exclusive walk, which puts the baseline back when it ends. */
  knobs = (knobs: Knobs) => control('config', knobs);

  /**
   * Runs `section` while no other walk uses `userId`'s registration code: a new code replaces
   * the one another walk is about to type.
   */
  async persona(userId: string, section: () => Promise<unknown>): Promise<void> {
    await navigator.locks.request(`amwa-gallery-persona-${userId}`, section);
  }
}
