// One state of the gallery, in a frame of its own: mounts the real widget in memory routing,
// walks it to the state against the sandbox, then follows the view the page asks for (language
// and channel in place through `handle.update`, the page behind it and forced colours by a class). The frame tells the
// page how it is doing through attributes of its <iframe> element:
//
//   data-wanted   (set by the page) the view to show, e.g. `de orange 320`
//   data-status   walking | ready | failed
//   data-shown    the view the widget shows once ready (equals data-wanted when caught up)
//   data-epoch    how many times the state was reached (a state that ran out is walked again)
//   data-error    why the walk failed
//
// A frame is a document of its own so each state gets a real viewport (the widget's media
// queries see 320 px), its own modal dialogs, focus trap and scroll lock, and its own cookies
// (the widget's under its base path, the sandbox's under a host name of its own).
import { mount, type AmwaHandle } from 'amwa';
import { normalise } from './dom';
import { tileSettings } from './settings';
import { STATES } from './states';
import { BASELINE, control, Walker } from './walker';
import { PAGES, parseViewKey, readView, viewKey } from './view';

/** Walks run at most this many at once: a frame each, on a machine that also runs the sandbox. */
const PARALLEL_WALKS = 4;
/** Tries of a walk before its tile is marked failed (a fault another walk left behind, a slow machine). */
const ATTEMPTS = 3;
/** How often a ready tile checks that its state is still there. */
const CHECK_MS = 1000;
/** The smallest frame: a phone's screen, so dialogs have room. */
const MIN_HEIGHT = 640;

/** What a finished state shows that can run out by itself: if one goes, the state has gone. */
const PERISHABLES = ['.amwa-qr[data-state="loaded"]', '.amwa-colour-code[data-state="shown"]', '[role="dialog"], [role="alertdialog"]'];

interface Mounted {
  handle: AmwaHandle;
  root: ShadowRoot;
  /** The perishables the state showed when it was reached. */
  perishables: string[];
}

