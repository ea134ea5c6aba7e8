import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileLocaleLoader } from '../../../test/locale-loader';
import { mount, type AmwaHandle } from '../../mount';

// The install topics of the mobile help, with and without the store URLs a QR code needs (the
// network is faked: it never answers, and the help does not need it).
let host: HTMLElement;
let handle: AmwaHandle | undefined;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
});

afterEach(() => {
  handle?.unmount();
  host.remove();
});

const iphoneTopic = async (storeUrls: Record<string, string>) => {
  handle = mount(host, { routing: 'memory', serviceEmail: 'service@demobank.example', initialRoute: '/pages/logon/mobile', storeUrls }, { loadLocale: fileLocaleLoader });
  await waitFor(() => expect(host.shadowRoot?.querySelector('.amwa-root h1')).toBeTruthy(), { timeout: 5000 });
  const view = within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);
  fireEvent.click(await view.findByRole('button', { name: 'iPhone' }));
  return view.findByRole('dialog', { name: 'How do I install the app on my iPhone?' }, { timeout: 5000 });
};

describe('the install topics of the mobile help', () => {
  it('without storeUrls say where to search and never ask to scan a QR code that is not there', async () => {
    const topic = await iphoneTopic({});
    expect(topic.textContent).toContain("Search for the bank's app in the App Store.");
    expect(topic.textContent).not.toMatch(/QR code/);
    expect(within(topic).queryByRole('img')).toBeNull();
  });

  it('with storeUrls.ios ask to scan the QR code they show', async () => {
    const topic = await iphoneTopic({ ios: 'https://apps.apple.com/app/id1' });
    expect(topic.textContent).toContain("Or scan this QR code with your phone's camera:");
    expect(await within(topic).findByRole('img', { name: "QR code that opens the bank's app in the App Store" }, { timeout: 5000 })).toBeTruthy();
  });
});
