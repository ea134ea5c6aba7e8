// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/i18n';

// Holds every language to the terms and register of locales/GLOSSARY.md: a term used in one screen
// and a variant of it in the next, or 'tu' in one help text and 'Lei' in the next, reads as careless
// to a native speaker. Patterns are case-insensitive and Unicode-aware; \b is ASCII-only, so word
// edges are written as (?<!\p{L}) and (?!\p{L}).

type Table = { [key: string]: string | Table };
const folder = new URL('.', import.meta.url);
const catalogues: Record<string, Record<string, Table>> = Object.fromEntries(
  readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name.slice(0, -5), JSON.parse(readFileSync(new URL(name, folder), 'utf8'))]),
);
const leaves = (table: Table, prefix: string): [string, string][] =>
  Object.entries(table).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`)));
/** Every message of a locale as { 'namespace.key': text }; a country variant is its language plus its overrides. */
const messages = (locale: string): Record<string, string> => {
  const [language] = locale.split('-') as [string];
  const out: Record<string, string> = {};
  for (const [namespace, catalogue] of Object.entries(catalogues)) {
    for (const source of locale === language ? [language] : [language, locale]) {
      for (const [key, text] of leaves(catalogue[source] ?? {}, `${namespace}.`)) out[key] = text;
    }
  }
  return out;
};
const english = messages('en');
const word = (pattern: string) => new RegExp(`(?<!\\p{L})(?:${pattern})(?!\\p{L})`, 'iu');
// Link targets are not prose: 'mailto:' has no space before its colon in any language.
const prose = (text: string) => text.replace(/\]\([^)]*\)/g, ']');

/** The messages the spec quotes word for word: their English stays exactly as quoted. */
const SPEC_QUOTED = { 'validation.serialNumber': 'Scan the color code again or find the serial number on the back of your device.' };

/** Per language, the glossary term a translation must use wherever the English uses the product term. */
const TERMS: Record<string, Record<'colourCode' | 'scanner' | 'serviceTeam' | 'coordinator' | 'responseCode' | 'registrationCode' | 'userId', string>> = {
  bg: { colourCode: 'цвет\\p{L}* код', scanner: 'скенер', serviceTeam: 'екипа по обслужване', coordinator: 'координатор', responseCode: 'код\\p{L}* за отговор', registrationCode: 'регистрацион\\p{L}*(?: ми)? код', userId: 'идентификатор' },
  cs: { colourCode: 'barevn\\p{L}* kód', scanner: 'skener', serviceTeam: 'tým\\p{L}* \\[?zákaznické podpory', coordinator: 'koordinátor', responseCode: 'kód\\p{L}* odpovědi', registrationCode: 'registrační\\p{L}* kód', userId: 'ID' },
  de: { colourCode: 'Farbcode', scanner: 'Scanner', serviceTeam: 'Serviceteam', coordinator: 'Koordinator', responseCode: 'Antwortcode', registrationCode: 'Registrierungscode', userId: 'Benutzer-ID' },
  es: { colourCode: 'código de colores', scanner: 'escáner', serviceTeam: 'equipo de atención al cliente', coordinator: 'coordinador', responseCode: 'código de respuesta', registrationCode: 'código de registro', userId: 'ID de usuario' },
  fr: { colourCode: 'code couleur', scanner: 'scanner', serviceTeam: 'service clientèle', coordinator: 'coordinateur', responseCode: 'code de réponse', registrationCode: 'code d’enregistrement', userId: 'identifiant utilisateur' },
  hu: { colourCode: 'színkód', scanner: 'szkenner', serviceTeam: 'ügyfélszolgálati csapat', coordinator: 'koordinátor', responseCode: 'válaszkód', registrationCode: 'regisztrációs kód', userId: 'felhasználói azonosító' },
  it: { colourCode: 'codice a colori', scanner: 'scanner', serviceTeam: 'team di assistenza', coordinator: 'coordinatore', responseCode: 'codice di risposta', registrationCode: 'codice di registrazione', userId: 'ID utente' },
  nl: { colourCode: 'kleurcode', scanner: 'scanner', serviceTeam: 'serviceteam', coordinator: 'coördinator', responseCode: 'responscode', registrationCode: 'registratiecode', userId: 'gebruikers-ID' },
  pl: { colourCode: 'kod\\p{L}* kolorow', scanner: 'skaner', serviceTeam: 'zespoł\\p{L}* obsługi', coordinator: 'koordynator', responseCode: 'kod\\p{L}* odpowiedzi', registrationCode: 'kod\\p{L}* rejestracyjn', userId: 'identyfikator' },
  ro: { colourCode: 'cod\\p{L}* color', scanner: 'scaner', serviceTeam: 'echip\\p{L}* de asistență', coordinator: 'coordonator', responseCode: 'cod\\p{L}* de răspuns', registrationCode: 'cod\\p{L}* de înregistrare', userId: 'ID' },
  ru: { colourCode: 'цветов\\p{L}* код', scanner: 'сканер', serviceTeam: 'служб\\p{L}* поддержки', coordinator: 'координатор', responseCode: 'код\\p{L}* ответа', registrationCode: 'регистрационн\\p{L}* код', userId: 'идентификатор' },
  sk: { colourCode: 'farebn\\p{L}* kód', scanner: 'skener', serviceTeam: 'tím\\p{L}* \\[?zákazníckej podpory', coordinator: 'koordinátor', responseCode: 'kód\\p{L}* odpovede', registrationCode: 'registračn\\p{L}* kód', userId: 'ID' },
  uk: { colourCode: 'кольоров\\p{L}* код', scanner: 'сканер', serviceTeam: 'служб\\p{L}* підтримки', coordinator: 'координатор', responseCode: 'код\\p{L}* відповіді', registrationCode: 'реєстраційн\\p{L}* код', userId: 'ідентифікатор' },
  zh: { colourCode: '彩色码', scanner: '扫描器', serviceTeam: '服务团队', coordinator: '协调员', responseCode: '应答码', registrationCode: '注册码', userId: '用户 ID' },
};
/** Where the English says the product term (matched in the English text). */
const ENGLISH_TERMS: Record<keyof (typeof TERMS)['de'], RegExp> = {
  colourCode: /colou?r[ -]code/i,
  scanner: /scanner/i,
  serviceTeam: /service team/i,
  coordinator: /coordinator/i,
  responseCode: /response code/i,
  registrationCode: /registration code/i,
  userId: /user id/i,
};

/** Variants, calques and register markers that must not appear anywhere in a language. */
const FORBIDDEN: Record<string, [RegExp, string][]> = {
  bg: [
    [/(?<![.!?\n]\s*|^)(?<!\p{L})(?:Ви|Вас|Ваш\p{L}*)(?!\p{L})/mu, 'the polite pronoun is lowercase (ви, вас, вашият) except at the start of a sentence'],
    [word('ти|теб|твой|твоя|твоят|твоите'), 'informal ти: the register is formal (вие)'],
    [word('администрация\\p{L}*'), "calque 'administration': say 'данни'"],
    [word('обслужващия екип'), "one service-team term: 'екипа по обслужване'"],
  ],
  cs: [
    [word('ty|tvůj|tvoje|tvého|tobě'), 'informal ty: the register is formal (vy)'],
    [/administrativ/iu, "calque 'administration'"],
    [/servisní\p{L}* tým/iu, "one service-team term: 'tým zákaznické podpory'"],
  ],
  de: [
    [word('du|dich|dir|dein|deine|deinen|deinem|deiner|deines'), 'informal du: the register is formal (Sie)'],
    [/Konto|Kontos/u, "the login is the 'Zugang'; a 'Konto' reads as a bank account"],
    [/um es erneut zu versuchen/u, "a dangling 'es': say what the action does"],
    [/Verwaltung/u, "calque 'according to our administration': say 'Unterlagen'"],
    [/Angemeldet bleiben/u, "'Angemeldet bleiben' means stay logged on; the box remembers the user ID"],
  ],
  en: [
    [/administration/iu, "Dutch calque: say 'records'"],
    [/e-mail/iu, "one spelling: 'email'"],
  ],
  es: [
    [word('tú|tu|tus|tienes|puedes|quieres|introduce|escanea'), 'informal tú: the register is formal (usted)'],
    [/código de color(?!es)|código a color|código cromático/iu, "one colour-code term: 'código de colores'"],
    [/administración/iu, "calque 'administration': say 'registros'"],
    [/equipo de servicio/iu, "one service-team term: 'equipo de atención al cliente'"],
    [/banca en línea/iu, "one term for online banking: 'banca online'"],
  ],
  fr: [
    [word('tu|toi|ton|ta|tes|tiens'), 'informal tu: the register is formal (vous)'],
    [/(?<!\u202F)[?!;:]/u, 'a narrow no-break space (U+202F) goes before high punctuation ? ! ; :'],
    [/«(?!\u202F)|(?<!\u202F)»/u, 'a narrow no-break space (U+202F) goes inside « »'],
    [/\u00A0/u, 'one kind of no-break space in French: U+202F, never U+00A0 beside it'],
    [word('inactif|autorisé|connecté|déconnecté'), 'gender-neutral: say what happened, not who the user is (masculine-only participle)'],
    [/'/u, 'typographic apostrophe ’'],
    [/administration/iu, "calque 'administration': say 'dossiers'"],
    [/équipe de service/iu, "one service-team term: 'service clientèle'"],
    [/identifiant(?! utilisateur)/iu, "one user-ID term: 'identifiant utilisateur'"],
  ],
  hu: [
    [word('te|téged|neked|tiéd'), 'informal te: the register is formal (Ön)'],
    [/ügyintéző/iu, "calque 'administration'"],
    [/online bank/iu, "one term: 'internetbank'"],
  ],
  it: [
    [word('tu|ti|te|tuo|tua|tuoi|tue|puoi|hai|vuoi|devi|sei|scansiona|scansionalo|scegli|apri|installa|disinstalla|registrati|accedi|segnalalo|tieni|contatta|indica|collega|conferma il|scarica|aggiornalo|ricordami'), 'informal tu: the register is formal (Lei)'],
    [/(?<![.!?]\s|^)(?<!\p{L})(?:Suo|Sua|Suoi|Sue|Lei)(?!\p{L})/mu, 'the polite pronoun is lowercase (lei, suo) except at the start of a sentence'],
    [/codice colore/iu, "one colour-code term: 'codice a colori'"],
    [/amministrazione/iu, "calque 'administration': say 'archivi'"],
    [/'/u, 'typographic apostrophe ’'],
  ],
  nl: [
    [word('je|jij|jou|jouw'), 'informal je: the register is formal (u)'],
    [word('heeft u'), "one verb form with u: 'hebt u'"],
    [/onze administratie\./iu, "'contact our administration' is a department that does not exist for the customer: say 'de bank'"],
    [/Onthoud mij/u, "literal 'Remember me': the box remembers the user ID ('Gebruikers-ID onthouden')"],
    [/^Wacht op uw/u, "'Wacht op uw …' reads as an order: a status says 'We wachten op uw …'"],
  ],
  pl: [
    [word('Pan|Pani|Pana|Panu|Państwo|Państwa'), 'the register is the informal Ty of Polish banking, not Pan/Pani'],
    [/administracj/iu, "calque 'administration': say 'dane'"],
    [/kolorow\p{L}* kod/iu, "one colour-code term: 'kod kolorowy'"],
    [/Zgubiłem|Nie otrzymałem|Zapomniałem/u, 'gender-neutral first person in help topics'],
  ],
  ro: [
    [/scanner/iu, "one spelling: 'scaner' (DOOM)"],
    [word('tu|ta|tău|tale|ține-mă'), 'informal tu: the register is formal (dumneavoastră)'],
    [/dvs\./iu, "the polite pronoun in full: 'dumneavoastră'"],
    [/administrativ/iu, "calque 'administration'"],
    [/echipa de servicii/iu, "one service-team term: 'echipa de asistență'"],
  ],
  ru: [
    [word('ты|тебя|тебе|твой|твоя|твои'), 'informal ты: the register is formal (вы)'],
    [/администрац/iu, "calque 'administration': say 'по нашим данным'"],
    [/ПИН/u, "one spelling: 'PIN-код'"],
    [/цветн\p{L}* код/iu, "one colour-code term: 'цветовой код'"],
    [/аккаунт/iu, "one term: 'учётная запись'"],
    [/сервисн/iu, "one service-team term: 'служба поддержки'"],
  ],
  sk: [
    [word('ty|tvoj|tvoje|tvojho|tebe'), 'informal ty: the register is formal (vy)'],
    [/administratív/iu, "calque 'administration'"],
    [/servisn\p{L}* tím/iu, "one service-team term: 'tím zákazníckej podpory'"],
    [/internet banking/iu, "one term: 'internetové bankovníctvo'"],
  ],
  uk: [
    [word('ти|тебе|тобі|твій|твоя|твої'), 'informal ти: the register is formal (ви)'],
    [/адміністрац/iu, "calque 'administration': say 'за нашими даними'"],
    [/сервісн/iu, "one service-team term: 'служба підтримки'"],
    [/'/u, 'typographic apostrophe ’'],
  ],
  zh: [
    [/你/u, 'the register is formal (您)'],
    [/配置文件/u, "'profile' is a user profile (用户资料), not a configuration file"],
    [/协调人/u, "one coordinator term: '协调员'"],
    [/管理部门/u, "calque 'administration': say 'records' (记录)"],
  ],
};

describe('the glossary (locales/GLOSSARY.md)', () => {
  it('has a section for every language', () => {
    const glossary = readFileSync(new URL('../../locales/GLOSSARY.md', import.meta.url), 'utf8');
    for (const language of LANGUAGES) expect(glossary, language).toMatch(new RegExp(`^## .*\\(\`${language}\`\\)`, 'm'));
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s uses its glossary term wherever English uses the product term', (language) => {
    const texts = messages(language);
    const slips: string[] = [];
    for (const [term, pattern] of Object.entries(TERMS[language]!)) {
      const translation = new RegExp(pattern, 'iu');
      for (const [key, text] of Object.entries(english)) {
        const translated = texts[key] ?? texts[key.replace(PLURAL_FORM, '.other')]!;
        if (ENGLISH_TERMS[term as keyof (typeof TERMS)['de']].test(text) && !translation.test(translated)) slips.push(`${key} (${term}): ${translated}`);
      }
    }
    expect(slips).toEqual([]);
  });

  it.each(Object.keys(FORBIDDEN))('%s has no variant, calque or register slip', (language) => {
    const texts = messages(language);
    const slips: string[] = [];
    for (const [pattern, why] of FORBIDDEN[language]!) {
      for (const [key, text] of Object.entries(texts)) if (pattern.test(prose(text))) slips.push(`${key}: ${why}: ${text}`);
    }
    expect(slips).toEqual([]);
  });
});

