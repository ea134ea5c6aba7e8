import { describe, expect, it } from 'vitest';
import { createI18n, LANGUAGES } from '../core/i18n';
import catalogue from './validation.json';

const messages: Record<string, Record<string, string>> = catalogue;
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('validation messages', () => {
  it('has every language with the English key set', () => {
    expect(Object.keys(messages).sort()).toEqual([...LANGUAGES].sort());
    const keys = Object.keys(messages.en!).sort();
    for (const language of LANGUAGES) expect(Object.keys(messages[language]!).sort(), language).toEqual(keys);
  });

  it('uses the exact English texts of spec sections 5 and 8', () => {
    expect(messages.en).toMatchObject({
      scannerUserId: 'Please enter a valid user ID of at least 8 characters',
      activationUserId: 'Please enter a valid user ID',
      email: 'Please enter a valid email address',
      registrationCodeFormat: 'The format is not correct. Please enter a 10 digit code.',
      registrationCodeInvalid: 'The registration code is not valid. Please check and try again.',
      serialNumber: 'Scan the color code again or find the serial number on the back of your device.',
      pinCode: 'Please enter a valid confirmation code',
      finishCode: 'The format is not valid. Please enter a 15 digit code.',
      logonCode: 'The format of the code is incorrect. Please try again.',
      otpCombination: 'This combination of user ID and email address is not valid. Please check both and try again.',
      blocked: 'Your account is blocked. Please contact your coordinator or get in touch with the bank via {{email}}.',
      serialTechnical: 'A technical error occurred, please try again.',
      confirmationCodeInvalid: 'The confirmation code is not valid. Please check and try again.',
      finishAttempts:
        'You have exceeded the number of attempts to enter a confirmation code. You have received an email with instructions on how to regain access to the bank.',
      scannerLogonCombination:
        'The combination of user id and code is not correct. Please check both user id and code and try again. You have 5 attempts before your scanner gets deactivated.',
      scannerLogonAttempts:
        'You have exceeded the number of attempts to enter a code. You have received an email with instructions on how to regain access to the bank.',
    });
  });

  it('translates every text and keeps its placeholders and numbers', () => {
    for (const language of LANGUAGES.filter((language) => language !== 'en')) {
      for (const [key, english] of Object.entries(messages.en!)) {
        const text = messages[language]![key]!;
        expect(text, `${language}.${key}`).not.toBe(english);
        expect(placeholders(text), `${language}.${key}`).toEqual(placeholders(english));
        expect(text.match(/[0-9]+/g), `${language}.${key}`).toEqual(english.match(/[0-9]+/g));
      }
    }
  });

  it('interpolates the service address and rule parameters through i18n', () => {
    const i18n = createI18n('de-DE', { validation: messages.de! }, { validation: messages.en! });
    expect(i18n.t('validation.blocked', { email: 'service@demobank.example' })).toBe(
      'Ihr Zugang ist gesperrt. Bitte wenden Sie sich an Ihren Koordinator oder kontaktieren Sie die Bank unter service@demobank.example.',
    );
    expect(i18n.t('validation.minLength', { param: 8 })).toBe('Bitte geben Sie mindestens 8 Zeichen ein.');
  });
});
