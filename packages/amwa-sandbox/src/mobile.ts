// The mobile app's side of the QR logon and link mode: QR codes that name a pending session,
// the confirmation poll, the mobile logon, the logout, and the phone that approves.
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { create } from 'qrcode';
import * as z from 'zod/mini';
import { mobileLogon } from '../../../src/contract/mobile';
import { logout } from '../../../src/contract/session';
import { END_PAGE_STYLESHEET, layout } from './html';
import { API_BASE, controlJson, json, publicOrigin, randomToken } from './http';
import { encodePng, type Rgb } from './png';
import { bearer, body, WEB_CLIENT_ID, webSession } from './security';
import type { PendingQr, SandboxState } from './state';

/** The cookie that ties a browser to its pending QR code. */
export const QR_SESSION_COOKIE = 'qr-session';
const QR_SESSION_SCOPE = { path: '/', httpOnly: true, sameSite: 'Lax' } as const;

/**
 * Marks a browser whose link the app approved: the session came from the corporate portal, so its
 * logout names the portal's. A cookie, not the QR code, carries it: the code expires after
 * `qrExpirySeconds`, long before the inactivity limit that usually ends such a session.
 */
export const PORTAL_SESSION_COOKIE = 'corporate-portal-session';

/** What a QR code says: the app reads the mode and the session it approves. */
const qrContent = ({ id, mode }: Pick<PendingQr, 'id' | 'mode'>) => `demobank://mobile/${mode}?session=${id}`;

const PUBLIC = `${API_BASE}/v1/api/public`;
const QR_PATHS = { logon: `${PUBLIC}/qr`, link: `${PUBLIC}/link/qr` } as const;
const SCALE = 6; // pixels per module
const QUIET_ZONE = 4; // modules of white around the code, as the QR standard asks
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Renders `text` as a black-on-white QR code PNG. */
function renderQr(text: string): Uint8Array<ArrayBuffer> {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QUIET_ZONE;
  return encodePng(
    side,
    side,
    (x, y) => {
      const [col, row] = [x - QUIET_ZONE, y - QUIET_ZONE];
      const inside = col >= 0 && row >= 0 && col < modules.size && row < modules.size;
      return inside && modules.get(row, col) ? BLACK : WHITE;
    },
    SCALE,
  );
}

/**
 * The image each waiting QR code was issued as, base64 as the widget received it: the bank's app
 * link carries that (issue 33), and the app stand-in finds the code it approves by it.
 */
const issuedImages = new WeakMap<PendingQr, string>();

/** At most this many QR codes wait at once: a flood of `GET /qr` from cookie-less clients forgets the oldest instead of growing. */
export const MAX_PENDING_QRS = 1000;

const expired = (state: SandboxState, qr: PendingQr) => state.now() >= qr.issuedAt + state.config.qrExpirySeconds * 1000;

/**
 * Forgets expired QR codes. All codes live equally long, so they expire in the order they were
 * issued: looking at the oldest keeps this cheap enough to run on every QR call, polls included.
 */
function dropExpired(state: SandboxState) {
  const [oldest] = state.pendingQrs;
  if (oldest && expired(state, oldest)) state.pendingQrs = state.pendingQrs.filter((qr) => !expired(state, qr));
}

/** The QR code this browser's session cookie names, if the sandbox still knows it. */
const sessionQr = (state: SandboxState, c: Context) => {
  dropExpired(state);
  const id = getCookie(c, QR_SESSION_COOKIE);
  return id === undefined ? undefined : state.pendingQrs.find((qr) => qr.id === id);
};

/**
 * Issues a QR code for this browser: its earlier one, every expired one and, over the limit, the
 * oldest are forgotten. A logon QR code needs the web session the anonymous session's bootstrap
 * opened (spec section 7's session-cookie call before the QR code); without its cookie the call
 * answers 400.
 */
