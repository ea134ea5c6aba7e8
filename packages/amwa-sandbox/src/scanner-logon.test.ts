// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeMosaic, ENCRYPTED_STATE_HEADER, findChallenge, issueChallenge, readState, renderMosaic, scannerDeactivated, signState } from './cronto';
import { createSandbox } from './index';
import { acceptedLogons, responseCode } from './scanner-logon';

const ORIGIN = 'http://sandbox.test';
const AUTHENTICATION = '/security-means/cronto-hardware-token/actions/authentication';
const STANDALONE = `${AUTHENTICATION}/standalone`;
const CONTEXT = { clientId: 'amwa-web', requiredLevelOfAssurance: 5, scopes: ['personal_data'] };
const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 ? (Number(d) * 2 > 9 ? Number(d) * 2 - 9 : Number(d) * 2) : Number(d)), 0) % 10 === 0;

/** A client that behaves like the widget's: XSRF cookie and header, `)]}'` stripped. */
function setup(now = { value: Date.now() }) {
  const sandbox = createSandbox({ now: () => now.value });
  let xsrf = '';
  const call = async (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) => {
    if (!xsrf) {
      const probe = await sandbox.fetch(new Request(`${ORIGIN}/access/`));
      xsrf = probe.headers.get('X-XSRF-TOKEN')!;
    }
    const response = await sandbox.fetch(
      new Request(ORIGIN + path, {
        method,
        headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf, ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: text.startsWith(")]}'\n") ? JSON.parse(text.slice(5)) : JSON.parse(text || 'null') };
  };
  const scan = (userId: string, image: string) => call('POST', '/__sandbox/scanner/scan', { body: { userId, image } });
  const anonymous = async () => {
    const initiated = await call('POST', '/access/v1/public/session/anonymous/initiate');
    const { body } = await call('POST', '/security/means/bootstrap/web/sessions', { body: initiated.body });
    return body.authenticationResponse.accessTokens[0].accessToken as string;
  };
  const initiate = async (token: string, userId: string) =>
    call('POST', `${STANDALONE}/initiate`, {
      headers: { Authorization: `Bearer ${token}` },
      body: { userId, system: 'amwa-web', authenticationContext: CONTEXT },
    });
  const authenticate = (token: string, state: string, tokenResponse: string) =>
    call('POST', `${STANDALONE}/authenticate`, { headers: { Authorization: `Bearer ${token}`, [ENCRYPTED_STATE_HEADER]: state }, body: { tokenResponse } });
  /** Scans the colour code with `userId`'s scanner and answers it: the authentication result. */
  const logOnWith = async (userId: string) => {
    const anon = await anonymous();
    const image = await initiate(anon, userId);
    const { display } = (await scan(userId, image.body.base64Cronto)).body;
    return authenticate(anon, image.headers.get(ENCRYPTED_STATE_HEADER)!, display);
  };
  const stepUpInitiate = (token: string, body: unknown = { authenticationContext: CONTEXT }) =>
    call('POST', `${AUTHENTICATION}/initiate`, { headers: { Authorization: `Bearer ${token}` }, body });
  const stepUpAuthenticate = (token: string, state: string, tokenResponse: string) =>
    call('POST', `${AUTHENTICATION}/authenticate`, {
      headers: { Authorization: `Bearer ${token}`, [ENCRYPTED_STATE_HEADER]: state },
      body: { tokenResponse, authenticationContext: CONTEXT },
    });
  return { sandbox, now, call, scan, anonymous, initiate, authenticate, logOnWith, stepUpInitiate, stepUpAuthenticate };
}

const device = { browser: 'Chrome 126', operatingSystem: 'Linux', deviceUniqueIdentifier: 'AAAAAAAAAAAAAAAA', deviceFingerprint: 'a'.repeat(64) };

describe('colour-code mosaics', () => {
  it('round-trips a challenge id through the PNG pixels, and refuses anything else', () => {
    const id = '0123456789abcdef0123456789abcdef';
    const base64 = Buffer.from(renderMosaic(id)).toString('base64');
    expect(decodeMosaic(base64)).toBe(id);
    expect(decodeMosaic(`data:image/png;base64,${base64}`)).toBe(id);
    expect(decodeMosaic('bm90IGEgcG5n')).toBeUndefined();
  });

  it('looks like noise: two images of the same id differ outside the payload', () => {
    const id = 'ffffffffffffffffffffffffffffffff';
    expect(Buffer.from(renderMosaic(id)).equals(Buffer.from(renderMosaic(id)))).toBe(false);
  });

  it('finds a challenge by id or image, and forgets it on reset', () => {
    const { sandbox } = setup();
    const { id, base64Png } = issueChallenge(sandbox.state, { userId: 'emma0005', kind: 'authentication', display: '1234566' });
    expect(findChallenge(sandbox.state, id)?.userId).toBe('EMMA0005');
    expect(findChallenge(sandbox.state, base64Png)?.id).toBe(id);
    sandbox.reset();
    expect(findChallenge(sandbox.state, base64Png)).toBeUndefined();
  });

  it('signs encrypted state and rejects tampering', () => {
    const { sandbox } = setup();
    const value = signState(sandbox.state, { challenge: 'x' });
    expect(readState(sandbox.state, value)).toEqual({ challenge: 'x' });
    const [body] = value.split('.');
    expect(readState(sandbox.state, `${Buffer.from('{"challenge":"y"}').toString('base64url')}.${value.split('.')[1]}`)).toBeUndefined();
    expect(readState(sandbox.state, `${body}.AAAA`)).toBeUndefined();
    expect(readState(sandbox.state, undefined)).toBeUndefined();
  });

  it('makes 7-digit response codes with a Luhn check digit', () => {
    for (let i = 0; i < 50; i++) {
      const code = responseCode();
      expect(code).toMatch(/^\d{7}$/);
      expect(luhn(code)).toBe(true);
    }
  });
});

describe('virtual scanners', () => {
  it("show the response code only on the persona's own active scanner", async () => {
    const { sandbox, scan } = setup();
    const { base64Png } = issueChallenge(sandbox.state, { userId: 'EMMA0005', kind: 'authentication', display: '1234566' });
    expect(await scan('emma0005', base64Png)).toMatchObject({ status: 200, body: { display: '1234566' } });
    expect(await scan('ANNA0001', base64Png)).toMatchObject({ status: 422, body: { error: 'Colour code not intended for this scanner' } });
    expect(await scan('NOBODY99', base64Png)).toMatchObject({ status: 404 });
    expect(await scan('EMMA0005', 'bm90IGEgcG5n')).toMatchObject({ status: 422, body: { error: 'No colour code found' } });
  });

  it('refuse expired colour codes and logon codes on a scanner that is not active', async () => {
    const { sandbox, scan, now } = setup();
    const anna = issueChallenge(sandbox.state, { userId: 'ANNA0001', kind: 'authentication', display: '1234566' });
    expect(await scan('ANNA0001', anna.base64Png)).toMatchObject({ status: 422, body: { error: 'Scanner not activated' } });
    const emma = issueChallenge(sandbox.state, { userId: 'EMMA0005', kind: 'authentication', display: '1234566', expiresInS: 5 });
    now.value += 5000;
    expect(await scan('EMMA0005', emma.base64Png)).toMatchObject({ status: 410, body: { error: 'Colour code expired' } });
  });

  it('show their own serial number for an identification code', async () => {
    const { sandbox, scan } = setup();
    const { base64Png } = issueChallenge(sandbox.state, { userId: 'ANNA0001', kind: 'identification', display: '38-0000002-7' });
    expect((await scan('ANNA0001', base64Png)).body).toEqual({ display: '38-0000002-7' });
  });
});

describe('scanner logon calls', () => {
  it('log EMMA0005 on: anonymous session, colour code, response code, transfer OTP, logon url', async () => {
    const { sandbox, call, scan, anonymous, initiate, authenticate } = setup();
    const anon = await anonymous();
    const image = await initiate(anon, 'EMMA0005');
    expect(image.status).toBe(200);
    expect(image.headers.get('Cache-Control')).toBe('no-store');
    expect(image.body).toMatchObject({ expirationDuration: 120, responseCheckDigit: true, responseLength: 7 });
    const state = image.headers.get(ENCRYPTED_STATE_HEADER)!;
    const { display } = (await scan('EMMA0005', image.body.base64Cronto)).body;

    const authenticated = await authenticate(anon, state, display);
    expect(authenticated.status).toBe(200);
    expect(authenticated.body).toMatchObject({
      person: { id: 'person-emma0005' },
      authentication: { status: 'complete' },
      accessTokens: [{ profileId: 'profile-emma0005', profileName: 'EMMA0005', requesterLevelOfAssurance: 5, refreshToken: expect.any(String) }],
    });
    expect(authenticated.body.accessTokens).toHaveLength(1);
    const userToken = authenticated.body.accessTokens[0].accessToken;
    expect((await call('POST', '/security-means/transfers', { body: { clientId: 'sso', intent: 'logon' } })).status).toBe(401);
    const transfer = await call('POST', '/security-means/transfers', { headers: { Authorization: `Bearer ${userToken}` }, body: { clientId: 'sso', intent: 'logon' } });
    expect(transfer.body.otp).toEqual(expect.any(String));

    const logon = await call('POST', '/access/v1/api/public/scanner/logon', { body: { username: 'emma0005', transferOtp: transfer.body.otp, ...device } });
    expect(logon).toMatchObject({ status: 200, body: { url: `${ORIGIN}/__sandbox/logged-on` } });
    expect(acceptedLogons(sandbox.state)).toEqual([{ username: 'emma0005', deviceProfile: device, at: expect.any(Number) }]);
    const again = await call('POST', '/access/v1/api/public/scanner/logon', { body: { username: 'emma0005', transferOtp: transfer.body.otp, ...device } });
    expect(again.status).toBe(400);
    expect((await authenticate(anon, state, display)).status).toBe(400);
  });

  it('answer the logon with the logonRedirectUrl knob', async () => {
    const { sandbox, call, scan, anonymous, initiate, authenticate } = setup();
    sandbox.state.config.logonRedirectUrl = 'https://evil.example/';
    const anon = await anonymous();
    const image = await initiate(anon, 'EMMA0005');
    const { display } = (await scan('EMMA0005', image.body.base64Cronto)).body;
    const token = (await authenticate(anon, image.headers.get(ENCRYPTED_STATE_HEADER)!, display)).body.accessTokens[0].accessToken;
    const { otp } = (await call('POST', '/security-means/transfers', { headers: { Authorization: `Bearer ${token}` }, body: { clientId: 'sso', intent: 'logon' } })).body;
    expect((await call('POST', '/access/v1/api/public/scanner/logon', { body: { username: 'EMMA0005', transferOtp: otp, ...device } })).body).toEqual({ url: 'https://evil.example/' });
  });

  it('answer 400 to four wrong codes, then 403 from the fifth on', async () => {
    const { call, scan, anonymous, initiate, authenticate } = setup();
    const anon = await anonymous();
    const image = await initiate(anon, 'EMMA0005');
    const state = image.headers.get(ENCRYPTED_STATE_HEADER)!;
    const { display } = (await scan('EMMA0005', image.body.base64Cronto)).body;
    const wrong = display === '0000000' ? '0000018' : '0000000';
    for (let i = 1; i < 5; i++) expect((await authenticate(anon, state, wrong)).status).toBe(400);
    const fifth = await authenticate(anon, state, wrong);
    expect(fifth.status).toBe(403);
    expect(fifth.headers.get('x-trace-id')).toMatch(/^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/);
    expect((await authenticate(anon, state, display)).status).toBe(403);
    expect((await call('POST', '/__sandbox/reset')).status).toBe(200);
  });

  it('deactivate a scanner only for the browser whose logon was just answered 403, once, within 60 s', async () => {
    const { sandbox, now, call, scan, anonymous, initiate, authenticate } = setup();
    const deactivate = (username: string, xsrf?: string) =>
      call('POST', '/access/v1/api/public/scanner/deactivate', {
        body: { username },
        headers: xsrf ? { Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf } : {},
      });
    // Nobody got a 403: refused, by name or otherwise.
    expect(await deactivate('EMMA0005')).toMatchObject({ status: 403, body: { errorCode: 'deactivation-not-allowed' } });
    const anon = await anonymous();
    const image = await initiate(anon, 'EMMA0005');
    const state = image.headers.get(ENCRYPTED_STATE_HEADER)!;
    const { display } = (await scan('EMMA0005', image.body.base64Cronto)).body;
    const wrong = display === '0000000' ? '0000018' : '0000000';
    for (let i = 1; i <= 5; i++) await authenticate(anon, state, wrong);
    expect(scannerDeactivated(sandbox.state, 'EMMA0005')).toBe(false);
    expect((await deactivate('EMMA0005', 'another-browser')).status).toBe(403);
    expect((await deactivate('HUGO0008')).status).toBe(403);
    expect(await deactivate('emma0005')).toMatchObject({ status: 200, body: {} });
    expect(scannerDeactivated(sandbox.state, 'EMMA0005')).toBe(true);
    expect((await deactivate('EMMA0005')).status).toBe(403);
    // Another refused code opens a new window, which closes after 60 s.
    expect((await authenticate(anon, state, display)).status).toBe(403);
    now.value += 60_000;
    expect((await deactivate('EMMA0005')).status).toBe(403);
  });

  it('refuse expired colour codes, forged state, unknown users and missing tokens', async () => {
    const { sandbox, now, scan, anonymous, initiate, authenticate, call } = setup();
    sandbox.state.config.colourCodeExpirySeconds = 12;
    const anon = await anonymous();
    const image = await initiate(anon, 'EMMA0005');
    expect(image.body.expirationDuration).toBe(12);
    const { display } = (await scan('EMMA0005', image.body.base64Cronto)).body;
    expect((await authenticate(anon, 'forged.state', display)).status).toBe(400);
    now.value += 12_000;
    expect((await authenticate(anon, image.headers.get(ENCRYPTED_STATE_HEADER)!, display)).body).toEqual({ errorCode: 'colour-code-expired' });

    const stranger = await initiate(anon, 'NOBODY99');
    expect(stranger.status).toBe(200);
    expect((await authenticate(anon, stranger.headers.get(ENCRYPTED_STATE_HEADER)!, '1234566')).status).toBe(400);
    expect((await initiate('not-a-token', 'EMMA0005')).status).toBe(401);
    expect((await call('POST', `${STANDALONE}/initiate`, { headers: { Authorization: `Bearer ${anon}` }, body: { system: 'x' } })).status).toBe(400);
  });

  it('redeem a transfer OTP for access tokens once', async () => {
    const { call, scan, anonymous, initiate, authenticate } = setup();
    const anon = await anonymous();
    const image = await initiate(anon, 'EMMA0005');
    const { display } = (await scan('EMMA0005', image.body.base64Cronto)).body;
    const token = (await authenticate(anon, image.headers.get(ENCRYPTED_STATE_HEADER)!, display)).body.accessTokens[0].accessToken;
    const { otp } = (await call('POST', '/security-means/transfers', { headers: { Authorization: `Bearer ${token}` }, body: { clientId: 'portal', intent: 'link' } })).body;
    const redeemed = await call('POST', '/security-means/transfers/access-tokens', { body: { otp, authenticationContext: CONTEXT, pinning: 'x' } });
    expect(redeemed.body.accessTokens[0]).toMatchObject({ profileName: 'EMMA0005', requesterLevelOfAssurance: 5 });
    expect((await call('POST', '/security-means/transfers/access-tokens', { body: { otp } })).status).toBe(400);
  });
});

describe('authentication results and the step-up', () => {
  it("answer HUGO0008's standalone authentication with both profiles", async () => {
    const { logOnWith } = setup();
    const { body } = await logOnWith('HUGO0008');
    expect(body.authentication).toEqual({ status: 'complete' });
    expect(body.accessTokens.map((token: { profileName: string; requesterLevelOfAssurance: number }) => [token.profileName, token.requesterLevelOfAssurance])).toEqual([
      ['Jansen Holding BV', 5],
      ['acme trading', 3],
    ]);
  });

  it('with the stepUp knob, step HUGO0008 up with a second colour code (and nobody else)', async () => {
    const { sandbox, call, scan, logOnWith, stepUpInitiate, stepUpAuthenticate } = setup();
    expect((await call('POST', '/__sandbox/config', { body: { stepUp: true } })).body).toMatchObject({ stepUp: true });
    expect((await logOnWith('EMMA0005')).body.authentication).toEqual({ status: 'complete' });

    const partial = (await logOnWith('HUGO0008')).body;
    expect(partial.authentication).toEqual({
      status: 'partial',
      means: [
        { componentName: 'cronto-hardware-token', name: 'scanner', cost: 20 },
        { componentName: 'mobile-qr', name: 'mobile' },
      ],
    });
    const interim = partial.accessTokens[0].accessToken;
    expect(partial.accessTokens[0].requesterLevelOfAssurance).toBe(3);

    const image = await stepUpInitiate(interim);
    expect(image.body).toMatchObject({ responseCheckDigit: true, responseLength: 7 });
    const state = image.headers.get(ENCRYPTED_STATE_HEADER)!;
    const { display } = (await scan('HUGO0008', image.body.base64Cronto)).body;
    expect(display).toMatch(/^\d{7}$/);
    expect((await stepUpAuthenticate(interim, state, display === '0000000' ? '0000018' : '0000000')).body).toEqual({ errorCode: 'invalid-response' });

    const complete = await stepUpAuthenticate(interim, state, display);
    expect(complete.status).toBe(200);
    expect(complete.body.authentication).toEqual({ status: 'complete' });
    expect(complete.body.accessTokens.map((token: { profileName: string }) => token.profileName)).toEqual(['Jansen Holding BV', 'acme trading']);
    expect((await stepUpAuthenticate(interim, state, display)).status).toBe(400);
    expect(sandbox.state.attempts.size).toBe(0);
  });

  it('refuse a step-up without a user token, without the context, or with another flow\'s colour code', async () => {
    const { sandbox, anonymous, initiate, scan, logOnWith, stepUpInitiate, stepUpAuthenticate } = setup();
    sandbox.state.config.stepUp = true;
    const interim = (await logOnWith('HUGO0008')).body.accessTokens[0].accessToken;
    const anon = await anonymous();
    expect((await stepUpInitiate(anon)).status).toBe(401);
    expect((await stepUpInitiate(interim, {})).status).toBe(400);

    // A standalone colour code does not answer a step-up, nor a step-up's another user's.
    const standalone = await initiate(anon, 'HUGO0008');
    const shown = (await scan('HUGO0008', standalone.body.base64Cronto)).body.display;
    expect((await stepUpAuthenticate(interim, standalone.headers.get(ENCRYPTED_STATE_HEADER)!, shown)).body).toEqual({ errorCode: 'invalid-encrypted-state' });
    const emma = (await logOnWith('EMMA0005')).body.accessTokens[0].accessToken;
    const image = await stepUpInitiate(interim);
    const display = (await scan('HUGO0008', image.body.base64Cronto)).body.display;
    expect((await stepUpAuthenticate(emma, image.headers.get(ENCRYPTED_STATE_HEADER)!, display)).body).toEqual({ errorCode: 'invalid-encrypted-state' });
  });
});
