import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { Language } from '../../../src/core/i18n';
import type { SettingsInput } from '../../../src/core/settings';
import { EXAMPLES, type Example } from './catalog';
import { layout } from './html';
import { API_BASE, isApiPath, publicOrigin } from './http';
import { APP_LINK_PATH } from './mobile';
import type { SandboxConfig, SandboxState } from './state';

/** The strict policy of design section 4, sent with the CSP example. */
export const STRICT_CSP =
  "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'";

// Known test serials: accepted by the widget although their check digit fails.
const TEST_SERIALS = ['38-9999999-9', '38-1111111-1'];

const pick = (value: string | null, pattern: RegExp) => (value && pattern.test(value) ? value : undefined);

/**
 * The settings an example page hands the widget: the demo bank on `origin` (the one the browser
 * sees, never an unchecked `Host`), the current knobs,
 * and the page's `?channel=`, `?lang=`, `?country=` and `?isolation=none` switches.
 */
export function exampleSettings(config: SandboxConfig, origin: string, basePath: string, query: URLSearchParams) {
  return {
    basePath,
    apiBaseUrl: origin + API_BASE,
    securityApiBaseUrl: origin,
    channel: query.get('channel') || 'blue',
    language: (pick(query.get('lang'), /^[a-z]{2}$/) ?? 'en') as Language,
    country: pick(query.get('country'), /^[A-Z]{2}$/) ?? 'GB',
    isolation: query.get('isolation') === 'none' ? 'none' : 'shadow',
    brandPrefix: 'demobank',
    serviceEmail: 'service@demobank.example',
    qrTimeout: config.qrExpirySeconds * 1000,
    inactivityTimeoutLogonS: config.inactivityTimeoutLogonS,
    inactivityTimeoutActivationS: config.inactivityTimeoutActivationS,
    scannerSerialMapping: TEST_SERIALS,
    allowedRedirectOrigins: [origin],
    corporatePortal: {
      precheckUrl: `${origin}/__sandbox/corporate/precheck`,
      logoutUrl: `${origin}/__sandbox/corporate/logout`,
    },
    storeUrls: {
      ios: 'https://apps.apple.com/app/demobank/id0000000000',
      android: 'https://play.google.com/store/apps/details?id=example.demobank',
    },
    privacyUrl: `${origin}/__sandbox/privacy`,
    // A path on this site: the widget takes no http: app link, and the sandbox is served over http.
    appLinkTemplate: `${APP_LINK_PATH}?qr={payload}`,
  } satisfies SettingsInput;
}

// The widget, or the React host bundle that renders it.
const widget = (example: Example, settings: string) =>
  example.id === 'react'
    ? html`<div id="amwa-react-root" data-settings='${settings}'></div>`
    : html`<amwa-portal settings='${settings}'></amwa-portal>`;

const examplePage = (example: Example, settings: ReturnType<typeof exampleSettings>) =>
  layout({
    title: example.name,
    current: example.basePath,
    head: html`${settings.isolation === 'none' ? html`<link rel="stylesheet" href="/dist/amwa.css">` : ''}
<script type="module" src="${example.id === 'react' ? '/dist-examples/react.js' : '/dist/amwa.standalone.js'}"></script>
<script type="module" src="/examples/console.js"></script>`,
    body: html`<div class="demo-layout">
<main class="demo-main" id="main">
<h1>${example.name} example</h1>
${widget(example, JSON.stringify(settings))}
</main>
<aside class="demo-console" aria-labelledby="sandbox-console-title">
<h2 id="sandbox-console-title">Sandbox console</h2>
<div id="sandbox-console"></div>
</aside>
</div>`,
  });

/** The example pages: every path under each example's base path that is not the API or a static asset. */
export function examples(app: Hono, state: SandboxState) {
  for (const example of EXAMPLES) {
    const handler = (c: Context) => {
      const url = new URL(c.req.url);
      if (isApiPath(url.pathname) || url.pathname.startsWith(`${example.basePath}/static/`)) return c.notFound();
      if (example.id === 'csp') c.header('Content-Security-Policy', STRICT_CSP);
      c.header('Cache-Control', 'no-store');
      return c.html(examplePage(example, exampleSettings(state.config, publicOrigin(c), example.basePath, url.searchParams)));
    };
    app.get(example.basePath, handler);
    app.get(`${example.basePath}/*`, handler);
  }
}
