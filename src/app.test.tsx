import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AmwaApp } from './app';
import type { AmwaServices } from './context';
import { createStore } from './core/flows/store';
import { bundledEnglish, createI18n } from './core/i18n';
import { createMemoryHistory } from './core/router';
import { createScope } from './core/scope';
import { parseSettings, type Settings } from './core/settings';

// The network edge of a lazy chunk: the error page's chunk cannot be fetched.
vi.mock('./pages/error-page', () => {
  throw new Error('network down');
});

const services = async (): Promise<AmwaServices> => {
  const scope = createScope();
  const settings = (parseSettings({ routing: 'memory' }) as { ok: true; settings: Settings }).settings;
  const i18n = createI18n('en-GB', bundledEnglish('en-GB'), bundledEnglish('en-GB'), false);
  const noop = () => {};
  return {
    settings,
    scope,
    emit: noop,
    on: () => noop,
    i18n,
    live: createStore({ settings, i18n, revision: 0 }),
    completeTexts: () => Promise.resolve(),
    ready: noop,
    api: { request: () => Promise.reject(new Error('no network in this test')) },
    errors: { handle: vi.fn(() => 'generic' as const) },
    traceLog: { trace: noop, traceError: noop, settled: () => Promise.resolve(), warm: noop },
    cookies: { logonType: { get: () => undefined, set: noop, clear: noop }, userId: { get: () => undefined, set: noop, clear: noop }, tdid: { get: () => undefined, set: noop }, analyticsLogging: () => false, storeAccessParams: () => [] },
    analytics: { pageLoad: noop, consented: noop, element: noop, view: noop, step: noop },
    session: new Promise(() => {}),
    idPrefix: 'amwa1-',
    portalRoot: document.body,
    activityTargets: [],
  } as AmwaServices;
};

describe('AmwaApp', () => {
  it('says so in the shell when the error page itself cannot be loaded, instead of looping', async () => {
    const deps = await services();
    render(<AmwaApp services={deps} history={createMemoryHistory('/pages/error')} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    await waitFor(() => expect(deps.errors.handle).not.toHaveBeenCalled());
  });

  it('follows a navigation that lands between the first render and its history subscription', async () => {
    const deps = await services();
    const memory = createMemoryHistory('/');
    // The host calls navigate() as soon as Home is on screen, before React has run the effect
    // that listens to the history.
    const history = { ...memory, listen: (listener: () => void) => (memory.push('/pages/unknown'), memory.listen(listener)) };
    render(<AmwaApp services={deps} history={history} />);
    // These services hold only the bundled first-screen texts, so the 404 page shows its keys.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('notFound.title'));
  });

  it('starts the chunk and the full texts of a page opened directly in the first render, and loads them once', async () => {
    const deps = await services();
    const calls: Array<'before the DOM' | 'after'> = [];
    deps.completeTexts = () => (calls.push(document.querySelector('.amwa-app') ? 'after' : 'before the DOM'), Promise.resolve());
    render(<AmwaApp services={deps} history={createMemoryHistory('/pages/unknown')} />);
    // While rendering, before the widget's elements exist and its effects run; never again after.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('notFound.title'));
    expect(calls).toEqual(['before the DOM']);
  });
});
