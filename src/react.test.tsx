import { act, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { createRef, StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOSTILE_SHAPES, hostileSettings, namesField } from './core/hostile-settings-fakes';
import { packagedLocaleLoader, type LocaleLoader } from './core/i18n';
import type { AmwaSettings } from './core/settings';
import type { AmwaRoute } from './core/known-routes';
import type { AmwaHandle } from './mount';
import { AmwaPortal, callbackPropName } from './react';

const settings = { basePath: '/access', routing: 'memory', brandPrefix: 'demobank' } as const;
const widgetOf = (container: HTMLElement) => within(container.querySelector<HTMLElement>('[id="portal"]')!.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);

afterEach(() => vi.restoreAllMocks());

describe('<AmwaPortal>', () => {
  it('mounts under StrictMode without a console error, and once', async () => {
    const error = vi.spyOn(console, 'error');
    const onPageLoad = vi.fn();
    const { container, unmount } = render(
      <StrictMode>
        <AmwaPortal id="portal" settings={settings} onPageLoad={onPageLoad} />
      </StrictMode>,
    );
    expect(await widgetOf(container).findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    await waitFor(() => expect(onPageLoad).toHaveBeenCalled());
    expect(container.querySelector('[id="portal"]')!.shadowRoot!.querySelectorAll('.amwa-root')).toHaveLength(1);
    unmount();
    await act(() => Promise.resolve());
    expect(error).not.toHaveBeenCalled();
  });

  it('applies a new settings prop in place: the user keeps what they typed', async () => {
    function Host() {
      const [language, setLanguage] = useState<'en' | 'de'>('en');
      return (
        <>
          <button onClick={() => setLanguage('de')}>Deutsch</button>
          <AmwaPortal id="portal" settings={{ ...settings, initialRoute: '/pages/logon/scanner', language }} />
        </>
      );
    }
    const { container, getByRole } = render(<Host />);
    const userId = await widgetOf(container).findByRole('textbox', { name: 'User ID' });
    await userEvent.type(userId, 'ANNA');
    await userEvent.click(getByRole('button', { name: 'Deutsch' }));
    expect(await widgetOf(container).findByRole('textbox', { name: 'Benutzer-ID' })).toBe(userId);
    expect((userId as HTMLInputElement).value).toBe('ANNA');
  });

  it('gives its handle through ref, and takes loadLocale and fetch like mount()', async () => {
    const ref = createRef<AmwaHandle>();
    const loadLocale = vi.fn<LocaleLoader>(packagedLocaleLoader);
    const { container } = render(<AmwaPortal id="portal" ref={ref} settings={{ ...settings, language: 'nl' }} loadLocale={loadLocale} fetch={vi.fn()} />);
    expect(await widgetOf(container).findByRole('heading', { level: 1, name: 'Inloggen met' })).toBeTruthy();
    expect(loadLocale).toHaveBeenCalledWith('nl', expect.any(AbortSignal));
    act(() => ref.current!.navigate('/pages/logout'));
    expect(await widgetOf(container).findByRole('heading', { name: 'U bent nu uitgelogd' })).toBeTruthy();
  });

  it('renders on without settings, with its defaults', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<AmwaPortal id="portal" />);
    expect(container.querySelector('[id="portal"]')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('[id="portal"]')!.shadowRoot?.querySelector('.amwa-root')).toBeTruthy());
  });

  it('puts a logo into the widget\'s logo slot', () => {
    const { container } = render(<AmwaPortal id="portal" settings={settings} logo={<img alt="Demo Bank" src="data:," />} />);
    expect(container.querySelector('#portal > img[slot="logo"]')?.getAttribute('alt')).toBe('Demo Bank');
  });

  it('never takes down the host\'s tree, whatever the settings or routes (property-based, 100 runs)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string()), fc.string(), async (value, route) => {
        const ref = createRef<AmwaHandle>();
        const { getByRole, unmount } = render(
          <>
            <header>
              <h1>Bank header</h1>
            </header>
            <AmwaPortal ref={ref} settings={value as AmwaSettings} />
          </>,
        );
        act(() => ref.current?.navigate(route as AmwaRoute));
        expect(getByRole('heading', { name: 'Bank header' })).toBeTruthy();
        unmount();
      }),
      { numRuns: 100 },
    );
  });
});

describe('<AmwaPortal> with settings no JSON can carry (issue 23)', () => {
  it.each(HOSTILE_SHAPES.map((shape) => [shape.name, shape] as const))('%s: the host renders on, the widget shows its error page and names the field', async (_, shape) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onGenericException = vi.fn();
    function Host({ value }: { value: unknown }) {
      return (
        <>
          <h1>Bank header</h1>
          <AmwaPortal id="portal" settings={value as AmwaSettings} onGenericException={onGenericException} />
        </>
      );
    }
    const { container, getByRole, rerender } = render(<Host value={{ ...settings, corporatePortal: shape.make() }} />);
    expect(getByRole('heading', { name: 'Bank header' })).toBeTruthy();
    expect(await widgetOf(container).findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(onGenericException).toHaveBeenCalled());
    const { origin } = onGenericException.mock.calls[0]![0] as { origin: string };
    expect(namesField(origin, 'settings.corporatePortal'), origin).toBe(true);
    // A new render with another such value, at the root this time: still no throw into the host.
    rerender(<Host value={shape.make()} />);
    expect(getByRole('heading', { name: 'Bank header' })).toBeTruthy();
    rerender(<Host value={settings} />);
    expect(await widgetOf(container).findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
  });

  it('never throws into the host\'s render, anywhere the value sits (property-based, 60 runs)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(hostileSettings, async ({ value, field }) => {
        const onGenericException = vi.fn();
        const { getByRole, unmount } = render(
          <>
            <h1>Bank header</h1>
            <AmwaPortal settings={value as AmwaSettings} onGenericException={onGenericException} />
          </>,
        );
        expect(getByRole('heading', { name: 'Bank header' })).toBeTruthy();
        await waitFor(() => expect(onGenericException).toHaveBeenCalled());
        const { origin } = onGenericException.mock.calls[0]![0] as { origin: string };
        expect(namesField(origin.replace(/^settings\./, ''), field), `${origin} should name ${field}`).toBe(true);
        unmount();
      }),
      { numRuns: 60 },
    );
  });
});

describe('callbackPropName', () => {
  it('maps event names to React prop names', () => {
    expect(callbackPropName('amwa-logon-redirect')).toBe('onLogonRedirect');
    expect(callbackPropName('amwa-generic-exception')).toBe('onGenericException');
  });
});
