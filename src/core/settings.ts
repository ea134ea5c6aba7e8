import * as z from 'zod/mini';

// zod compiles object parsers with `new Function` unless told not to; under the strict CSP with
// Trusted Types that probe alone is reported as a violation. Every amwa schema runs jitless.
z.config({ jitless: true });

const positiveMs = z.number().check(z.int(), z.positive());
// A loose object checked by hand rather than z.record: the same check without z.record's code
// in every widget's first load.
const booleanFlags = z.looseObject({}).check(
  z.refine((flags) => Object.values(flags).every((flag) => typeof flag === 'boolean'), { message: 'feature flags are booleans' }),
);

/** The settings schema: everything a host page can put in the settings JSON. */
export const settingsSchema = z.strictObject({
  /** Access-means base path the widget owns, e.g. `/access`. */
  basePath: z._default(z.string().check(z.regex(/^(\/[\w.~-]+)*\/?$/)), '/'),
  /** Base URL of the access-means API (defaults to the base path on this origin). */
  apiBaseUrl: z.optional(z.string()),
  /** Origin of the security-means and OAuth API (defaults to the API base URL's origin). */
  securityApiBaseUrl: z.optional(z.string()),
  /** Page-level channel marker; 'orange' switches the accent colour. */
  channel: z._default(z.string(), 'blue'),
  language: z._default(z.string().check(z.regex(/^[a-z]{2}$/)), 'en'),
  country: z._default(z.string().check(z.regex(/^[A-Z]{2}$/)), 'GB'),
  /** Brand prefix for cookie names and access-protection parameters. */
  brandPrefix: z._default(z.string().check(z.regex(/^[a-z][a-z0-9]*$/)), 'amwa'),
  /** Service team address for 'Contact us' links and error texts. */
  serviceEmail: z._default(z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/)), 'service@example.com'),
  bmgApiTimeout: z._default(positiveMs, 5000),
  apiGatewayTimeout: z._default(positiveMs, 10000),
  qrTimeout: z._default(positiveMs, 120000),
  inactivityTimeoutLogonS: z._default(positiveMs, 300),
  inactivityTimeoutActivationS: z._default(positiveMs, 900),
  colourCodeExpiryMarginS: z._default(z.number().check(z.int()), 10),
  /** Known test serial numbers (accepted without a check digit), as a list or comma-separated. */
  scannerSerialMapping: z._default(z.union([z.array(z.string()), z.string()]), []),
  /** Response header that, when present on an API answer, fires the prefill event. */
  prefillConfig: z._default(z.object({ header: z._default(z.string(), 'x-amwa-prefill') }), { header: 'x-amwa-prefill' }),
  features: z._default(booleanFlags, {}),
  /** True when embedded in the business (corporate portal) context: Back goes to the link-user page. */
  businessContext: z._default(z.boolean(), false),
  allowedRedirectOrigins: z.optional(z.array(z.string())),
  corporatePortal: z._default(
    z.object({ precheckUrl: z.optional(z.string()), logoutUrl: z.optional(z.string()) }),
    {},
  ),
  storeUrls: z._default(z.object({ ios: z.optional(z.string()), android: z.optional(z.string()) }), {}),
  privacyUrl: z.optional(z.string()),
  /** Where static assets (placeholder image, APK) live; defaults to `{basePath}/static`. */
  staticPath: z.optional(z.string()),
  /** Where locale JSON files are fetched from; defaults to `{staticPath}/locales/`. */
  localesUrl: z.optional(z.string()),
  cspNonce: z.optional(z.string()),
  isolation: z._default(z.enum(['shadow', 'none']), 'shadow'),
  routing: z._default(z.enum(['history', 'memory']), 'history'),
  /** Start route in memory routing mode. */
  initialRoute: z._default(z.string(), '/'),
  /** Name of the `window` array analytics events are pushed to. */
  dataLayerName: z._default(z.string().check(z.regex(/^[A-Za-z_$][\w$]*$/)), 'dataLayer'),
  /** False until the host's consent banner allows analytics: nothing is pushed to the data layer meanwhile (amwa events still fire). */
  analyticsConsent: z._default(z.boolean(), true),
});

/** Settings as written by the host page (every field optional). */
export type SettingsInput = z.input<typeof settingsSchema>;

/** Settings after parsing, defaults filled in and derived values resolved. */
export type Settings = Omit<z.output<typeof settingsSchema>, 'scannerSerialMapping'> & {
  apiBaseUrl: string;
  securityApiBaseUrl: string;
  staticPath: string;
  localesUrl: string;
  allowedRedirectOrigins: string[];
  /** Test serial numbers, digits only (12 characters, `38…`). */
  scannerSerialMapping: ReadonlySet<string>;
  /** BCP 47 locale, e.g. `en-GB`. */
  locale: string;
};

/** Result of parsing untrusted settings: a tagged union, never a throw. */
export type SettingsResult = { ok: true; settings: Settings } | { ok: false; field: string; message: string };

const trimSlash = (path: string) => path.replace(/\/+$/, '');

/** Parses settings given as a JSON string or an object, resolving defaults against `origin`. */
export function parseSettings(input: unknown, origin = 'http://localhost'): SettingsResult {
  let raw = input;
  if (typeof input === 'string') {
    try {
      raw = input.trim() === '' ? {} : JSON.parse(input);
    } catch (error) {
      return { ok: false, field: '(json)', message: `amwa settings: malformed JSON (${(error as Error).message})` };
    }
  }
  const parsed = settingsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '(root)');
    const what = issue.code === 'unrecognized_keys' ? 'is not a known setting' : 'is invalid';
    return { ok: false, field, message: `amwa settings: "${field}" ${what}` };
  }
  const s = parsed.data;
  const basePath = trimSlash(s.basePath);
  try {
    const apiBaseUrl = trimSlash(new URL(s.apiBaseUrl ?? (basePath || '/'), origin).href);
    const securityApiBaseUrl = trimSlash(new URL(s.securityApiBaseUrl ?? new URL(apiBaseUrl).origin, origin).href);
    const staticPath = trimSlash(s.staticPath ?? `${basePath}/static`);
    const serials = typeof s.scannerSerialMapping === 'string' ? s.scannerSerialMapping.split(',') : s.scannerSerialMapping;
    return {
      ok: true,
      settings: {
        ...s,
        basePath,
        apiBaseUrl,
        securityApiBaseUrl,
        staticPath,
        localesUrl: s.localesUrl ?? `${staticPath}/locales/`,
        allowedRedirectOrigins: s.allowedRedirectOrigins ?? [new URL(origin).origin, new URL(apiBaseUrl).origin],
        scannerSerialMapping: new Set(serials.map((serial) => serial.replace(/\D/g, '')).filter(Boolean)),
        locale: `${s.language}-${s.country}`,
      },
    };
  } catch {
    return { ok: false, field: 'apiBaseUrl', message: 'amwa settings: "apiBaseUrl" is invalid' };
  }
}