/** Runs the tile of state `id` in this frame. */
export function runTile(id: string, main: HTMLElement) {
  const frame = window.frameElement as HTMLIFrameElement | null;
  const report = (fields: Record<string, string>) => {
    Object.assign(document.documentElement.dataset, fields);
    if (frame) Object.assign(frame.dataset, fields);
  };
  const index = STATES.findIndex((candidate) => candidate.id === id);
  const state = STATES[index];
  if (!state) return report({ status: 'failed', error: `no state ${id}` });
  document.title = `${state.name} · screen gallery`;
  // In the gallery the frames are for looking at (inert): a widget moving focus as it goes (to a
  // new step's heading, into a dialog) would still pull the page's focus into its frame, away
  // from wherever the user is. Inside a frame of the gallery, focusing does nothing.
  if (frame) HTMLElement.prototype.focus = () => undefined;
  // Opened on its own (not in the gallery), the frame takes the view from its address.
  const wanted = () => (frame ? parseViewKey(frame.dataset.wanted) : readView(location.search));

  let mounted: Mounted | undefined;
  let epoch = 0;
  let walking = false;
  let ready = false;
  /** The widget's last generic error, for the report of a walk that went astray. */
  let lastException = '';

  /** Keeps the frame as tall as its content and any open dialog, so nothing scrolls inside it. */
  const fit = () => {
    if (!frame || !mounted) return;
    const dialogs = [...mounted.root.querySelectorAll('.amwa-dialog')].map((dialog) => dialog.getBoundingClientRect().height + 48);
    const height = Math.ceil(Math.max(MIN_HEIGHT, document.body.getBoundingClientRect().height, ...dialogs));
    if (frame.style.height !== `${height}px`) frame.style.height = `${height}px`;
  };
  const sizes = new ResizeObserver(fit);
  sizes.observe(document.body);
  // Dialogs are fixed to the viewport, outside the body's height: each is measured on its own.
  const dialogs = new MutationObserver(() => {
    for (const dialog of mounted?.root.querySelectorAll('.amwa-dialog') ?? []) sizes.observe(dialog);
    fit();
  });

  const unmount = () => {
    mounted?.handle.unmount();
    mounted = undefined;
  };

  const mountWidget = () => {
    unmount();
    const host = document.createElement('div');
    host.className = 'gallery-widget';
    main.replaceChildren(host);
    const handle = mount(host, tileSettings(state, location, wanted().channel));
    lastException = '';
    handle.on('amwa-generic-exception', (detail) => void (lastException = `${detail.origin} ${detail.status ?? ''} ${detail.message}`));
    if (!host.shadowRoot) throw new Error('the widget rendered no shadow root');
    mounted = { handle, root: host.shadowRoot, perishables: [] };
    dialogs.disconnect();
    dialogs.observe(host.shadowRoot, { childList: true, subtree: true });
    return mounted;
  };

  const walker = (root: ShadowRoot) => new Walker(root, () => lastException || undefined);

  /** One walk to the state, under the gallery's locks (see `withLocks`). */
  const attempt = () =>
    withLocks(
      index,
      state.exclusive ? 'exclusive' : 'shared',
      async () => {
        const { root } = mountWidget();
        await state.walk?.(walker(root));
      },
      state.alone &&
        (async () => {
          try {
            await state.alone!(walker(mounted!.root));
          } finally {
            await control('config', BASELINE);
          }
        }),
    );

  /**
   * Shows the wanted view and says so once the widget's texts are in that language and the frame
   * has that width. A view asked for meanwhile supersedes it: the next call shows that one.
   */
  let applying = Promise.resolve();
  const apply = () =>
    (applying = applying.then(async () => {
      if (!mounted || walking) return;
      const view = wanted();
      const key = viewKey(view);
      const { handle, root } = mounted;
      const superseded = () => mounted?.root !== root || viewKey(wanted()) !== key;
      document.documentElement.classList.toggle('gallery-forced', view.forced);
      for (const page of PAGES) document.documentElement.classList.toggle(`gallery-${page}`, page === view.page);
      handle.update({ language: view.language, channel: view.channel });
      const shows = () => {
        const box = root.querySelector('.amwa-root');
        // Opened on its own, the frame is as wide as the window.
        const wide = !frame || document.documentElement.clientWidth === view.width;
        return box?.getAttribute('lang')?.startsWith(view.language) && box.getAttribute('data-channel') === view.channel && wide;
      };
      try {
        await new Walker(root).until(`${key} to show`, () => shows() || superseded());
      } catch (error) {
        if (!superseded()) report({ status: 'failed', error: (error as Error).message });
        return;
      }
      // The texts render in a microtask after the language is set: let them land, then fit the frame to them.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (superseded()) return;
      fit();
      report({ shown: key });
    }));

  let renewal: ReturnType<typeof setTimeout> | undefined;
  const reach = async () => {
    clearTimeout(renewal);
    walking = true;
    ready = false;
    report({ status: 'walking', shown: '' });
    // At once, not when the walk's turn comes: a widget left running could reach its time limit
    // meanwhile and log out, which every other tile would hear.
    unmount();
    let failure: unknown;
    for (let tries = 1; tries <= ATTEMPTS; tries++) {
      try {
        await attempt();
        failure = undefined;
        break;
      } catch (error) {
        failure = error;
        const shown = normalise(mounted?.root.textContent ?? '').slice(0, 400);
        console.warn(`gallery: ${state.id}, try ${tries} of ${ATTEMPTS}: ${(error as Error).message}; the widget showed: ${shown}${lastException && `; its last error: ${lastException}`}`);
      }
    }
    walking = false;
    if (failure !== undefined || !mounted) {
      const message = failure instanceof Error ? failure.message : String(failure);
      console.error(`gallery: ${state.id} did not reach its state: ${message}`);
      return report({ status: 'failed', error: message });
    }
    mounted.perishables = PERISHABLES.filter((selector) => mounted!.root.querySelector(selector));
    ready = true;
    epoch += 1;
    report({ status: 'ready', epoch: String(epoch), error: '' });
    if (state.renewAfterMs) renewal = setTimeout(() => void reach(), state.renewAfterMs);
    await apply();
  };

  // A state that ran out by itself (a colour code, a QR code, a dialog, a held answer) is walked
  // again; one that failed stays as it is, for whoever looks into why.
  const stillThere = ({ root, perishables }: Mounted) => perishables.every((selector) => root.querySelector(selector)) && (state.holds?.(root) ?? true);
  setInterval(() => {
    if (ready && !walking && mounted && !stillThere(mounted)) void reach();
  }, CHECK_MS);

  if (frame) new MutationObserver(() => void apply()).observe(frame, { attributes: true, attributeFilter: ['data-wanted'] });

  // On its own page the state still needs knobs under which nothing it shows runs out.
  void (frame ? Promise.resolve() : control('config', BASELINE)).then(reach);
}

/**
 * Runs `walk` beside at most `PARALLEL_WALKS - 1` other walks (or alone, in `exclusive` mode),
 * then `alone` (if any) while no other walk runs. A tile keeps its sign-in lock from its walk to
 * the end of `alone`, so an exclusive walk that logs out of the single-sign-on session (which
 * every tile hears, as every tab would) never lands between a walk and its `alone` half. Web
 * Locks: the locks of a frame that goes away are released with it.
 */
async function withLocks(index: number, mode: LockMode, walk: () => Promise<void>, alone?: () => Promise<void>) {
  await navigator.locks.request(`amwa-gallery-slot-${index % PARALLEL_WALKS}`, () =>
    navigator.locks.request('amwa-gallery-sign-in', { mode }, async () => {
      await navigator.locks.request('amwa-gallery-walk', { mode }, walk);
      if (alone) await navigator.locks.request('amwa-gallery-walk', { mode: 'exclusive' }, alone);
    }),
  );
}
