#!/usr/bin/env node
// Merges the per-namespace message catalogues (src/messages/<namespace>.json, one
// object per language) into the shipped locale files locales/<lang>.json and
// locales/<lang>-<CC>.json. Namespaces keep parallel work on strings conflict-free;
// the shipped files keep one request per language.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = fileURLToPath(new URL('../../locales/', import.meta.url));
export const LANGUAGES = ['bg', 'cs', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'sk', 'uk', 'zh'];
export const VARIANTS = ['de-AT', 'de-DE', 'de-LU', 'fr-BE', 'fr-FR', 'fr-LU', 'nl-BE', 'nl-NL', 'en-GB', 'en-US', 'en-AU', 'cs-CZ', 'es-ES', 'it-IT', 'ro-RO', 'uk-UA'];

/** Returns { [locale]: messages } for every language and variant. */
export function buildLocales() {
  const files = {};
  for (const locale of [...LANGUAGES, ...VARIANTS]) files[locale] = {};
  for (const name of readdirSync(here).filter((f) => f.endsWith('.json')).sort()) {
    const namespace = name.slice(0, -5);
    const catalogue = JSON.parse(readFileSync(join(here, name), 'utf8'));
    for (const [locale, messages] of Object.entries(catalogue)) {
      if (!(locale in files)) throw new Error(`src/messages/${name}: unknown locale ${locale}`);
      files[locale][namespace] = messages;
    }
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [locale, messages] of Object.entries(buildLocales())) {
    writeFileSync(join(out, `${locale}.json`), JSON.stringify(messages, null, 2) + '\n');
  }
  console.log('locales written');
}
