import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type AmwaHandle } from './mount';

// The session wiring of mount(): which widget of the origin leads the token refresh, as a
// `data-session-leader` attribute on the root and the `amwa-session-leader` event. Widgets on
// one page elect over the same BroadcastChannel as tabs do. The session layer loads at idle or
// on the first interaction with the widget: each widget here is focused once.
const settings = { basePath: '/access', routing: 'memory', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' } as const;
const handles: AmwaHandle[] = [];
const hosts: HTMLElement[] = [];

const open = () => {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  const heard: boolean[] = [];
  const handle = mount(host, settings, { on: { 'amwa-session-leader': ({ leader }) => heard.push(leader) } });
  handles.push(handle);
  host.shadowRoot!.querySelector('.amwa-root')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  const leading = () => host.shadowRoot?.querySelector('.amwa-root')?.getAttribute('data-session-leader');
  return { host, handle, heard, leading };
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  for (const handle of handles.splice(0)) handle.unmount();
  for (const host of hosts.splice(0)) host.remove();
  delete (window as { AmwaNativeBridge?: unknown }).AmwaNativeBridge;
});

describe('mount: session leadership', () => {
  it('marks exactly one widget as leader and hands the lead over when it unmounts', async () => {
    const a = open();
    await waitFor(() => expect(a.leading()).toBe('true'), { timeout: 3_000 });
    expect(a.heard).toEqual([true]);
    const domEvent = vi.fn();
    const b = open();
    b.host.addEventListener('amwa-session-leader', (event) => domEvent((event as CustomEvent).detail));
    await waitFor(() => expect(b.leading()).toBe('false'));
    // Well past the 1 s of silence a tab waits for before it takes the lead.
    await vi.advanceTimersByTimeAsync(1_500);
    expect([a.leading(), b.leading()]).toEqual(['true', 'false']);

    a.handle.unmount();
    await waitFor(() => expect(b.leading()).toBe('true'), { timeout: 3_000 });
    expect(b.heard).toEqual([true]);
    expect(domEvent).toHaveBeenCalledWith({ leader: true });
  });

  it('never leads inside the native app', async () => {
    (window as { AmwaNativeBridge?: unknown }).AmwaNativeBridge = { postMessage: () => undefined };
    const a = open();
    await waitFor(() => expect(a.leading()).toBe('false'));
    await vi.advanceTimersByTimeAsync(1_500);
    expect([a.leading(), a.heard]).toEqual(['false', []]);
  });
});
