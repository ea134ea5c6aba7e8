import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOSTILE_CASES, hostileSettings, namesField } from './hostile-settings-fakes';
import { MAX_TIMER_MS, needsRemount, parseSettings, readSettingsInput, SETTING_APPLIES, SETTING_NAMES } from './settings';

const ok = (input: unknown) => {
  const result = parseSettings(input, 'https://bank.example');
  if (!result.ok) throw new Error(result.message);
  return result.settings;
};

describe('parseSettings', () => {
  it('fills the spec defaults', () => {
    const s = ok('{}');
    expect(s).toMatchObject({ bmgApiTimeout: 5000, apiGatewayTimeout: 10000, qrTimeout: 120000, locale: 'en-GB', isolation: 'shadow', routing: 'history' });
    expect(s.apiBaseUrl).toBe('https://bank.example');
    expect(s.allowedRedirectOrigins).toEqual(['https://bank.example', 'https://bank.example']);
    expect(s.localesUrl).toBeUndefined();
  });

  it('derives paths from the base path', () => {
    const s = ok({ basePath: '/access/', language: 'de', country: 'AT' });
    expect(s.basePath).toBe('/access');
    expect(s.apiBaseUrl).toBe('https://bank.example/access');
    expect(s.staticPath).toBe('/access/static');
    expect(s.locale).toBe('de-AT');
  });

  it.each([
    ['de', 'de-DE'],
    ['nl', 'nl-NL'],
    ['fr', 'fr-FR'],
    ['en', 'en-GB'],
    ['uk', 'uk-UA'],
    ['cs', 'cs-CZ'],
  ] as const)('gives %s its own country when none is named', (language, locale) => {
    expect(ok({ language }).locale).toBe(locale);
  });

  it('turns scannerSerialMapping into a set of digit strings', () => {
    expect([...ok({ scannerSerialMapping: '38-0000001-0, 38-1234567-8' }).scannerSerialMapping]).toEqual(['3800000010', '3812345678']);
    expect([...ok({ scannerSerialMapping: ['38-0000001-0'] }).scannerSerialMapping]).toEqual(['3800000010']);
  });

  it('names the field of a wrong value and what is wrong with it', () => {
    expect(parseSettings({ qrTimeout: 'soon' })).toMatchObject({ ok: false, field: 'qrTimeout', message: 'amwa settings: "qrTimeout" must be a number' });
    expect(parseSettings({ corporatePortal: { precheckUrl: 4 } })).toMatchObject({ ok: false, field: 'corporatePortal.precheckUrl' });
    expect(parseSettings({ language: 'xx' })).toMatchObject({ ok: false, field: 'language', message: expect.stringContaining('must be one of bg, cs, de') });
  });

  it('names an unknown setting, and the known one it is nearest to (issue 18)', () => {
    expect(parseSettings({ qrTimeot: 5 })).toMatchObject({ ok: false, field: 'qrTimeot', message: `amwa settings: "qrTimeot" is not a known setting; did you mean 'qrTimeout'?` });
    expect(parseSettings({ apiBaseURL: '/api' })).toMatchObject({ message: `amwa settings: "apiBaseURL" is not a known setting; did you mean 'apiBaseUrl'?` });
    expect(parseSettings({ langauge: 'de' })).toMatchObject({ message: expect.stringContaining(`did you mean 'language'?`) });
    expect(parseSettings({ colour: 'orange' })).toMatchObject({ ok: false, field: 'colour', message: 'amwa settings: "colour" is not a known setting' });
  });

  it('names every wrong field at once, in the order given, each with the name meant where there is one (issue 32)', () => {
    expect(parseSettings({ langauge: 'de', basePath: '/access', qrTimeout: '30', serviceEmail: 'service at bank' })).toEqual({
      ok: false,
      field: 'langauge',
      message: [
        'amwa settings: 3 problems',
        `  "langauge" is not a known setting; did you mean 'language'?`,
        '  "qrTimeout" must be a number',
        '  "serviceEmail" must be an e-mail address such as service@bank.example',
      ].join('\n'),
    });
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`unknown${index}`, 1]));
    expect((parseSettings(many) as { message: string }).message.split('\n')).toHaveLength(11);
  });

  it('suggests the nearest field inside an object setting, and a nested field for a top-level typo', () => {
    expect(parseSettings({ corporatePortal: { precheckURL: '/p' } })).toMatchObject({
      field: 'corporatePortal.precheckURL',
      message: `amwa settings: "corporatePortal.precheckURL" is not a known setting; did you mean 'precheckUrl'?`,
    });
    expect(parseSettings({ storeUrls: { iso: '/i' } })).toMatchObject({ message: expect.stringContaining(`did you mean 'ios'?`) });
    expect(parseSettings({ precheckUrl: '/p' })).toMatchObject({ field: 'precheckUrl', message: expect.stringContaining(`did you mean 'corporatePortal.precheckUrl'?`) });
    expect(parseSettings({ prefillConfig: { headr: 'x-a' } })).toMatchObject({ message: expect.stringContaining(`did you mean 'header'?`) });
  });

  it('reports malformed JSON without throwing', () => {
    expect(parseSettings('{"basePath":')).toMatchObject({ ok: false, field: '(json)' });
  });

  it('rejects an unparseable API base URL', () => {
    expect(parseSettings({ apiBaseUrl: 'http://[::1' })).toMatchObject({ ok: false, field: 'apiBaseUrl' });
  });
});

