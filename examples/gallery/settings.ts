// The widget's settings in a state's frame: the demo bank of the sandbox's examples, memory
// routing, and nothing that runs out while the gallery is open.
import type { AmwaSettings } from 'amwa';
import type { GalleryState } from './states';

const DAY_S = 86_400;
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const BUSY_TIMEOUT_MS = 60_000;

/** Where the frame is: the parts of `location` the settings depend on. */
export type TileLocation = Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin' | 'pathname'>;

/** `localhost` and its subdomains, which browsers resolve to this machine. */
export const LOCALHOST_NAME = /^(?:[a-z0-9-]+\.)*localhost$/;

/**
 * Where a tile's widget sends its API calls: the sandbox under a host name of the tile's own
 * (`scanner-code.localhost`), so each tile is a browser session of its own (a second QR code
 * would otherwise replace the first, as it does in one browser). Only from a `localhost` page,
 * which the sandbox lets use it across origins; elsewhere, the page's origin.
 */
export function tileApiOrigin(location: Omit<TileLocation, 'pathname'>, id: string): string {
  if (!LOCALHOST_NAME.test(location.hostname)) return location.origin;
  return `${location.protocol}//${id}.${location.hostname}${location.port ? `:${location.port}` : ''}`;
}

/** The widget's settings in a tile: the demo bank, memory routing, nothing that runs out while the gallery is open. */
export function tileSettings(state: GalleryState, location: TileLocation, channel: string): AmwaSettings {
  const api = tileApiOrigin(location, state.id);
  return {
    routing: 'memory',
    initialRoute: state.route,
    // The widget's cookies under the frame's own path: no tile reads another's remembered logon type.
    basePath: location.pathname,
    apiBaseUrl: `${api}/access`,
    securityApiBaseUrl: api,
    staticPath: '/access/static',
    language: 'en',
    country: 'GB',
    channel,
    brandPrefix: 'demobank',
    serviceEmail: 'service@demobank.example',
    qrTimeout: LONGEST_TIMER_MS,
    // Every frame runs on the page's one main thread: while it is busy (sixty widgets starting,
    // axe), an answer can wait seconds for its turn. No state here is about a time-out.
    bmgApiTimeout: BUSY_TIMEOUT_MS,
    apiGatewayTimeout: BUSY_TIMEOUT_MS,
    inactivityTimeoutLogonS: DAY_S,
    inactivityTimeoutActivationS: DAY_S,
    corporatePortal: { precheckUrl: `${location.origin}/__sandbox/corporate/precheck`, logoutUrl: `${location.origin}/__sandbox/corporate/logout` },
    storeUrls: { ios: 'https://apps.apple.com/app/demobank/id0000000000', android: 'https://play.google.com/store/apps/details?id=example.demobank' },
    privacyUrl: `${location.origin}/__sandbox/privacy`,
    ...state.settings,
  };
}
