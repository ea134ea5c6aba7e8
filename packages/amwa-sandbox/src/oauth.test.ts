// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/core/api';
import { createAuthentication, validateAuthenticationResult } from '../../../src/core/flows/authentication';
import { createScope, type Scope } from '../../../src/core/scope';
import { createSession } from '../../../src/core/session';
import { parseSettings, type Settings } from '../../../src/core/settings';
import { createSandbox, type Sandbox } from './index';
import { authenticationResultFor, issueTokensFor, MULTI_PROFILE_USER_ID, profilesOf, type SessionStats } from './oauth';

const ORIGIN = 'http://sandbox.test';

/** fetch into the in-process sandbox, with a cookie jar so the XSRF double submit works as in a browser. */
function browserFetch(sandbox: Sandbox): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    if (jar.size) request.headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await sandbox.fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      jar.set(name.trim(), value.trim());
    }
    return response;
  };
}

let sandbox: Sandbox;
let scope: Scope;
let send: typeof fetch;

beforeEach(() => {
  // Only the timers and the clock: the sandbox's request plumbing keeps its own scheduling.
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 5, 9), toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  sandbox = createSandbox();
  scope = createScope();
  send = browserFetch(sandbox);
});
afterEach(() => {
  scope.dispose();
  vi.useRealTimers();
});

const settings = (parseSettings({ apiBaseUrl: `${ORIGIN}/access`, securityApiBaseUrl: ORIGIN }, ORIGIN) as { ok: true; settings: Settings }).settings;
const client = () => createApiClient({ settings, emit: () => {}, scope, language: () => 'en-GB', fetch: send });
/** A session as the widget makes it, talking to the sandbox; no other tabs. */
const session = () => createSession({ api: client(), scope, window: null });

/** The XSRF token, from the API base GET that also sets its cookie in the jar. */
const xsrfToken = async () => (await send(`${ORIGIN}/access/`)).headers.get('X-XSRF-TOKEN')!;

/** Posts a form the way the session does (XSRF included), and reads the `)]}'`-prefixed answer. */
async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const xsrf = await xsrfToken();
  const response = await send(ORIGIN + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-XSRF-TOKEN': xsrf, ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: JSON.parse((await response.text()).replace(")]}'\n", '')) as Record<string, unknown> };
}

const stats = async () => (await (await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/session/stats`))).json()) as SessionStats;

/** Whether the security API still takes `accessToken` as a bearer token. */
async function accepted(accessToken: string) {
  const xsrf = await xsrfToken();
  const response = await send(`${ORIGIN}/security-means/transfers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ clientId: 'sso', intent: 'logon' }),
  });
  return response.status === 200;
}

describe('profiles and tokens', () => {
  it('signs HUGO0008 in with two profiles, the default first, each with its own refresh token', () => {
    const tokens = issueTokensFor(sandbox.state, 'hugo0008');
    expect(tokens.map((t) => [t.profileName, t.requesterLevelOfAssurance, t.executorLevelOfAssurance, t.default])).toEqual([
      ['Jansen Holding BV', 5, 5, true],
      ['acme trading', 3, 3, false],
    ]);
    expect(new Set(tokens.map((t) => t.refreshToken)).size).toBe(2);
    expect(tokens.every((t) => t.personId === 'person-hugo0008' && t.accessTokenTimeToLive === 900)).toBe(true);
  });

  it('gives every other persona one profile named after the user ID, capped by the logon level', () => {
    expect(profilesOf('emma0005')).toEqual([{ profileId: 'profile-emma0005', profileName: 'EMMA0005' }]);
    const [token, ...rest] = issueTokensFor(sandbox.state, 'EMMA0005', 3);
    expect(rest).toEqual([]);
    expect([token?.profileId, token?.requesterLevelOfAssurance]).toEqual(['profile-emma0005', 3]);
    expect(sandbox.state.personas.get(MULTI_PROFILE_USER_ID)?.scannerStatus).toBe('EFFECTIVE');
  });

  it('issues access tokens the security API accepts', async () => {
    const [jansen] = issueTokensFor(sandbox.state, MULTI_PROFILE_USER_ID);
    expect(await accepted(jansen!.accessToken)).toBe(true);
  });

  it('answers results the authentication component accepts: complete, and partial with the step-up means', () => {
    const complete = validateAuthenticationResult(authenticationResultFor(sandbox.state, MULTI_PROFILE_USER_ID));
    expect(complete.kind === 'complete' && complete.accessTokens.map((t) => t.profileName)).toEqual(['Jansen Holding BV', 'acme trading']);
    const partial = validateAuthenticationResult(authenticationResultFor(sandbox.state, MULTI_PROFILE_USER_ID, { partial: true }));
    expect(partial.kind === 'partial' && partial.means).toEqual([
      { componentName: 'cronto-hardware-token', name: 'scanner', cost: 20 },
      { componentName: 'mobile-qr', name: 'mobile', cost: 50 },
    ]);
  });

  it('lets the profile selector offer both profiles and activate only the eligible one', () => {
    const memory = { get: () => undefined, set: () => {} };
    const auth = createAuthentication({ session: session(), lastUsedMeans: memory });
    auth.configure({ clientId: 'amwa-web', requiredLevelOfAssurance: 5, scopes: ['personal_data'] });
    auth.supply({ means: [{ componentName: 'cronto-hardware-token', name: 'scanner' }] });
    auth.submitResult(authenticationResultFor(sandbox.state, MULTI_PROFILE_USER_ID));
    expect(auth.state.status).toBe('select-profile');
    expect(auth.state.profiles.map(({ profile, eligible }) => [profile.name, eligible])).toEqual([
      ['acme trading', false],
      ['Jansen Holding BV', true],
    ]);
    expect(auth.selectProfile('profile-hugo0008-acme')).toBe(false);
    expect(auth.selectProfile('profile-hugo0008-jansen')).toBe(true);
    expect(auth.state).toMatchObject({ status: 'complete', activeProfileId: 'profile-hugo0008-jansen' });
  });
});

