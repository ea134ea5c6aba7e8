import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { type AmwaServices, type RouterApi, RouterProvider, ServicesProvider } from '../context';
import { createAnalytics } from '../core/analytics';
import { createCookies } from '../core/cookies';
import { createI18n } from '../core/i18n';
import { type Tab, openTab, tokenFor } from '../core/session/test-fakes';
import { ErrorPage } from './error-page';
import { LoggedOff } from './logged-off';

let tabs: Tab[] = [];
afterEach(() => {
  for (const tab of tabs) tab.scope.dispose();
  tabs = [];
});

/** Renders `Page` over a real session holding one signed-in profile and an anonymous session's token. */
function renderOver(Page: () => ReactNode, path: string) {
  const tab = openTab(() => undefined);
  tabs.push(tab);
  tab.session.addProfiles([tokenFor('p1')]);
  const analytics = createAnalytics({ settings: { dataLayerName: 'dataLayer', analyticsConsent: false }, emit: () => {}, cookies: { analyticsLogging: () => false } });
  const services = {
    i18n: createI18n('en-GB', en),
    analytics,
    settings: { serviceEmail: 'service@demobank.example', routing: 'memory' },
    cookies: createCookies({ basePath: '', brandPrefix: 'demobank' }),
    session: Promise.resolve(tab.session),
  } as unknown as AmwaServices;
  const router = { location: { path, search: '' }, href: () => '#', navigate: () => {} } as unknown as RouterApi;
  render(
    <ServicesProvider value={services}>
      <RouterProvider value={router}>
        <Page />
      </RouterProvider>
    </ServicesProvider>,
  );
  return tab;
}

const revoked = (tab: Tab) => tab.api.calls.filter((call) => call.path === '/oauth2/token/revoke').map((call) => call.form?.get('token'));

describe("screens that end the session drop this tab's tokens", () => {
  it.each([
    ['the error page', ErrorPage, '/pages/error', 'Something went wrong'],
    ['the logged-off page', LoggedOff, '/pages/logout', 'You are now logged off'],
  ])('%s revokes and forgets them', async (_, Page, path, title) => {
    const tab = renderOver(Page, path);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    await waitFor(() => expect(revoked(tab)).toEqual(['refresh-p1']));
    expect(tab.session.profiles).toEqual([]);
  });
});
