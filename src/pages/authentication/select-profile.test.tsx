import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { type AmwaServices, type RouterApi, RouterProvider, ServicesProvider } from '../../context';
import { createAnalytics } from '../../core/analytics';
import type { AmwaEventMap } from '../../core/events';
import { createAuthentication } from '../../core/flows/authentication';
import { createI18n } from '../../core/i18n';
import { type Tab, openTab, tokenFor } from '../../core/session/test-fakes';
import { SelectProfile } from './select-profile';

const context = { clientId: 'amwa-web', requiredLevelOfAssurance: 5, scopes: ['personal_data'] };
const result = {
  person: { id: 'person-hugo0008' },
  authentication: { status: 'complete' },
  accessTokens: [
    tokenFor('jansen', { profileName: 'Jansen Holding BV', default: true }),
    tokenFor('acme', { profileName: 'acme trading', requesterLevelOfAssurance: 3, executorLevelOfAssurance: 3 }),
  ],
};

let tabs: Tab[] = [];
afterEach(() => {
  for (const tab of tabs) tab.scope.dispose();
  tabs = [];
});

function setup({ onBack, onHelp }: { onBack?: () => void; onHelp?: () => void } = {}) {
  const tab = openTab(() => undefined);
  tabs.push(tab);
  const events: [keyof AmwaEventMap, unknown][] = [];
  const emit = <K extends keyof AmwaEventMap>(type: K, detail: AmwaEventMap[K]) => void events.push([type, detail]);
  const analytics = createAnalytics({ settings: { dataLayerName: 'dataLayer', analyticsConsent: true }, emit, cookies: { analyticsLogging: () => false } });
  // Only what the step reads; the rest of the services play no part in it.
  const services = { i18n: createI18n('en-GB', en), analytics } as unknown as AmwaServices;
  const router = { location: { path: '/pages/logon/scanner' } } as unknown as RouterApi;
  const auth = createAuthentication({ session: tab.session, lastUsedMeans: { get: () => undefined, set: () => {} } });
  auth.configure(context);
  auth.supply({ means: [{ componentName: 'cronto-hardware-token', name: 'scanner' }] });
  const onSelected = vi.fn();
  render(
    <ServicesProvider value={services}>
      <RouterProvider value={router}>
        <button type="button">elsewhere</button>
        <SelectProfile authentication={auth} onSelected={onSelected} pageName="logon:scanner:select-profile" onBack={onBack} onHelp={onHelp} />
      </RouterProvider>
    </ServicesProvider>,
  );
  return { auth, session: tab.session, onSelected, events, user: userEvent.setup() };
}

describe('SelectProfile', () => {
  it('shows nothing until the authentication asks for a profile, then takes focus to its title', async () => {
    const { auth, events } = setup();
    expect(screen.queryByRole('list')).toBeNull();
    act(() => auth.submitResult(result));
    // The screen's h1, as on every other screen.
    const title = screen.getByRole('heading', { level: 1, name: 'Select a profile' });
    expect(document.activeElement).toBe(title);
    const names = within(screen.getByRole('list', { name: 'Select a profile' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['acme tradingThis profile needs a stronger logon method', 'Jansen Holding BV Default']);
    expect(events).toContainEqual(['amwa-page-load', { pageName: 'logon:scanner:select-profile' }]);
  });

  it('activates the profile chosen by keyboard and reports it', async () => {
    const { auth, session, onSelected, events, user } = setup();
    act(() => auth.submitResult(result));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'acme trading' }));
    await user.keyboard('{Enter}');
    expect(onSelected).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelected).toHaveBeenCalledWith('jansen');
    expect(session.activeProfileId).toBe('jansen');
    expect(auth.state.status).toBe('complete');
    expect(screen.queryByRole('list')).toBeNull();
    expect(events).toContainEqual([
      'amwa-elements-on-page',
      { elementType: 'button', content: 'select-profile', position: '/pages/logon/scanner', event: 'clicked' },
    ]);
  });

  it('is a screen like the others: Back in the action row and Help in the footer, each by keyboard', async () => {
    const onBack = vi.fn();
    const onHelp = vi.fn();
    const { auth, events, user } = setup({ onBack, onHelp });
    act(() => auth.submitResult(result));
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back.closest('.amwa-card__actions')).toBeTruthy();
    const help = screen.getByRole('button', { name: 'Help' });
    expect(help.closest('.amwa-card__footer')).toBeTruthy();
    help.focus();
    await user.keyboard('{Enter}');
    expect(onHelp).toHaveBeenCalledOnce();
    back.focus();
    await user.keyboard('{Enter}');
    expect(onBack).toHaveBeenCalledOnce();
    expect(events).toContainEqual(['amwa-elements-on-page', { elementType: 'button', content: 'back', position: '/pages/logon/scanner', event: 'clicked' }]);
  });
});
