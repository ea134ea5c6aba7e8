// A server-rendered <AmwaPortal> taken over by the host's hydrateRoot. happy-dom's parser keeps a
// `<template shadowrootmode>` as a template, as a browser without declarative shadow DOM does; a
// browser that has it is played by attaching the template's content as the shadow root, as its
// parser does (the real browsers: test/e2e/react-ssr.e2e.ts).
import { waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AmwaPortal } from './react';

const settings = { basePath: '/access', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' } as const;

let root: Root | undefined;
const cleanups: Array<() => void> = [];
afterEach(() => {
  root?.unmount();
  root = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.replaceChildren();
});

/** The page's HTML as the server sent it, rendered where there is no document. */
function serverHtml(props: Parameters<typeof AmwaPortal>[0]): string {
  vi.stubGlobal('document', undefined);
  try {
    return renderToString(<main>{<AmwaPortal {...props} />}</main>);
  } finally {
    vi.unstubAllGlobals();
  }
}

/** The HTML parsed into the page as a browser's parser does; with `declarativeShadowDom`, the template attached as the host's shadow root. */
function parse(html: string, declarativeShadowDom: boolean): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'));
  container.append(...document.importNode(new DOMParser().parseFromString(html, 'text/html').body, true).childNodes);
  if (declarativeShadowDom) {
    Object.defineProperty(HTMLTemplateElement.prototype, 'shadowRootMode', { configurable: true, get: () => 'open' });
    cleanups.push(() => delete (HTMLTemplateElement.prototype as { shadowRootMode?: string }).shadowRootMode);
    for (const template of container.querySelectorAll<HTMLTemplateElement>('template[shadowrootmode]')) {
      template.parentElement!.attachShadow({ mode: 'open' }).append(template.content);
      template.remove();
    }
  } else {
    // A browser's template has no children in the DOM tree (they are its content, a fragment of
    // their own); happy-dom's shows the content's as its own, so the content goes.
    for (const template of container.querySelectorAll('template')) template.content.replaceChildren();
  }
  return container;
}

describe('<AmwaPortal> rendered on the server, taken over in the browser', () => {
  const props = { id: 'portal', settings, request: { url: 'http://localhost:3000/access/', cookies: '' } };

  it("keeps the server's Home (the same nodes) and reports no mismatch and no error", async () => {
    const error = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = parse(serverHtml(props), true);
    const host = container.querySelector('#portal')!;
    const heading = host.shadowRoot!.querySelector('h1')!;
    expect(heading.textContent).toBe('Log on with');
    const onReady = vi.fn();
    root = hydrateRoot(container, <main>{<AmwaPortal {...props} onReady={onReady} />}</main>, { onRecoverableError: recoverable });
    await waitFor(() => expect(onReady).toHaveBeenCalled());
    expect(host.shadowRoot!.querySelector('h1')).toBe(heading);
    expect(host.shadowRoot!.querySelectorAll('.amwa-root')).toHaveLength(1);
    // The adopted stylesheet took the server's <style> over.
    expect(host.shadowRoot!.querySelector('style')).toBeNull();
    expect(host.shadowRoot!.adoptedStyleSheets.length).toBeGreaterThan(0);
    expect(recoverable).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('without declarative shadow DOM, renders Home anew in a shadow root of its own, with no error', async () => {
    const error = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = parse(serverHtml(props), false);
    const host = container.querySelector('#portal')!;
    expect(host.shadowRoot).toBeNull();
    const onReady = vi.fn();
    root = hydrateRoot(container, <main>{<AmwaPortal {...props} onReady={onReady} />}</main>, { onRecoverableError: recoverable });
    await waitFor(() => expect(onReady).toHaveBeenCalled());
    expect(host.shadowRoot!.querySelector('h1')!.textContent).toBe('Log on with');
    expect(recoverable).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('nothing of a server-rendered widget runs after the host unmounts it', async () => {
    const container = parse(serverHtml(props), true);
    const onReady = vi.fn();
    root = hydrateRoot(container, <main>{<AmwaPortal {...props} onReady={onReady} />}</main>);
    await waitFor(() => expect(onReady).toHaveBeenCalled());
    const host = container.querySelector('#portal')!;
    root!.unmount();
    root = undefined;
    // The widget's own root unmounts in a microtask (React cannot unmount one root inside another's commit).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(host.shadowRoot!.querySelector('.amwa-root')).toBeNull();
  });

  it("under StrictMode's rehearsal (development), renders anew after the rehearsal's unmount, with no error", async () => {
    const error = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = parse(serverHtml(props), true);
    const onReady = vi.fn();
    root = hydrateRoot(
      container,
      <StrictMode>
        <main>{<AmwaPortal {...props} onReady={onReady} />}</main>
      </StrictMode>,
      { onRecoverableError: recoverable },
    );
    await waitFor(() => expect(onReady).toHaveBeenCalled());
    const shadow = container.querySelector('#portal')!.shadowRoot!;
    expect(shadow.querySelectorAll('.amwa-root')).toHaveLength(1);
    expect(shadow.querySelector('h1')!.textContent).toBe('Log on with');
    expect(recoverable).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
