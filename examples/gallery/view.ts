// What the gallery shows every state in: language, channel, width, page (default, dark host,
// dark theme) and forced colours. The page keeps it in its address
// (?lang=de&channel=orange&width=320&page=dark-theme&forced) and hands it to each frame
// as its `data-wanted` attribute; each frame says in `data-shown` which view it shows.
import type { Language } from 'amwa';

/** Every interface language, by its own name. */
export const LANGUAGES: ReadonlyArray<readonly [code: Language, name: string]> = [
  ['bg', 'Български'],
  ['cs', 'Čeština'],
  ['de', 'Deutsch'],
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['hu', 'Magyar'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['ro', 'Română'],
  ['ru', 'Русский'],
  ['sk', 'Slovenčina'],
  ['uk', 'Українська'],
  ['zh', '中文'],
];

/** The channel markers of spec section 1. */
export const CHANNELS = ['blue', 'orange'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Frame widths: the narrowest phone WCAG reflow asks for, a common phone, a desktop. */
export const WIDTHS = [320, 375, 1280] as const;
export type Width = (typeof WIDTHS)[number];

/**
 * What is behind and around the widget: the default (a white page, the default theme), a dark
 * host page with the default theme, or the documented dark theme (docs/theming.md) on it.
 */
export const PAGES = ['default', 'dark-host', 'dark-theme'] as const;
export type PageLook = (typeof PAGES)[number];

/** One way of looking at every state. */
export interface View {
  language: Language;
  channel: Channel;
  width: Width;
  page: PageLook;
  forced: boolean;
}

/** The view a gallery opens with. */
export const DEFAULT_VIEW: View = { language: 'en', channel: 'blue', width: 375, page: 'default', forced: false };

const oneOf = <T>(values: readonly T[], value: unknown, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** The view an address asks for; anything unknown keeps the default. */
export function readView(search: string): View {
  const query = new URLSearchParams(search);
  return {
    language: oneOf(LANGUAGES.map(([code]) => code), query.get('lang'), DEFAULT_VIEW.language),
    channel: oneOf(CHANNELS, query.get('channel'), DEFAULT_VIEW.channel),
    width: oneOf<number>(WIDTHS, Number(query.get('width')), DEFAULT_VIEW.width) as Width,
    page: oneOf(PAGES, query.get('page'), DEFAULT_VIEW.page),
    forced: query.has('forced'),
  };
}

/** The query of an address that opens `view` (only what differs from the default). */
export function writeView(view: View): string {
  const query = new URLSearchParams();
  if (view.language !== DEFAULT_VIEW.language) query.set('lang', view.language);
  if (view.channel !== DEFAULT_VIEW.channel) query.set('channel', view.channel);
  if (view.width !== DEFAULT_VIEW.width) query.set('width', String(view.width));
  if (view.page !== DEFAULT_VIEW.page) query.set('page', view.page);
  if (view.forced) query.set('forced', '');
  const text = query.toString().replace(/forced=(&|$)/, 'forced$1');
  return text ? `?${text}` : '';
}

/** How a frame names the view its widget shows (`data-shown`), e.g. `de orange 320 dark-theme forced` (the default page unnamed). */
export const viewKey = ({ language, channel, width, page, forced }: View) =>
  `${language} ${channel} ${width}${page === DEFAULT_VIEW.page ? '' : ` ${page}`}${forced ? ' forced' : ''}`;

/** The view a frame is asked for (`data-wanted`, in `viewKey` form); anything unknown keeps the default. */
export function parseViewKey(key: string | undefined): View {
  const [language, channel, width, ...flags] = (key ?? '').split(' ');
  return {
    language: oneOf(LANGUAGES.map(([code]) => code), language, DEFAULT_VIEW.language),
    channel: oneOf(CHANNELS, channel, DEFAULT_VIEW.channel),
    width: oneOf<number>(WIDTHS, Number(width), DEFAULT_VIEW.width) as Width,
    page: PAGES.find((page) => flags.includes(page)) ?? DEFAULT_VIEW.page,
    forced: flags.includes('forced'),
  };
}
