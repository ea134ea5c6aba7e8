import { KNOWN_ROUTES } from './known-routes';
import { nearestName } from './nearest-name';
import { routeProblem, splitSessionExpired } from './router';

/**
 * The route a host's `navigate(route)` moves the widget to, or undefined when it is refused (not a
 * string, not a path); one that is no route of the widget is still followed, to the not-found
 * page. Each case says so on the console, with the route meant where one is near.
 */
export function routeToNavigate(route: unknown): string | undefined {
  const problem = typeof route === 'string' ? routeProblem(route) : 'must be a string';
  if (problem || typeof route !== 'string') {
    console.warn(`amwa navigate: the route ${problem}; ignored (${typeof route === 'string' ? JSON.stringify(route.slice(0, 200)) : typeof route})`);
    return undefined;
  }
  const { path } = splitSessionExpired(route.split(/[?#]/, 1)[0]!);
  if (!(KNOWN_ROUTES as readonly string[]).includes(path)) {
    const meant = nearestName(path, KNOWN_ROUTES);
    console.warn(`amwa navigate: ${JSON.stringify(path.slice(0, 200))} is no route of the widget, so it shows the not-found page${meant ? ` (did you mean "${meant}"?)` : ''}. The routes: docs/embedding.md#routing.`);
  }
  return route;
}
