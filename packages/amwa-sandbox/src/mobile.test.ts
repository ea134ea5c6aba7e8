// @vitest-environment node
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './index';
import { APP_LINK_PATH, MAX_PENDING_QRS, PORTAL_SESSION_COOKIE, QR_SESSION_COOKIE } from './mobile';

const ORIGIN = 'http://sandbox.test';
const API = `${ORIGIN}/access/v1/api/public`;

/** A browser against an in-process sandbox (its own unless given one): keeps its cookies and strips the JSON prefix. */
function browser(shared?: { sandbox: Sandbox }) {
  let now = Date.parse('2025-06-03T10:00:00Z');
  const sandbox = shared?.sandbox ?? createSandbox({ now: () => now });
  const jar = new Map<string, string>([['XSRF-TOKEN', 'xsrf']]);
  let token = '';
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown, extra: Record<string, string> = {}) => {
    const headers = new Headers({ Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '), 'X-XSRF-TOKEN': 'xsrf', ...extra });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await sandbox.fetch(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text.replace(/^\)\]\}',?\n?/, '')) : undefined };
  };
  /** The anonymous session: its context, its web-session cookie, its token. */
  const anonymous = async () => {
    const { body } = await send('POST', `${ORIGIN}/access/v1/public/session/anonymous/initiate`);
    const booted = await send('POST', `${ORIGIN}/security/means/bootstrap/web/sessions`, body);
    token = booted.body.authenticationResponse.accessTokens[0].accessToken;
    return body.authenticationContext as Record<string, unknown>;
  };
  let context: Record<string, unknown> | undefined;
  return {
    sandbox,
    jar,
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown) => send('POST', url, body),
    /** A logon QR code after the session-cookie call, as the widget asks for one. */
    async logonQr() {
      context ??= await anonymous();
      return send('GET', `${API}/qr`);
    },
    /** The mobile logon as the widget makes it: the session's context and a device profile, its token as bearer. */
    mobileLogon: (body: unknown = { authenticationContext: context, ...device }, bearer = token) =>
      send('POST', `${API}/mobile/logon`, body, { Authorization: `Bearer ${bearer}` }),
    confirm: (mode?: 'logon' | 'link') => send('POST', `${ORIGIN}/__sandbox/mobile/confirm`, mode ? { mode } : {}),
    advance: (ms: number) => void (now += ms),
  };
}

const device = { browser: 'Chrome 126', operatingSystem: 'Linux', deviceUniqueIdentifier: 'AAAAAAAAAAAAAAAA', deviceFingerprint: 'a'.repeat(64) };