function issue(state: SandboxState, c: Context, mode: PendingQr['mode']) {
  const session = webSession(state, c);
  if (mode === 'logon' && !session) return json(c, { errorCode: 'no-web-session' }, 400);
  const previous = getCookie(c, QR_SESSION_COOKIE);
  state.pendingQrs = state.pendingQrs.filter((qr) => qr.id !== previous && !expired(state, qr));
  state.pendingQrs.splice(0, Math.max(0, state.pendingQrs.length - MAX_PENDING_QRS + 1));
  const qr: PendingQr = { id: randomToken(), mode, issuedAt: state.now(), confirmed: false, webSession: session?.id };
  state.pendingQrs.push(qr);
  // Path `/` like the XSRF and web-session cookies: behind a proxy that serves the API under a
  // prefix of its own (`/api/access` for `/access`), a cookie on `/access` never came back.
  setCookie(c, QR_SESSION_COOKIE, qr.id, QR_SESSION_SCOPE);
  const image = Buffer.from(renderQr(qrContent(qr))).toString('base64');
  issuedImages.set(qr, image);
  return json(c, { qr: image });
}

/** The QR code still waiting (or approved, not yet used) that was issued as `image`. */
const qrOfImage = (state: SandboxState, image: string) => {
  dropExpired(state);
  return state.pendingQrs.find((qr) => issuedImages.get(qr) === image);
};

/** Where the demo's app link leads: the sandbox's stand-in for the bank's app (see exampleSettings). */
export const APP_LINK_PATH = '/__sandbox/app/logon';
const APP_APPROVE_PATH = '/__sandbox/app/approve';
const APP_SCRIPT_PATH = '/__sandbox/app/app.js';

// The app page's one behaviour: Approve posts the QR code of its address, as JSON (the control
// API takes nothing else), and says how it went in the page's live region.
const APP_SCRIPT = `const status = document.getElementById('app-status');
document.getElementById('app-approve')?.addEventListener('click', async () => {
  const qr = new URL(location.href).searchParams.get('qr');
  const response = await fetch('${APP_APPROVE_PATH}', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ qr }) }).catch(() => undefined);
  const answer = await response?.json().catch(() => undefined);
  status.textContent = response?.ok ? 'Approved. Go back to the browser: it goes on by itself.' : 'Not approved: ' + (answer?.error ?? 'the sandbox did not answer');
});
`;

const APP_QUESTIONS = { logon: 'Log on to business banking in the browser that opened this app?', link: 'Link your InsideBusiness account to this app?' } as const;

/** The app's confirm screen for the QR code its link carries, or why there is nothing to approve. */
const appPage = (qr: PendingQr | undefined) =>
  layout({
    title: 'Demo bank app',
    stylesheet: END_PAGE_STYLESHEET,
    head: html`<script type="module" src="${APP_SCRIPT_PATH}"></script>`,
    body: html`<main class="demo-page" id="main">
<h1>Demo bank app</h1>
${qr
  ? html`<p>${APP_QUESTIONS[qr.mode]}</p>
<p><button type="button" id="app-approve">${qr.mode === 'logon' ? 'Approve logon' : 'Approve link'}</button></p>
<p id="app-status" role="status"></p>`
  : html`<p>This QR code is not waiting for the app: it has expired or has been used. Refresh it in the browser and open the app again.</p>`}
</main>`,
  });

const approveSchema = z.object({ qr: z.string().check(z.minLength(1)) });

const confirmSchema = z.object({ mode: z.optional(z.enum(['logon', 'link'])) });

