// The gallery page: a toolbar (language, channel, width, page, forced colours) and every state of
// STATES in a frame of its own, grouped by flow. The toolbar's view goes to every frame as its
// `data-wanted` attribute and into the page's address; the frames report back on the same element.
import { LOCALHOST_NAME } from './settings';
import { GROUPS, STATES } from './states';
import { BASELINE, control } from './walker';
import { CHANNELS, DEFAULT_VIEW, LANGUAGES, PAGES, readView, viewKey, WIDTHS, writeView, type PageLook, type View } from './view';

/** The toolbar's names of the pages behind the widget. */
const PAGE_NAMES: Record<PageLook, string> = { default: 'Default', 'dark-host': 'Dark host', 'dark-theme': 'Dark theme' };

/** Path of a state's frame page. */
export const tilePath = (id: string) => `/__sandbox/gallery/tile/${id}`;

type Attributes = Record<string, string | boolean | undefined>;

/** An element with attributes (`true` for a bare one) and children; strings become text, never markup. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined) element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

/** A group of radio buttons under a legend; `onPick` hears the chosen value. */
function radios<T extends string | number>(name: string, legend: string, values: readonly T[], current: T, label: (value: T) => string, onPick: (value: T) => void) {
  return el(
    'fieldset',
    { class: 'gallery-choice' },
    el('legend', {}, legend),
    ...values.map((value) => {
      const input = el('input', { type: 'radio', name, id: `gallery-${name}-${value}`, value: String(value), checked: value === current });
      input.addEventListener('change', () => input.checked && onPick(value));
      return el('span', {}, input, el('label', { for: input.id }, label(value)));
    }),
  );
}

/** Builds the gallery into `container` and starts every frame. */
export async function startGallery(container: HTMLElement) {
  let view = readView(location.search);
  const frames: HTMLIFrameElement[] = [];
  /** Each state's caption links to the state on its own page, in the view shown here. */
  const links: HTMLAnchorElement[] = [];
  const progress = el('p', { class: 'gallery-progress' });
  // Polite and rare: said when every state is ready in the view asked for, not on every frame.
  const announcer = el('p', { class: 'gallery-announcer', role: 'status' });

  const show = (next: Partial<View>) => {
    view = { ...view, ...next };
    history.replaceState(null, '', location.pathname + writeView(view));
    for (const frame of frames) {
      frame.dataset.wanted = viewKey(view);
      frame.style.width = `${view.width}px`;
    }
    for (const link of links) link.search = writeView({ ...view, width: DEFAULT_VIEW.width });
    announcer.textContent = '';
    update();
  };

  const language = el('select', { id: 'gallery-language' }, ...LANGUAGES.map(([code, name]) => el('option', { value: code, lang: code, selected: code === view.language }, name)));
  language.addEventListener('change', () => show({ language: language.value as View['language'] }));
  const forcedHint = el('span', { id: 'gallery-forced-hint', class: 'gallery-hint' }, 'A preview in system colours; npm run gallery -- --forced-colours shows the real thing.');
  const forced = el('input', { type: 'checkbox', id: 'gallery-forced', checked: view.forced, 'aria-describedby': forcedHint.id });
  forced.addEventListener('change', () => show({ forced: forced.checked }));
  const systemForced = matchMedia('(forced-colors: active)').matches;

  const toolbar = el(
    'form',
    { class: 'gallery-toolbar', 'aria-label': 'View' },
    el('p', { class: 'gallery-choice' }, el('label', { for: language.id }, 'Language'), language),
    radios('channel', 'Channel', CHANNELS, view.channel, (value) => value[0]!.toUpperCase() + value.slice(1), (channel) => show({ channel })),
    radios('width', 'Width', WIDTHS, view.width, (value) => `${value} px`, (width) => show({ width })),
    radios('page', 'Page', PAGES, view.page, (value) => PAGE_NAMES[value], (page) => show({ page })),
    el('p', { class: 'gallery-choice' }, forced, el('label', { for: forced.id }, systemForced ? 'Forced colours (your system has them on)' : 'Forced colours'), forcedHint),
  );
  toolbar.addEventListener('submit', (event) => event.preventDefault());

  const sections = Object.entries(GROUPS).map(([group, title]) => {
    const states = STATES.filter((state) => state.group === group);
    const headingId = `gallery-group-${group}`;
    return el(
      'section',
      { class: 'gallery-group', 'aria-labelledby': headingId },
      el('h2', { id: headingId }, `${title} (${states.length})`),
      el(
        'ul',
        { class: 'gallery-grid' },
        ...states.map((state) => {
          const frame = el('iframe', { title: state.name, 'data-state': state.id, 'data-status': 'loading' });
          // The frames are for looking at: the widget moves focus on every step of a walk, which
          // must not pull the page's focus away, and a click would move a state on. Each state
          // opens on its own, live, from its caption.
          frame.inert = true;
          frames.push(frame);
          const status = el('span', { class: 'gallery-status' }, 'loading');
          new MutationObserver(() => {
            const { status: now = 'loading', error } = frame.dataset;
            status.textContent = now === 'failed' ? `failed: ${error}` : now;
            status.dataset.status = now;
            update();
          }).observe(frame, { attributes: true, attributeFilter: ['data-status', 'data-shown', 'data-error'] });
          // A frame the widget sent elsewhere (an unexpected logon) goes back to its state.
          frame.addEventListener('load', () => {
            if (frame.dataset.started && frame.contentWindow?.location.pathname !== tilePath(state.id)) frame.src = tilePath(state.id);
          });
          const alone = el('a', { href: tilePath(state.id) }, state.name);
          links.push(alone);
          return el('li', {}, el('figure', { class: 'gallery-tile' }, frame, el('figcaption', {}, el('strong', {}, alone), ' ', el('code', {}, state.id), ' ', status)));
        }),
      ),
    );
  });

  function update() {
    const ready = frames.filter((frame) => frame.dataset.status === 'ready' && frame.dataset.shown === frame.dataset.wanted).length;
    const failed = frames.filter((frame) => frame.dataset.status === 'failed').length;
    progress.textContent = `${ready} of ${frames.length} states ready${failed ? `, ${failed} failed` : ''}.`;
    const done = ready === frames.length;
    document.body.dataset.galleryReady = String(done);
    const said = done
      ? `All ${frames.length} states shown in ${LANGUAGES.find(([code]) => code === view.language)?.[1]}, ${view.channel}, ${view.width} px, ${PAGE_NAMES[view.page].toLowerCase()}.`
      : failed ? `${failed} states failed.` : '';
    if (said && announcer.textContent !== said) announcer.textContent = said;
  }

  // Elsewhere every frame shares one browser session (see tileApiOrigin): the QR states replace each other's code.
  const shared = LOCALHOST_NAME.test(location.hostname)
    ? []
    : [el('p', { class: 'gallery-warning' }, `On ${location.hostname} the states share one browser session and the QR codes replace each other: open the gallery on a localhost address.`)];
  container.replaceChildren(toolbar, ...shared, progress, announcer, ...sections);
  // The walks need the seeded personas and knobs under which nothing they show runs out.
  await control('reset', {});
  await control('config', BASELINE);
  show({});
  for (const frame of frames) {
    frame.dataset.started = 'true';
    frame.src = tilePath(frame.dataset.state!);
  }
}

