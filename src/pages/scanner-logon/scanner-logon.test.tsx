import { fireEvent, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileLocaleLoader } from '../../../test/locale-loader';
import { mount, type AmwaHandle } from '../../mount';

// The scanner logon opened directly: the user ID step is the page's first render, tasks before
// the session layer and the flow are there (they come in tasks of their own), and the flow takes
// over what the step shows and what was done on it meanwhile. Only the network is faked.
let host: HTMLElement;
let handle: AmwaHandle | undefined;
let calls: string[];

/**
 * Opens the page; `onFirstScreen` runs in the task that first shows the user ID field (a mutation
 * observer's callback comes before the task ends), before the session layer and the flow, which
 * come in tasks of their own.
 */
const open = async (onFirstScreen: (view: BoundFunctions<typeof queries>) => void = () => {}) => {
  const view = () => within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);
  handle = mount(
    host,
    { routing: 'memory', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example', initialRoute: '/pages/logon/scanner' },
    { loadLocale: fileLocaleLoader },
  );
  const watch = new MutationObserver(() => {
    if (!host.shadowRoot?.querySelector('input[name="username"]')) return;
    watch.disconnect();
    onFirstScreen(view());
  });
  watch.observe(host.shadowRoot!, { childList: true, subtree: true });
  await waitFor(() => expect(host.shadowRoot?.querySelector('.amwa-root h1')).toBeTruthy(), { timeout: 5000 });
  return view();
};
// The session layer opens the origin's BroadcastChannel when it is created; the flow comes after it.
let channelsOpened = 0;
const sessionLayerThere = () => channelsOpened > 0;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  calls = [];
  channelsOpened = 0;
  const Channel = globalThis.BroadcastChannel;
  vi.stubGlobal(
    'BroadcastChannel',
    class extends Channel {
      constructor(name: string) {
        super(name);
        channelsOpened += 1;
      }
    },
  );
  // The server never answers: what matters is that the call goes out.
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return new Promise<Response>(() => {});
    }),
  );
});

afterEach(() => {
  handle?.unmount();
  host.remove();
  vi.unstubAllGlobals();
  document.cookie = 'demobank-scanner-user-id=; max-age=0; path=/';
});

describe('scanner logon opened directly', () => {
  it('shows the user ID step with the remembered user ID in its first screen, and the flow takes it over', async () => {
    document.cookie = 'demobank-scanner-user-id=REMEMBER1; path=/';
    const first: Array<string | boolean | undefined> = [];
    let field: HTMLElement | undefined;
    const view = await open((shown) => {
      field = shown.getByLabelText('User ID');
      first.push(sessionLayerThere(), shown.getByRole('heading', { level: 1 }).textContent ?? '', (field as HTMLInputElement).value, shown.getByRole<HTMLInputElement>('checkbox', { name: /Remember me/ }).checked);
    });
    expect(first).toEqual([false, 'Log on with your scanner', 'REMEMBER1', true]);
    await waitFor(() => expect(sessionLayerThere()).toBe(true));
    // The same field, not a new screen.
    expect(view.getByLabelText('User ID')).toBe(field);
  });

  it('keeps a Next pressed before the flow is there, busy, and starts the logon once it is', async () => {
    let next: HTMLElement | undefined;
    const before: Array<string | boolean | undefined> = [];
    const view = await open((shown) => {
      fireEvent.input(shown.getByLabelText('User ID'), { target: { value: 'USER1234' } });
      next = shown.getByRole('button', { name: 'Next' });
      // The typed value renders in a microtask; Next (the form's submit) follows in the same task: the flow takes tasks.
      void Promise.resolve()
        .then(() => undefined)
        .then(() => {
          fireEvent.submit(shown.getByLabelText('User ID').closest('form')!);
          before.push(sessionLayerThere());
        });
    });
    await waitFor(() => expect(before).toHaveLength(1));
    expect(before).toEqual([false]);
    await waitFor(() => expect(next?.getAttribute('aria-busy')).toBe('true'));
    await waitFor(() => expect(calls.filter((url) => url.includes('/session/anonymous/initiate'))).toHaveLength(1), { timeout: 3000 });
    expect(view.getByLabelText<HTMLInputElement>('User ID').value).toBe('USER1234');
    expect(next?.getAttribute('aria-busy')).toBe('true');
  });
});

describe('scanner logon help', () => {
  it("lists the logon's own situations first, 'I forgot my PIN' leading, then the activation's", async () => {
    const view = await open();
    fireEvent.click(await view.findByRole('button', { name: 'Help' }));
    const dialog = await view.findByRole('dialog', { name: 'Help' }, { timeout: 5000 });
    const topics = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(topics.slice(0, 5)).toEqual([
      'I forgot my PIN',
      'I want to log on with a new scanner',
      'I have trouble scanning the colour code',
      'My scanner is lost or stolen',
      "My scanner shows 'Colour code not intended for this scanner'",
    ]);
    expect(topics[5]).toBe('Where can I find my user ID?');
    expect(topics).toHaveLength(12);
  });
});