describe('one spelling of colour per English variant', () => {
  it('keeps the spec-quoted messages exactly as quoted', () => {
    for (const [key, text] of Object.entries(SPEC_QUOTED)) {
      expect(english[key], key).toBe(text);
      expect(messages('en-US')[key], key).toBe(text);
    }
  });

  it("says 'colour' in en-GB everywhere else", () => {
    const slips = Object.entries(english).filter(([key, text]) => !(key in SPEC_QUOTED) && /color/i.test(text));
    expect(slips).toEqual([]);
    expect(Object.values(english).filter((text) => /colour/i.test(text)).length).toBeGreaterThan(10);
  });

  it("says 'color' in en-US everywhere, not only on Home", () => {
    const us = messages('en-US');
    expect(Object.entries(us).filter(([, text]) => /colour|authorised/i.test(text))).toEqual([]);
    for (const [key, text] of Object.entries(english)) if (/colour/i.test(text)) expect(us[key], key).toBe(text.replace(/colour/g, 'color').replace(/Colour/g, 'Color'));
  });

  it('overrides only what differs in en-US', () => {
    for (const [namespace, catalogue] of Object.entries(catalogues)) {
      for (const [key, text] of leaves(catalogue['en-US'] ?? {}, `${namespace}.`)) expect(text, key).not.toBe(english[key]);
    }
  });
});

