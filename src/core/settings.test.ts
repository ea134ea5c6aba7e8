import { describe, expect, it } from 'vitest';
import { parseSettings } from './settings';

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
  });

  it('derives paths from the base path', () => {
    const s = ok({ basePath: '/access/', language: 'de', country: 'AT' });
    expect(s.basePath).toBe('/access');
    expect(s.apiBaseUrl).toBe('https://bank.example/access');
    expect(s.staticPath).toBe('/access/static');
    expect(s.localesUrl).toBe('/access/static/locales/');
    expect(s.locale).toBe('de-AT');
  });

  it('turns scannerSerialMapping into a set of digit strings', () => {
    expect([...ok({ scannerSerialMapping: '38-0000001-0, 38-1234567-8' }).scannerSerialMapping]).toEqual(['3800000010', '3812345678']);
    expect([...ok({ scannerSerialMapping: ['38-0000001-0'] }).scannerSerialMapping]).toEqual(['3800000010']);
  });

  it('names the field of a wrong value', () => {
    expect(parseSettings({ qrTimeout: 'soon' })).toMatchObject({ ok: false, field: 'qrTimeout', message: 'amwa settings: "qrTimeout" is invalid' });
    expect(parseSettings({ corporatePortal: { precheckUrl: 4 } })).toMatchObject({ ok: false, field: 'corporatePortal.precheckUrl' });
  });

  it('names an unknown setting', () => {
    expect(parseSettings({ qrTimeot: 5 })).toMatchObject({ ok: false, field: 'qrTimeot', message: 'amwa settings: "qrTimeot" is not a known setting' });
  });

  it('reports malformed JSON without throwing', () => {
    expect(parseSettings('{"basePath":')).toMatchObject({ ok: false, field: '(json)' });
  });

  it('rejects an unparseable API base URL', () => {
    expect(parseSettings({ apiBaseUrl: 'http://[::1' })).toMatchObject({ ok: false, field: 'apiBaseUrl' });
  });
});

describe('parseSettings: feature flags', () => {
  it('accepts booleans and names the field otherwise', () => {
    expect(ok({ features: { backToChoice: true } }).features).toEqual({ backToChoice: true });
    expect(parseSettings({ features: { backToChoice: 'yes' } })).toMatchObject({ ok: false, field: 'features' });
  });
});