/** The QR, mobile logon and logout calls, and the phone's control calls. */
export function mobile(app: Hono, state: SandboxState): void {
  for (const mode of ['logon', 'link'] as const) {
    app.get(QR_PATHS[mode], (c) => issue(state, c, mode));
    // An unknown session is gone as far as the app is concerned, like an expired one: 410.
    app.get(`${QR_PATHS[mode]}/confirmed`, (c) => {
      const qr = sessionQr(state, c);
      if (!qr || qr.mode !== mode || expired(state, qr)) return json(c, { errorCode: 'qr-expired' }, 410);
      if (qr.mode === 'link' && qr.confirmed) setCookie(c, PORTAL_SESSION_COOKIE, '1', QR_SESSION_SCOPE);
      return json(c, { confirmed: qr.confirmed });
    });
  }

  // The body is checked against the contract; the bearer must be the anonymous token of the web
  // session the confirmed QR code was issued to.
  app.post(API_BASE + mobileLogon.path, async (c) => {
    const request = await body(c, mobileLogon.body!());
    if (!request || request.authenticationContext.clientId !== WEB_CLIENT_ID) return json(c, { errorCode: 'bad-request' }, 400);
    const qr = sessionQr(state, c);
    const session = webSession(state, c);
    const token = bearer(state, c);
    if (qr?.mode !== 'logon' || !qr.confirmed) return json(c, { errorCode: 'qr-not-confirmed' }, 401);
    if (!session || session.id !== qr.webSession || token?.accessToken !== session.token.accessToken) return json(c, { errorCode: 'unauthorized' }, 401);
    state.pendingQrs = state.pendingQrs.filter((other) => other !== qr); // one logon per approval
    return json(c, { url: new URL(state.config.logonRedirectUrl, publicOrigin(c)).href });
  });

  // Ends the QR session; a session that came from the corporate portal (an approved link) ends there too.
  app.post(API_BASE + logout.path, (c) => {
    const qr = sessionQr(state, c);
    state.pendingQrs = state.pendingQrs.filter((other) => other !== qr);
    const fromPortal = (qr?.mode === 'link' && qr.confirmed) || getCookie(c, PORTAL_SESSION_COOKIE) !== undefined;
    deleteCookie(c, QR_SESSION_COOKIE, QR_SESSION_SCOPE);
    deleteCookie(c, PORTAL_SESSION_COOKIE, QR_SESSION_SCOPE);
    return json(c, fromPortal ? { ingLogOutUrl: new URL('/__sandbox/corporate/logout', publicOrigin(c)).href } : {});
  });

  app.get('/__sandbox/mobile/pending', (c) => {
    dropExpired(state);
    return controlJson(
      c,
      state.pendingQrs.map(({ id, mode, confirmed, issuedAt }) => ({
          id,
          mode,
          confirmed,
          secondsLeft: Math.ceil((issuedAt + state.config.qrExpirySeconds * 1000 - state.now()) / 1000),
        })),
    );
  });

  // The phone approves the newest QR code still waiting (of the given mode, if one is given).
  app.post('/__sandbox/mobile/confirm', async (c) => {
    const body = confirmSchema.safeParse(await c.req.json().catch(() => ({})));
    if (!body.success) return controlJson(c, { error: 'mode must be "logon" or "link"' }, 400);
    const { mode } = body.data;
    dropExpired(state);
    const qr = state.pendingQrs.filter((candidate) => !candidate.confirmed && (!mode || candidate.mode === mode)).at(-1);
    if (!qr) return controlJson(c, { error: mode ? `no ${mode} QR code is waiting for the app` : 'no QR code is waiting for the app' }, 404);
    qr.confirmed = true;
    return controlJson(c, { id: qr.id, mode: qr.mode });
  });

  // The bank's app opened by its app link (issue 33): the confirm screen, its script, and the approval.
  app.get(APP_LINK_PATH, (c) => {
    const qr = qrOfImage(state, c.req.query('qr') ?? '');
    return c.html(appPage(qr), qr ? 200 : 404, { 'Cache-Control': 'no-store' });
  });
  app.get(APP_SCRIPT_PATH, (c) => c.body(APP_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.post(APP_APPROVE_PATH, async (c) => {
    const body = approveSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return controlJson(c, { error: 'expected {qr}: the QR code as the widget received it' }, 400);
    const qr = qrOfImage(state, body.data.qr);
    if (!qr) return controlJson(c, { error: 'no QR code of that image is waiting for the app' }, 404);
    qr.confirmed = true;
    return controlJson(c, { id: qr.id, mode: qr.mode });
  });
}