/**
 * The login is access, not a bank account (GLOSSARY.md, 'The login is not a bank account'): the
 * word each language uses wherever the English says 'account', and the words it must not use
 * there. ru and uk keep their word for a user account; zh says 登录账号.
 */
const LOGIN: Record<string, { access: RegExp; not: RegExp }> = {
  bg: { access: /достъп/iu, not: /акаунт|сметк/iu },
  cs: { access: /přístup/iu, not: /účet|účt/iu },
  de: { access: /Zugang/u, not: /Konto/u },
  es: { access: /acceso/iu, not: /cuenta/iu },
  fr: { access: /accès/iu, not: /compte/iu },
  hu: { access: /hozzáférés/iu, not: /fiók|számla/iu },
  it: { access: /accesso/iu, not: /account|conto/iu },
  nl: { access: /toegang/iu, not: /account|rekening/iu },
  pl: { access: /dostęp/iu, not: word('konto|konta|kontem|koncie') },
  ro: { access: /acces/iu, not: word('cont|contul|contului') },
  ru: { access: /учётн\p{L}* запис/iu, not: /аккаунт|счёт|счет/iu },
  sk: { access: /prístup/iu, not: /účet|účt/iu },
  uk: { access: /обліков\p{L}* запис/iu, not: /акаунт|рахун/iu },
  zh: { access: /登录账号/u, not: /账户|帐户/u },
};
/** The scanner's own question ('remove the existing account?') is the device's wording, not the login. */
const DEVICE_ACCOUNT = new Set(['activationHelp.activation-not-completed.resolution']);