describe('parseSettings: hostile values', () => {
  const URL_FIELDS = [
    ['privacyUrl'],
    ['staticPath'],
    ['localesUrl'],
    ['apiBaseUrl'],
    ['securityApiBaseUrl'],
    ['storeUrls', 'ios'],
    ['storeUrls', 'android'],
    ['corporatePortal', 'precheckUrl'],
    ['corporatePortal', 'logoutUrl'],
  ] as const;
  const at = (path: readonly string[], value: unknown): Record<string, unknown> =>
    path.length === 1 ? { [path[0]!]: value } : { [path[0]!]: { [path[1]!]: value } };
  const HOSTILE = ['javascript:alert(1)', 'javascript:alert(1)//x', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'blob:https://x/y', 'file:///etc/passwd'];

  it.each(URL_FIELDS.flatMap((path) => HOSTILE.map((value) => [path.join('.'), path, JSON.stringify(value)] as const)))('%s refuses %s', (field, _path, value) => {
    expect(parseSettings(at(_path, JSON.parse(value)))).toMatchObject({ ok: false, field, message: expect.stringContaining('must be an http: or https: URL, or a path on this site') });
  });

  it.each(URL_FIELDS.map((path) => [path.join('.'), path] as const))('%s takes http(s) URLs and paths on this site', (_field, path) => {
    for (const value of ['https://bank.example/x', 'http://localhost:4400/a', '/static', 'relative/path', '//cdn.example/x']) expect(parseSettings(at(path, value)).ok, value).toBe(true);
  });

  it('refuses redirect origins that are not http(s) origins', () => {
    expect(parseSettings({ allowedRedirectOrigins: ['javascript:alert(1)'] })).toMatchObject({ ok: false, field: 'allowedRedirectOrigins.0' });
    expect(parseSettings({ allowedRedirectOrigins: ['/relative'] })).toMatchObject({ ok: false, field: 'allowedRedirectOrigins.0' });
    expect(ok({ allowedRedirectOrigins: ['https://bank.example/some/path'] }).allowedRedirectOrigins).toEqual(['https://bank.example']);
  });

  it.each(['bmgApiTimeout', 'apiGatewayTimeout', 'qrTimeout'])('%s fits a browser timer', (field) => {
    expect(ok({ [field]: MAX_TIMER_MS })[field as 'qrTimeout']).toBe(MAX_TIMER_MS);
    expect(parseSettings({ [field]: MAX_TIMER_MS + 1 })).toMatchObject({ ok: false, field, message: expect.stringContaining('at most 2147483647 ms') });
    expect(parseSettings({ [field]: 0 })).toMatchObject({ ok: false, field });
    expect(parseSettings({ [field]: 1.5 })).toMatchObject({ ok: false, field });
  });

  it.each(['inactivityTimeoutLogonS', 'inactivityTimeoutActivationS'])('%s fits a browser timer in ms', (field) => {
    expect(ok({ [field]: 2147483 })).toBeTruthy();
    expect(parseSettings({ [field]: 2147484 })).toMatchObject({ ok: false, field });
  });

  it('takes only a valid header name for the prefill header', () => {
    expect(ok({ prefillConfig: { header: 'X-Bank-Prefill' } }).prefillConfig.header).toBe('X-Bank-Prefill');
    for (const header of ['bad header\n', 'bad header', 'x:y', '', 'x'.repeat(65)]) {
      expect(parseSettings({ prefillConfig: { header } }), JSON.stringify(header)).toMatchObject({ ok: false, field: 'prefillConfig.header' });
    }
  });

  it('limits the length of strings', () => {
    expect(parseSettings({ basePath: `/${'a'.repeat(300)}` })).toMatchObject({ ok: false, field: 'basePath', message: expect.stringContaining('at most 256 characters') });
    expect(parseSettings({ privacyUrl: `https://x.example/${'a'.repeat(3000)}` })).toMatchObject({ ok: false, field: 'privacyUrl' });
    expect(parseSettings({ channel: 'o'.repeat(33) })).toMatchObject({ ok: false, field: 'channel' });
  });

  // Issue 30: '/access/..' was accepted and broke every option link (the browser resolves the dots away).
  it.each(['/access/..', '/access/.', '/..', '/.', '/access/../other', '/a/./b', '\\access', '/access\\pages'])('refuses the base path %j, naming basePath', (basePath) => {
    expect(parseSettings({ basePath })).toMatchObject({ ok: false, field: 'basePath', message: expect.stringContaining('without . or .. segments') });
  });

  it.each(['/access', '/access/', '/.well-known/amwa', '/a.b/c..d', '/v1.2', '/...'])('takes the base path %j', (basePath) => {
    expect(ok({ basePath }).basePath).toBe(basePath.replace(/\/$/, ''));
  });

  // Issue 30: markdown in serviceEmail rendered a phishing link in the widget's rich text.
  it.each([
    'service@bank.example)[verify-your-account](https://evil.example/phish',
    '[service@bank.example](https://evil.example)',
    'service@bank.example **urgent**',
    'service@bank',
    'service bank@bank.example',
    '<service@bank.example>',
    'mailto:service@bank.example',
    'service@bank.example?cc=evil@evil.example',
  ])('refuses the service e-mail %j, naming serviceEmail', (serviceEmail) => {
    expect(parseSettings({ serviceEmail })).toMatchObject({ ok: false, field: 'serviceEmail', message: expect.stringContaining('must be an e-mail address') });
  });

  it.each(['service@bank.example', 'first.last+help@mail.bank-group.example', 'SERVICE@BANK.EXAMPLE'])('takes the service e-mail %j', (serviceEmail) => {
    expect(ok({ serviceEmail }).serviceEmail).toBe(serviceEmail);
  });

  // Issue 33: the bank's app link carries the QR code to the app; anything but https (or a path on
  // this site, which takes the page's scheme) could send it in the clear, and a template without
  // its place would drop it.
  it.each([
    ['http://app.bank.example/logon?qr={payload}', 'an https: URL'],
    ['javascript:alert("{payload}")', 'an https: URL'],
    ['demobank://logon?qr={payload}', 'an https: URL'],
    [' https://app.bank.example/logon?qr={payload}', 'an https: URL'],
    ['//evil.example/logon?qr={payload}', 'or a path on this site'],
    ['/\\evil.example/logon?qr={payload}', 'or a path on this site'],
    ['logon?qr={payload}', 'or a path on this site'],
    ['https://app.bank.example/logon', 'with one {payload}'],
    ['https://app.bank.example/logon?qr={payload}&again={payload}', 'with one {payload}'],
    ['https://app.bank.example/logon?qr={PAYLOAD}', 'with one {payload}'],
    ['https://app.bank.example/logon?qr={payload}&from={source}', 'with one {payload}'],
    ['https://{payload}.bank.example/logon', 'with one {payload}'],
    ['https://app.bank.example{payload}', 'with one {payload}'],
  ])('refuses the app link template %j, naming appLinkTemplate', (appLinkTemplate, problem) => {
    expect(parseSettings({ appLinkTemplate })).toMatchObject({ ok: false, field: 'appLinkTemplate', message: expect.stringContaining(problem) });
  });

  it.each([
    'https://app.bank.example/logon?qr={payload}',
    'https://app.bank.example/logon/{payload}',
    'https://app.bank.example/#qr={payload}',
    'https://app.bank.example:8443/?qr={payload}',
    '/__sandbox/app/logon?qr={payload}',
  ])('takes the app link template %j', (appLinkTemplate) => {
    expect(ok({ appLinkTemplate }).appLinkTemplate).toBe(appLinkTemplate);
  });

  it('reports a wrong app link template with the other settings problems', () => {
    expect(parseSettings({ privacyUrl: 'javascript:x', appLinkTemplate: 'https://app.bank.example/' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/2 problems\n.*"privacyUrl".*\n.*"appLinkTemplate" must be an https: URL, or a path on this site, with one \{payload\}/),
    });
    expect(ok({}).appLinkTemplate).toBeUndefined();
  });

  it('takes an initial route that is a path, nothing else', () => {
    expect(parseSettings({ initialRoute: 'http://[::1' })).toMatchObject({ ok: false, field: 'initialRoute' });
    expect(ok({ initialRoute: '/pages/logon/scanner?x=1#y' }).initialRoute).toBe('/pages/logon/scanner?x=1#y');
  });

  it.each(['//evil.example', '//evil.example/pages/logon/mobile', '/\\evil.example', '\\\\evil.example', '/%2F%2Fevil.example', '/%2f/evil.example', '/%5Cevil.example', '%5C', '/%252F%252Fevil.example', '/%09/evil.example', '/\t/evil.example', '/%zz'])(
    'refuses the initial route %s (protocol-relative, backslash or encoded), naming initialRoute',
    (initialRoute) => {
      expect(parseSettings({ initialRoute })).toMatchObject({ ok: false, field: 'initialRoute' });
      expect(parseSettings(JSON.stringify({ initialRoute }))).toMatchObject({ ok: false, field: 'initialRoute' });
    },
  );

  it('refuses prototype keys without polluting anything', () => {
    for (const json of ['{"__proto__":{"polluted":true}}', '{"features":{"__proto__":true}}', '{"features":{"constructor":true}}', '{"messages":{"en":{"__proto__.x":"y"}}}', '{"prefillConfig":{"__proto__":{"polluted":true}}}']) {
      expect(parseSettings(json).ok, json).toBe(false);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('checks texts given in messages by shape (their keys are checked against the tables when shown)', () => {
    expect(ok({ messages: { en: { 'home.title': 'Sign in with' }, 'de-AT': { 'home.title': 'Anmelden' } } }).messages.en).toEqual({ 'home.title': 'Sign in with' });
    expect(parseSettings({ messages: { en: { 'home.title': 5 } } })).toMatchObject({ ok: false, field: 'messages' });
    expect(parseSettings({ messages: { english: {} } })).toMatchObject({ ok: false, field: 'messages' });
  });
});

describe('parseSettings: property-based', () => {
  const RUNS = 2000;
  const keys = SETTING_NAMES;

  it(`never throws and never pollutes a prototype, for any JSON value (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = parseSettings(value);
        expect(typeof result.ok).toBe('boolean');
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it(`never throws for any string (${RUNS} runs), including huge ones (50 runs)`, () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), (text) => void parseSettings(text)), { numRuns: RUNS });
    fc.assert(fc.property(fc.string({ minLength: 10_000, maxLength: 200_000 }), (text) => void parseSettings(text)), { numRuns: 50 });
  });

  it(`names the field for a wrong type in any setting (${RUNS} runs)`, () => {
    const wrong = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.array(fc.anything()), fc.dictionary(fc.string(), fc.anything()));
    fc.assert(
      fc.property(fc.constantFrom(...keys), wrong, (key, value) => {
        const result = parseSettings({ [key]: value });
        if (!result.ok) expect(result.field.split('.')[0]).toBe(key);
      }),
      { numRuns: RUNS },
    );
  });

  it(`refuses every non-http(s) scheme in every URL setting (${RUNS} runs)`, () => {
    const scheme = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/).filter((s) => s !== 'http' && s !== 'https');
    const field = fc.constantFrom('privacyUrl', 'staticPath', 'localesUrl', 'apiBaseUrl', 'securityApiBaseUrl');
    fc.assert(
      fc.property(field, scheme, fc.string(), (key, s, rest) => {
        const result = parseSettings({ [key]: `${s}:${rest}` });
        expect(result.ok).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('parseSettings: values no JSON can carry (issue 23)', () => {
  it.each(HOSTILE_CASES)('$shape at "$path" is a settings error naming $field', ({ make, field }) => {
    const result = parseSettings(make());
    expect(result.ok).toBe(false);
    const { field: named, message } = result as { field: string; message: string };
    expect(namesField(named, field), `${named} should name ${field}`).toBe(true);
    expect(message).toContain(`"${named}"`);
  });

  it('reads each property once, through its descriptor: no getter, toJSON or proxy get runs', () => {
    const get = vi.fn(() => '/x');
    const toJSON = vi.fn(() => ({}));
    const proxyGet = vi.fn((target: object, key: string | symbol) => Reflect.get(target, key));
    expect(parseSettings(Object.defineProperty({}, 'basePath', { get, enumerable: true }))).toMatchObject({ ok: false, field: 'basePath' });
    expect(parseSettings({ corporatePortal: { toJSON } })).toMatchObject({ ok: false, field: 'corporatePortal.toJSON' });
    expect(parseSettings(new Proxy({ basePath: '/access' }, { get: proxyGet }))).toMatchObject({ ok: true, settings: { basePath: '/access' } });
    expect([get, toJSON, proxyGet].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it('hands back a copy: changing the object afterwards changes nothing', () => {
    const given = { basePath: '/access', features: { backToChoice: true } };
    const read = readSettingsInput(given) as { ok: true; value: typeof given };
    given.features.backToChoice = false;
    expect(read.value).toEqual({ basePath: '/access', features: { backToChoice: true } });
    expect(read.value.features).not.toBe(given.features);
  });

  it('still takes plain objects of another realm, objects without a prototype, and frozen ones', () => {
    expect(parseSettings(Object.assign(Object.create(null), { basePath: '/a' }))).toMatchObject({ ok: true });
    expect(parseSettings(Object.freeze({ features: Object.freeze({ backToChoice: true }) }))).toMatchObject({ ok: true });
    const otherRealm = Object.create(Object.create(null, { hasOwnProperty: { value: Object.prototype.hasOwnProperty } }));
    expect(parseSettings(Object.assign(otherRealm, { basePath: '/a' }))).toMatchObject({ ok: true, settings: { basePath: '/a' } });
  });

  it('copies the largest settings the limits allow, and refuses more values than that before walking them all', () => {
    const languages = Array.from({ length: 40 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const table = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`home.text${i}`, 'x']));
    expect(readSettingsInput({ messages: Object.fromEntries(languages.map((language) => [language, table])), scannerSerialMapping: Array(1000).fill('389999999999') }).ok).toBe(true);
    expect(readSettingsInput({ features: Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`f${i}`, true])) })).toMatchObject({ ok: false, field: expect.stringMatching(/^features\./), message: expect.stringContaining('is too large') });
  });

  it('answers a JSON string as it answers the same value given as an object: the same limits, fields and messages', () => {
    const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });
    const cases: unknown[] = [
      { basePath: '/access', features: { backToChoice: true }, scannerSerialMapping: ['38-9999999-9'] },
      { features: deep(9) },
      { messages: deep(7) },
      { features: Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`f${i}`, true])) },
      { scannerSerialMapping: Array(100_001).fill('3') },
      { features: { a: true }, prefillConfig: { header: 'x' }, corporatePortal: { constructor: 'x' } },
      JSON.parse('{"storeUrls":{"__proto__":{"ios":"x"}}}'),
      [1, 2],
      42,
    ];
    for (const value of cases) expect(readSettingsInput(JSON.stringify(value))).toEqual(readSettingsInput(value));
  });

  it(`never throws, and names the field, for exotic values anywhere (property-based, 1000 runs)`, () => {
    fc.assert(
      fc.property(hostileSettings, ({ value, field }) => {
        const result = parseSettings(value);
        expect(result.ok).toBe(false);
        expect(namesField((result as { field: string }).field, field)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseSettings: dataLayerName (issue 23)', () => {
  const host = window as unknown as Record<string, unknown>;
  afterEach(() => {
    delete host.pageLayer;
    delete host.pageObject;
  });

  it('takes a name not yet in use, or one that holds an array', () => {
    host.pageLayer = [];
    expect(ok({ dataLayerName: 'pageLayer' }).dataLayerName).toBe('pageLayer');
    expect(ok({ dataLayerName: 'amwaLayer' }).dataLayerName).toBe('amwaLayer');
    expect(ok({}).dataLayerName).toBe('dataLayer');
  });

  it.each(['AmwaNativeBridge', 'location', 'document', 'name', 'alert', 'onload', 'localStorage', 'toString', 'constructor', 'hasOwnProperty', 'pageObject'])(
    'refuses %s: a global the widget reads, a built-in of window, or the page\'s own non-array',
    (name) => {
      host.pageObject = { push() {} };
      const result = parseSettings({ dataLayerName: name });
      expect(result).toMatchObject({ ok: false, field: 'dataLayerName' });
      expect('AmwaNativeBridge' in host).toBe(false);
    },
  );

  it(`refuses every name window already holds that is not an array (property-based, 500 runs)`, () => {
    const names: string[] = [];
    for (let object: object | null = window; object; object = Object.getPrototypeOf(object)) names.push(...Object.getOwnPropertyNames(object).filter((name) => /^[A-Za-z_$][\w$]{0,63}$/.test(name)));
    fc.assert(
      fc.property(fc.constantFrom(...names), (name) => {
        let value: unknown;
        try {
          value = host[name];
        } catch {
          value = undefined;
        }
        expect(parseSettings({ dataLayerName: name }).ok, name).toBe(Array.isArray(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('settings types and classes', () => {
  it('checks every setting of AmwaSettings and says how a change of each applies', () => {
    // Both tables are typed over keyof AmwaSettings, so the compiler keeps them complete.
    expect(Object.keys(SETTING_APPLIES).sort()).toEqual([...SETTING_NAMES].sort());
    expect(SETTING_NAMES).toHaveLength(32);
  });

  it('needs a remount only when a remount setting changes', () => {
    const base = ok({ basePath: '/access' });
    expect(needsRemount(base, ok({ basePath: '/access', language: 'de', channel: 'orange', qrTimeout: 5 }))).toBe(false);
    expect(needsRemount(base, ok({ basePath: '/other' }))).toBe(true);
    expect(needsRemount(base, ok({ basePath: '/access', isolation: 'none' }))).toBe(true);
  });
});