/** What a QR decoder reads in the base64 PNG. */
function decode(base64: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('mobile QR sandbox', () => {
  it('hands out a real QR code naming the pending session, tied to the browser by an HttpOnly cookie', async () => {
    const b = browser();
    expect(await b.get(`${API}/qr`)).toMatchObject({ status: 400, body: { errorCode: 'no-web-session' } });
    const answer = await b.logonQr();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('Set-Cookie')).toMatch(new RegExp(`^${QR_SESSION_COOKIE}=\\w+; Path=/; HttpOnly; SameSite=Lax`));
    const session = b.jar.get(QR_SESSION_COOKIE)!;
    expect(decode(answer.body.qr)).toBe(`demobank://mobile/logon?session=${session}`);
  });

  it('answers confirmed false until the phone approves, then lets exactly one mobile logon through', async () => {
    const b = browser();
    await b.logonQr();
    expect((await b.mobileLogon()).status).toBe(401);
    expect((await b.get(`${API}/qr/confirmed`)).body).toEqual({ confirmed: false });
    const approved = await b.confirm('logon');
    expect(approved).toMatchObject({ status: 200, body: { id: b.jar.get(QR_SESSION_COOKIE), mode: 'logon' } });
    expect((await b.get(`${API}/qr/confirmed`)).body).toEqual({ confirmed: true });
    expect(await b.mobileLogon()).toMatchObject({ status: 200, body: { url: `${ORIGIN}/__sandbox/logged-on` } });
    expect((await b.mobileLogon()).status).toBe(401);
  });

  it('checks the mobile logon: the contract body, and the token of the web session the QR code was issued to', async () => {
    const b = browser();
    const other = browser(b);
    await other.logonQr();
    await b.logonQr();
    await b.confirm('logon');
    expect(await b.mobileLogon({ ...device })).toMatchObject({ status: 400, body: { errorCode: 'bad-request' } });
    expect(await b.mobileLogon(undefined, 'not-a-token')).toMatchObject({ status: 401, body: { errorCode: 'unauthorized' } });
    const stranger = (await other.mobileLogon()).status;
    expect(stranger).toBe(401);
    expect((await b.mobileLogon()).status).toBe(200);
  });

  it('expires a QR code after qrExpirySeconds: the poll answers 410 and the phone finds nothing to approve', async () => {
    const b = browser();
    b.sandbox.state.config.qrExpirySeconds = 5;
    await b.logonQr();
    b.advance(4999);
    expect((await b.get(`${API}/qr/confirmed`)).status).toBe(200);
    b.advance(1);
    expect(await b.get(`${API}/qr/confirmed`)).toMatchObject({ status: 410, body: { errorCode: 'qr-expired' } });
    expect(await b.confirm()).toMatchObject({ status: 404, body: { error: 'no QR code is waiting for the app' } });
  });

  it('drops expired QR codes on the next QR call, a poll of another browser included', async () => {
    const waiting = browser();
    waiting.sandbox.state.config.qrExpirySeconds = 5;
    const other = browser(waiting);
    await waiting.logonQr();
    await waiting.get(`${API}/link/qr`);
    expect(waiting.sandbox.state.pendingQrs).toHaveLength(1); // a browser's new code replaces its earlier one
    await other.logonQr();
    expect(waiting.sandbox.state.pendingQrs).toHaveLength(2);
    waiting.advance(5000);
    expect((await other.get(`${API}/qr/confirmed`)).status).toBe(410);
    expect(waiting.sandbox.state.pendingQrs).toEqual([]);
  });

  it(`keeps at most ${MAX_PENDING_QRS} codes: clients without cookies that keep asking push the oldest out`, async () => {
    const b = browser();
    const { state } = b.sandbox;
    const issuedAt = state.now();
    state.pendingQrs = Array.from({ length: MAX_PENDING_QRS }, (_, i) => ({ id: `flood${i}`, mode: 'logon' as const, issuedAt, confirmed: false }));
    await b.logonQr();
    expect(state.pendingQrs).toHaveLength(MAX_PENDING_QRS);
    expect(state.pendingQrs[0]!.id).toBe('flood1');
    expect(state.pendingQrs.at(-1)!.id).toBe(b.jar.get(QR_SESSION_COOKIE));
    expect((await b.get(`${API}/qr/confirmed`)).body).toEqual({ confirmed: false });
  });

  it('forgets the previous QR code of a browser that asks for a new one', async () => {
    const b = browser();
    await b.logonQr();
    const first = b.jar.get(QR_SESSION_COOKIE);
    await b.logonQr();
    expect(b.jar.get(QR_SESSION_COOKIE)).not.toBe(first);
    expect(b.sandbox.state.pendingQrs.map((qr) => qr.id)).toEqual([b.jar.get(QR_SESSION_COOKIE)]);
  });

  it('approves the newest waiting QR code of the asked mode', async () => {
    const linking = browser();
    const [older, newer] = [browser(linking), browser(linking)];
    await linking.get(`${API}/link/qr`);
    await older.logonQr();
    await newer.logonQr();
    expect((await linking.confirm('link')).body).toEqual({ id: linking.jar.get(QR_SESSION_COOKIE), mode: 'link' });
    expect((await linking.confirm('link')).status).toBe(404);
    expect((await linking.confirm()).body).toEqual({ id: newer.jar.get(QR_SESSION_COOKIE), mode: 'logon' });
    expect((await linking.confirm('logon')).body).toEqual({ id: older.jar.get(QR_SESSION_COOKIE), mode: 'logon' });
    expect((await linking.post(`${ORIGIN}/__sandbox/mobile/confirm`, { mode: 'phone' })).status).toBe(400);
  });

  it('keeps the modes apart: a logon session polled on the link path is unknown there', async () => {
    const b = browser();
    const answer = await b.get(`${API}/link/qr`);
    expect(decode(answer.body.qr)).toMatch(/^demobank:\/\/mobile\/link\?session=\w+$/);
    expect((await b.get(`${API}/link/qr/confirmed`)).body).toEqual({ confirmed: false });
    expect((await b.get(`${API}/qr/confirmed`)).status).toBe(410);
  });

  it('logs out: an approved link session ends at the corporate-portal logout, any other with an empty answer', async () => {
    const b = browser();
    await b.get(`${API}/link/qr`);
    await b.confirm('link');
    expect(await b.post(`${ORIGIN}/access/v1/private/logout`)).toMatchObject({ status: 200, body: { ingLogOutUrl: `${ORIGIN}/__sandbox/corporate/logout` } });
    expect(b.jar.has(QR_SESSION_COOKIE)).toBe(false);
    expect(await b.post(`${ORIGIN}/access/v1/private/logout`)).toMatchObject({ status: 200, body: {} });
  });

  it('logs out at the corporate portal after the approved link code expired: the session came from the portal all the same', async () => {
    const b = browser();
    await b.get(`${API}/link/qr`);
    await b.confirm('link');
    expect((await b.get(`${API}/link/qr/confirmed`)).body).toEqual({ confirmed: true });
    b.advance(300_000); // the inactivity limit, long after the code's 120 s
    expect((await b.get(`${API}/link/qr/confirmed`)).status).toBe(410);
    expect(await b.post(`${ORIGIN}/access/v1/private/logout`)).toMatchObject({ status: 200, body: { ingLogOutUrl: `${ORIGIN}/__sandbox/corporate/logout` } });
    expect(b.jar.has(PORTAL_SESSION_COOKIE)).toBe(false);
    expect(await b.post(`${ORIGIN}/access/v1/private/logout`)).toMatchObject({ status: 200, body: {} });
  });

  // Issue 33: the demo's app link carries the QR code, as the widget received it, to this stand-in for the bank's app.
  describe('the app opened by its app link', () => {
    const appPage = async (b: ReturnType<typeof browser>, qr: string) => {
      const response = await b.sandbox.fetch(new Request(`${ORIGIN}${APP_LINK_PATH}?qr=${encodeURIComponent(qr)}`));
      return { status: response.status, text: await response.text() };
    };
    const approve = (b: ReturnType<typeof browser>, qr: unknown) => b.post(`${ORIGIN}/__sandbox/app/approve`, { qr });

    it('shows the confirm screen of the logon QR code the link carries; Approve confirms that code, and the mobile logon goes through', async () => {
      const b = browser();
      const { qr } = (await b.logonQr()).body;
      const page = await appPage(b, qr);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Demo bank app</h1>');
      expect(page.text).toContain('>Approve logon</button>');
      expect(page.text).toContain('<script type="module" src="/__sandbox/app/app.js"></script>');
      expect((await b.get(`${API}/qr/confirmed`)).body).toEqual({ confirmed: false });
      expect((await approve(b, qr)).body).toEqual({ id: b.jar.get(QR_SESSION_COOKIE), mode: 'logon' });
      expect((await b.get(`${API}/qr/confirmed`)).body).toEqual({ confirmed: true });
      expect((await b.mobileLogon()).status).toBe(200);
    });

    it('approves the link QR code of its image, not the newest one waiting', async () => {
      const linking = browser();
      const other = browser(linking);
      const { qr } = (await linking.get(`${API}/link/qr`)).body;
      await other.get(`${API}/link/qr`);
      expect((await appPage(linking, qr)).text).toContain('>Approve link</button>');
      expect((await approve(linking, qr)).body).toEqual({ id: linking.jar.get(QR_SESSION_COOKIE), mode: 'link' });
      expect(linking.sandbox.state.pendingQrs.map((pending) => pending.confirmed)).toEqual([true, false]);
    });

    it('finds nothing to approve for an expired, replaced or unknown code, and says so', async () => {
      const b = browser();
      const { qr: replaced } = (await b.logonQr()).body;
      const { qr: expired } = (await b.logonQr()).body;
      b.advance(120_000);
      for (const qr of [replaced, expired, 'iVBORw0KGgo=']) {
        const page = await appPage(b, qr);
        expect(page.status).toBe(404);
        expect(page.text).toContain('This QR code is not waiting for the app');
        expect(page.text).not.toContain('<button');
        expect((await approve(b, qr)).status).toBe(404);
      }
      expect((await approve(b, '')).status).toBe(400);
      expect((await approve(b, 42)).status).toBe(400);
    });

    it('serves the confirm screen its script', async () => {
      const response = await browser().sandbox.fetch(new Request(`${ORIGIN}/__sandbox/app/app.js`));
      expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/);
      expect(await response.text()).toContain("fetch('/__sandbox/app/approve'");
    });
  });

  it('lists the waiting QR codes for the phone panel', async () => {
    const b = browser();
    await b.logonQr();
    b.advance(20_000);
    const pending = await b.sandbox.fetch(new Request(`${ORIGIN}/__sandbox/mobile/pending`));
    expect(await pending.json()).toEqual([{ id: b.jar.get(QR_SESSION_COOKIE), mode: 'logon', confirmed: false, secondsLeft: 100 }]);
  });
});