describe('/oauth2/token', () => {
  it('is what the session refreshes with: new tokens every 180 s, the idle time read, the old refresh token spent', async () => {
    const s = session();
    await s.init();
    const [jansen, acme] = s.addProfiles(issueTokensFor(sandbox.state, MULTI_PROFILE_USER_ID));
    await vi.advanceTimersByTimeAsync(180_000);
    await vi.waitFor(async () => expect((await stats()).refreshed).toBe(2));
    expect(await stats()).toEqual({ refreshCalls: 2, refreshed: 2, rejected: 0, revoked: 0, lastInactivitySeconds: 180, liveGrants: 2 });
    const [newJansen, newAcme] = s.profiles;
    expect(newJansen!.accessToken).not.toBe(jansen!.accessToken);
    expect(newAcme!.refreshToken).not.toBe(acme!.refreshToken);
    expect(await accepted(newJansen!.accessToken)).toBe(true);

    const spent = await post('/oauth2/token', { grant_type: 'refresh_token', refresh_token: jansen!.refreshToken! });
    expect(spent).toEqual({ status: 401, body: { error: 'invalid_grant' } });
  });

  it('answers a refresh with rotated tokens in the RFC 6749 shape', async () => {
    const [token] = issueTokensFor(sandbox.state, 'EMMA0005');
    const { status, body } = await post('/oauth2/token', { grant_type: 'refresh_token', refresh_token: token!.refreshToken }, { 'x-inactivity-seconds': '42' });
    expect(status).toBe(200);
    expect(body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'Bearer', expires_in: 900 });
    expect(body.refresh_token).not.toBe(token!.refreshToken);
    expect((await stats()).lastInactivitySeconds).toBe(42);
  });

  it('makes the session drop a profile whose refresh token the server no longer knows (401)', async () => {
    const s = session();
    await s.init();
    s.addProfiles(issueTokensFor(sandbox.state, MULTI_PROFILE_USER_ID));
    sandbox.reset();
    await vi.advanceTimersByTimeAsync(180_000);
    await vi.waitFor(() => expect(s.profiles).toEqual([]));
    expect(await stats()).toMatchObject({ refreshCalls: 2, rejected: 2, refreshed: 0 });
  });

  it('refuses other grants and bodies that are not a form', async () => {
    expect(await post('/oauth2/token', { grant_type: 'password', username: 'x' })).toEqual({ status: 400, body: { error: 'unsupported_grant_type' } });
    expect(await post('/oauth2/token', { grant_type: 'refresh_token' })).toEqual({ status: 400, body: { error: 'invalid_request' } });
    expect(await post('/oauth2/token', { grant_type: 'refresh_token', refresh_token: 'made-up' })).toEqual({ status: 401, body: { error: 'invalid_grant' } });
  });

  it('still checks the XSRF double submit', async () => {
    const response = await sandbox.fetch(
      new Request(`${ORIGIN}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&refresh_token=x' }),
    );
    expect(response.status).toBe(403);
  });
});

describe('/oauth2/token/revoke', () => {
  it('ends what the session logs out: the refresh token and the access token stop working', async () => {
    const s = session();
    await s.init();
    const [jansen, acme] = s.addProfiles(issueTokensFor(sandbox.state, MULTI_PROFILE_USER_ID));
    await s.logoutProfile(acme!.profileId);
    expect(await stats()).toMatchObject({ revoked: 1, liveGrants: 1 });
    expect(await accepted(acme!.accessToken)).toBe(false);
    expect(await accepted(jansen!.accessToken)).toBe(true);
    expect((await post('/oauth2/token', { grant_type: 'refresh_token', refresh_token: acme!.refreshToken! })).status).toBe(401);

    await s.logout();
    expect(await stats()).toMatchObject({ revoked: 2, liveGrants: 0 });
    expect(await accepted(jansen!.accessToken)).toBe(false);
  });

  it('revokes by access token too, and answers 200 for a token it does not know (RFC 7009)', async () => {
    const [token] = issueTokensFor(sandbox.state, 'EMMA0005');
    expect(await post('/oauth2/token/revoke', { token: token!.accessToken })).toEqual({ status: 200, body: {} });
    expect((await post('/oauth2/token', { grant_type: 'refresh_token', refresh_token: token!.refreshToken })).status).toBe(401);
    expect(await post('/oauth2/token/revoke', { token: 'never-issued' })).toEqual({ status: 200, body: {} });
    expect(await post('/oauth2/token/revoke', {})).toEqual({ status: 400, body: { error: 'invalid_request' } });
    expect((await stats()).revoked).toBe(1);
  });
});
