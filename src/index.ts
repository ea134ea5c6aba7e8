/** amwa: the embeddable pre-login portal. */
export { mount } from './mount';
export type { AmwaHandle, AmwaListeners, MountOptions } from './mount';
export { defineAmwaElement, AMWA_TAG } from './element';
export { parseSettings } from './core/settings';
export type { Settings, SettingsInput, SettingsResult } from './core/settings';
export type {
  AmwaEventMap,
  AmwaEventType,
  AmwaListener,
  GenericExceptionDetail,
  TechnicalExceptionDetail,
} from './core/events';
