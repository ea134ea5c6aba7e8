/** amwa: the embeddable pre-login portal, framework-free (Preact renders inside). */
import { version as packageVersion } from '../package.json';

export { mount } from './mount';
export type { AmwaHandle, AmwaListeners, MountOptions } from './mount';
export { defineAmwaElement, AMWA_TAG } from './element';
export type { AmwaElementEventMap, AmwaPortalElement } from './element';
export { parseSettings } from './core/settings';
export type { AmwaSettings, KnownCountry, Settings, SettingsInput, SettingsResult } from './core/settings';
export type { Language, LocaleLoader, Messages } from './core/i18n';
export type { AmwaRoute, KnownRoute } from './core/known-routes';
export type { AnswerReport } from './core/api-error';
export type { RefusedRedirectReport } from './core/flows/redirect';
export type {
  AmwaEventMap,
  AmwaEventType,
  AmwaListener,
  GenericExceptionDetail,
  TechnicalExceptionDetail,
} from './core/events';

/** The version of this amwa build, e.g. `0.2.0`. */
export const version: string = packageVersion;