describe('the login is access, not an account', () => {
  const accountKeys = Object.keys(english).filter((key) => /\baccount\b/i.test(english[key]!) && !DEVICE_ACCOUNT.has(key));

  it('covers the link-mode texts, the blocked message and the done screen', () => {
    expect(accountKeys).toEqual(
      expect.arrayContaining(['linkUser.title', 'linkUser.mobileHint', 'mobileLogon.link.title', 'mobileLogon.link.scan', 'mobileLogon.link.qrAlt', 'mobileLogon.link.confirmed', 'mobileHelp.link-account.resolution', 'mobileHelp.keep-installed.resolution', 'validation.blocked', 'activation.done.keys']),
    );
  });

  it.each(Object.keys(LOGIN))("%s says its word for access wherever English says 'account'", (language) => {
    const texts = messages(language);
    const { access, not } = LOGIN[language]!;
    const slips = accountKeys.filter((key) => !access.test(texts[key]!) || not.test(texts[key]!)).map((key) => `${key}: ${texts[key]}`);
    expect(slips).toEqual([]);
  });

  it("fails on the French and Dutch link texts issue 33 found (the check can fail)", () => {
    expect(LOGIN.fr!.not.test('Associez votre compte InsideBusiness')).toBe(true);
    expect(LOGIN.nl!.not.test('Koppel uw InsideBusiness-account')).toBe(true);
  });
});

