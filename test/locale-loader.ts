// The locale files as a host would serve them, read from disk: the network edge of i18n in tests.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LocaleLoader, Messages } from '../src/core/i18n';

/** Loads `locales/<name>.json` from the repository (tests run from its root). */
export const fileLocaleLoader: LocaleLoader = async (name) =>
  JSON.parse(await readFile(resolve(process.cwd(), 'locales', `${name}.json`), 'utf8')) as Messages;
