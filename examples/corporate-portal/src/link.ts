// The corporate portal's page that embeds amwa's link mode: the user links the portal account to
// the bank's mobile app by scanning a QR code; the widget then goes to the portal's precheck page.
import { mount } from 'amwa';

// The widget owns /access (its link mode starts at /access/pages/link-ib-user/mobile, the QR code
// for linking); the portal's start page, /, only links there.
const element = document.getElementById('portal');
if (element && /^\/access(\/|$)/.test(location.pathname)) linkMode(element);

function linkMode(element: HTMLElement) {
  const portal = mount(element, {
    basePath: '/access',
    // The API is proxied under /api (vite.config.ts).
    apiBaseUrl: '/api/access',
    securityApiBaseUrl: '/api',
    brandPrefix: 'demobank',
    serviceEmail: 'service@demobank.example',
    corporatePortal: { precheckUrl: '/precheck.html', logoutUrl: '/logged-out.html' },
  });

  // When the bank ends a session that came through the portal, it names the portal's logout (`url`).
  // The portal ends its own session first and shows its own logged-out page: returning false cancels
  // the widget's navigation to `url`.
  portal.on('amwa-logout', ({ url }) => {
    if (!url) return undefined;
    sessionStorage.clear();
    location.assign('/logged-out.html');
    return false;
  });
}