/** Coordinators can block and unblock users (spec section 6, 'stated in help text'): the words of each language. */
const BLOCK_AND_UNBLOCK: Record<string, RegExp> = {
  bg: /блокират и деблокират/u,
  cs: /zablokovat a odblokovat/u,
  de: /sperren und entsperren/u,
  en: /block and unblock users/u,
  es: /bloquear y desbloquear/u,
  fr: /bloquer et débloquer/u,
  hu: /zárolhatják .*zárolást fel is oldhatják/u,
  it: /bloccare e sbloccare/u,
  nl: /blokkeren en deblokkeren/u,
  pl: /blokować i odblokowywać/u,
  ro: /blocheze și să deblocheze/u,
  ru: /блокировать и разблокировать/u,
  sk: /zablokovať a odblokovať/u,
  uk: /блокувати й розблоковувати/u,
  zh: /锁定和解锁用户/u,
};

describe('what coordinators can do', () => {
  it.each([...LANGUAGES])('%s help says that coordinators can block and unblock users', (language) => {
    expect(messages(language)['mobileHelp.contact.resolution']).toMatch(BLOCK_AND_UNBLOCK[language]!);
  });
});

describe('named fixes', () => {
  it('de remembers the user ID instead of keeping the user logged on', () => {
    expect(messages('de')['scannerLogon.rememberMe']).toBe('Benutzer-ID merken');
  });

  it('nl says it waits for the approval, not an order to wait', () => {
    expect(messages('nl')['mobileLogon.waiting']).toBe('We wachten op uw bevestiging in de app.');
  });

  it("zh selects a user profile, not a configuration file", () => {
    expect(messages('zh')['session.selectProfile']).toBe('选择用户资料');
  });

  it.each(['de', 'fr', 'es', 'it', 'pl', 'en'])("%s says 'records' where the source said 'administration'", (language) => {
    const records: Record<string, RegExp> = { de: /Unterlagen/, fr: /dossiers/, es: /registros/, it: /archivi/, pl: /danych/, en: /records/ };
    expect(messages(language)['activation.missing.text']).toMatch(records[language]!);
  });
});

