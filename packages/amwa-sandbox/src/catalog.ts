/** One way of embedding the widget the sandbox demonstrates. */
export interface Example {
  id: 'vanilla' | 'react' | 'csp';
  name: string;
  /** The widget's base path on that example page. */
  basePath: string;
}

/** The example pages, each owning every path under its base path (design section 5). */
export const EXAMPLES: readonly Example[] = [
  { id: 'vanilla', name: 'Vanilla custom element', basePath: '/access' },
  { id: 'react', name: 'React host', basePath: '/react/access' },
  { id: 'csp', name: 'Strict CSP', basePath: '/csp/access' },
];

/** Entry URLs of every screen, relative to an example's base path, in the order the demo index lists them. */
export const ENTRY_ROUTES: ReadonlyArray<readonly [name: string, route: string]> = [
  ['Home (choose access means)', '/'],
  ['Mobile logon', '/pages/logon/mobile'],
  ['Scanner logon', '/pages/logon/scanner'],
  ['Scanner activation', '/pages/activate-scanner'],
  ['Link user', '/pages/link-ib-user'],
  ['Link user: mobile', '/pages/link-ib-user/mobile'],
  ['Logged off', '/pages/logout'],
  ['Access protection', '/pages/access-protection?logonType=scanner&demobank-campaign=demo'],
  ['Access protection, no parameters', '/pages/access-protection'],
  ['Error', '/pages/error?trace-id=01-0123456789abcdef0123456789abcdef-0123456789abcdef-01'],
  ['Not found', '/pages/not-found'],
  ['Session expired', '/pages/logon/scanner/sessionExpired'],
];

/** Query variants of the vanilla example worth a link of their own. */
export const VARIANTS: ReadonlyArray<readonly [name: string, query: string]> = [
  ['Orange channel', '?channel=orange'],
  ['German', '?lang=de'],
  ['Light DOM (isolation none)', '?isolation=none'],
];
