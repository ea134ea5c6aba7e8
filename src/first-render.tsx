import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { AmwaApp, type FirstPage } from './app';
import type { AmwaServices } from './context';
import type { WidgetCookies } from './core/cookies';
import { resolveRoute, splitSessionExpired, type History } from './core/router';
import type { Scope } from './core/scope';
import { NEEDS_SCRIPT_CLASS, SERVER_MARK } from './core/server-markup';
import type { Settings } from './core/settings';
import { nextTask } from './core/when-idle';
import type { WidgetTexts } from './core/widget-texts';
import { createRoutes } from './routes';
import { adoptStyles, fontWarmUp } from './ui/styles';

/** How long the first render waits at most for the cookies read ahead before it reads `document.cookie`. */
const COOKIE_READ_AHEAD_LIMIT_MS = 500;

/** What the first render of one widget needs. */
export interface FirstRenderDeps {
  scope: Scope;
  settings: Settings;
  /** The element's shadow root, or the element itself in light-DOM isolation. */
  host: ShadowRoot | HTMLElement;
  /** The widget's root box: empty, or a server's screen (`served`). */
  box: HTMLElement;
  /** The server's screen to take over, when the box is one. */
  served: HTMLElement | null;
  /** How the host's React hydrates a screen it rendered on its server (`<AmwaPortal request>`). */
  hydrateFromHost?: (box: HTMLElement, app: ReactNode) => Root;
  cookies: WidgetCookies;
  history: History;
  texts: WidgetTexts;
  services: AmwaServices;
}

/**
 * Schedules the widget's first render: the stylesheet and the fonts' first use in one task, the
 * render in the next once the cookies read ahead have answered; a server's screen is taken over
 * (hydrated) instead of made anew. Returns the React root, once there is one.
 */
export function scheduleFirstRender({ scope, settings, host, box, served, hydrateFromHost, cookies, history, texts, services }: FirstRenderDeps): () => Root | undefined {
  // The root and the first render get a task of their own: with the module's evaluation (or the
  // host's React commit) in the same task it was one long task on a slow phone, holding up the host
  // page. Through a host's React (`amwa/react`) the render is a transition, which React renders in
  // slices of about 5 ms with the host page's work between them; Preact renders it at once. It
  // also waits for the cookies read ahead (their answer comes in a task of its own, mostly before
  // this one).
  let root: Root | undefined;
  const app = (firstPage?: FirstPage) => <AmwaApp services={services} history={history} firstPage={firstPage} />;
  // The stylesheet (a CSS parse of 5–9 ms on a slow phone) and the first use of Home's fonts (20 ms
  // and more of layout) get a task of their own, while the first render waits for the cookies: in
  // the module's task they made the load event's forced layout, and that task, long. The root is
  // empty until then.
  let styled = false;
  const style = () => {
    if (styled) return;
    styled = true;
    scope.onDispose(adoptStyles(settings.isolation === 'shadow' ? (host as ShadowRoot) : document, settings.cspNonce));
  };
  const fontsWarmUp = fontWarmUp(document);
  nextTask(scope, () => {
    style();
    if (root || served) return;
    box.append(fontsWarmUp);
    // Laid out now, not in whichever frame comes next: the render may come before that frame, and
    // the frame showing Home would load the fonts after all.
    void fontsWarmUp.offsetWidth;
  });
  let waitingFor = 2;
  const renderOnce = () => {
    if (waitingFor === 0 || --waitingFor > 0 || scope.disposed) return;
    style();
    fontsWarmUp.remove();
    // The server's copy of the stylesheet goes now that the adopted one applies (the same rules, in
    // the same task: nothing flashes); every later style change would match both otherwise.
    if (served && host instanceof ShadowRoot) for (const child of [...host.children]) if (child.localName === 'style') child.remove();
    if (served && hydrateFromHost) {
      root = hydrateFromHost(served, app());
      return keepTyped(served);
    }
    if (served) return void takeOver(served).catch(renderFresh);
    renderFresh();
  };
  const renderFresh = () => {
    if (scope.disposed) return;
    box.replaceChildren();
    const created = (root = createRoot(box));
    startTransition(() => created.render(app()));
  };
  // The server's screen, its chunk and texts loaded first, so the first render is that screen;
  // one that cannot be taken over (its chunk failed) is rendered anew.
  const takeOver = async (markup: HTMLElement) => {
    const resolved = resolveRoute(createRoutes(cookies), splitSessionExpired(history.location().path).path);
    const page = resolved.kind === 'component' ? resolved.component : await resolved.load();
    if (resolved.kind === 'bundle' || !texts.store.get()) await texts.complete();
    if (scope.disposed) return;
    markup.querySelector(`.${NEEDS_SCRIPT_CLASS}`)?.remove();
    markup.removeAttribute(SERVER_MARK);
    root = hydrateRoot(markup, app({ path: resolved.path, page }));
    keepTyped(markup);
  };
  nextTask(scope, renderOnce);
  // A cookie store that never answers (a browser's bug) must not keep the first screen away: past
  // the limit the render reads document.cookie, as where there is no store.
  const giveUp = scope.setTimeout(() => {
    cookies.settle();
    renderOnce();
  }, COOKIE_READ_AHEAD_LIMIT_MS);
  void cookies.ready.then(() => {
    giveUp();
    renderOnce();
  });
  return () => root;
}

/**
 * Hands what the user typed into the server's fields before the script ran to the components that
 * now own them: an input event, as if typed now (the DOM keeps the text and the focus).
 */
function keepTyped(markup: HTMLElement): void {
  for (const field of markup.querySelectorAll('input')) {
    const ticked = field.type === 'checkbox' || field.type === 'radio';
    if (ticked ? field.checked !== field.defaultChecked : field.value !== field.defaultValue) field.dispatchEvent(new Event(ticked ? 'change' : 'input', { bubbles: true }));
  }
}