/** Phrases too casual for a bank, in any language: the success line is neutral ('Activation completed'). */
const CASUAL: [RegExp, string][] = [
  [/Und schon sind Sie fertig/u, 'de'],
  [/Et voilà/u, 'fr'],
  [/En u bent klaar/u, 'nl'],
  [/Tot snel/u, 'nl'],
  [/I gotowe/u, 'pl'],
  [/Ed ecco fatto/u, 'it'],
  [/És kész is/u, 'hu'],
  [/Вот и всё|Ось і все/u, 'ru, uk'],
  [/A je hotovo/u, 'cs, sk'],
  [/И сте готови/u, 'bg'],
  [/Ya está todo listo/u, 'es'],
  [/Și ați terminat/u, 'ro'],
];

describe('the register of a bank', () => {
  it.each([...LANGUAGES].filter((language) => language !== 'en'))('%s has no casual phrase', (language) => {
    const texts = messages(language);
    const slips = Object.entries(texts).flatMap(([key, text]) => CASUAL.filter(([pattern]) => pattern.test(text)).map(() => `${key}: ${text}`));
    expect(slips).toEqual([]);
  });

  it('fails on a casual phrase and on mixed French spaces (the checks can fail)', () => {
    expect(CASUAL.some(([pattern]) => pattern.test('Und schon sind Sie fertig'))).toBe(true);
    const mixed = 'Vous êtes prêt\u202F? Continuez\u00A0\u202F:';
    expect(FORBIDDEN.fr!.filter(([pattern]) => pattern.test(mixed)).map(([, why]) => why)).toEqual([
      'one kind of no-break space in French: U+202F, never U+00A0 beside it',
    ]);
  });
});

/** Plural forms of a count-dependent message ('one', 'few', …): a language has the forms its own rules use. */
const PLURAL_FORM = /\.(zero|one|two|few|many|other)$/;
const pluralGroups = (texts: Record<string, string>) => {
  const groups = new Map<string, Set<string>>();
  for (const key of Object.keys(texts)) {
    const form = key.match(PLURAL_FORM)?.[1];
    if (form) groups.set(key.slice(0, -form.length - 1), (groups.get(key.slice(0, -form.length - 1)) ?? new Set()).add(form));
  }
  return groups;
};

describe('plural rules (Intl.PluralRules)', () => {
  it.each([...LANGUAGES])('%s gives every count-dependent message exactly the plural forms of its language', (language) => {
    const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
    const englishForms = pluralGroups(english);
    const groups = pluralGroups(messages(language));
    expect(groups.size).toBeGreaterThan(0);
    for (const [key, forms] of groups) {
      // Every form its rules use; beyond those only English's forms (every table carries the English
      // keys, so Chinese repeats its one form as 'one', which its rules never pick).
      for (const form of forms) expect(categories.has(form) || englishForms.get(key)?.has(form), `${language} ${key}.${form}`).toBe(true);
      for (const form of categories) if (form !== 'zero' && form !== 'two') expect(forms.has(form), `${language} ${key} lacks ${form}`).toBe(true);
    }
  });
});

// What must survive translation in every namespace: placeholders, link targets, bold runs, list items, paragraphs.
const skeleton = (text: string) => ({
  placeholders: (text.match(/\{\{\w+\}\}/g) ?? []).sort(),
  links: [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]),
  bold: (text.match(/\*\*[^*]+\*\*/g) ?? []).length,
  items: text.split('\n').filter((line) => line.startsWith('- ')).length,
  paragraphs: text.split('\n\n').length,
});

describe('every catalogue', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every English key with its placeholders and markup', (language) => {
    const texts = messages(language);
    const folded = (all: Record<string, string>) => [...new Set(Object.keys(all).map((key) => key.replace(PLURAL_FORM, '.other')))].sort();
    expect(folded(texts)).toEqual(folded(english));
    for (const [key, text] of Object.entries(english)) if (texts[key] !== undefined) expect(skeleton(texts[key]!), `${language} ${key}`).toEqual(skeleton(text));
  });

  it.each([...LANGUAGES])('%s names its buttons and links in help texts exactly as the screens label them', (language) => {
    const texts = messages(language);
    const bold = (key: string) => texts[key]!.match(/\*\*(.+?)\*\*/)?.[1];
    expect(bold('scannerHelp.new-scanner.resolution')).toBe(texts['home.activateFirst']);
    expect(bold('scannerHelp.trouble-scanning.resolution')).toBe(texts['scannerLogon.refresh']);
    expect(bold('activationHelp.activation-not-completed.resolution')).toBe(texts['activation.doneYesNext.yes']);
    expect(texts['scannerLogon.colourCodeExpired']).toContain(texts['scannerLogon.refresh']);
  });
});
