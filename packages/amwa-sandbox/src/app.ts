import { Hono } from 'hono';
import { activation } from './activation';
import { bench, type BenchRenderer } from './bench';
import { contractCheck } from './contract';
import { control } from './control';
import { cors, originPolicy } from './cors';
import { cronto } from './cronto';
import { examples } from './examples';
import { framing } from './framing';
import { gallery } from './gallery';
import { bodyLimits, controlGuard } from './guard';
import { hostGuard, hostPolicy, type HostOptions } from './hosts';
import { envelope, faults, isApiPath, json, xsrf } from './http';
import { mobile } from './mobile';
import { notFoundPage, pages } from './pages';
import { oauth } from './oauth';
import { scannerLogon } from './scanner-logon';
import { security } from './security';
import type { SandboxState } from './state';
import type { SandboxRoots } from './roots';
import { staticFiles } from './static';
import { trace } from './trace';

/** A piece of the sandbox API: registers its routes on the app and keeps its data in `state`. */
export type RouteModule = (app: Hono, state: SandboxState) => void;

/**
 * The API and control calls, registered in this order ahead of the static files and pages.
 * A flow adds its calls with one file exporting a RouteModule and one line here.
 */
export const routeModules: readonly RouteModule[] = [control, security, cronto, scannerLogon, mobile, activation, oauth, trace];

/** What `createApp` takes besides state and roots. */
export interface AppOptions extends HostOptions {
  /** Origins whose pages may use the sandbox as their API (besides `*.localhost` ones). */
  corsOrigins?: readonly string[];
  /** Renders the first screen of the bench's server-rendered page (`/__sandbox/bench/server/`); without it there is none. */
  benchRenderer?: BenchRenderer;
}

/** Builds the sandbox app: host check, framing headers, CORS, guards, contract log, envelope, XSRF and fault middleware, route modules, then files and pages. */
export function createApp(state: SandboxState, roots: SandboxRoots, { corsOrigins, benchRenderer, ...hosts }: AppOptions = {}): Hono {
  const app = new Hono();
  const policy = originPolicy(corsOrigins);
  app.use(hostGuard(hostPolicy(hosts)), framing(), cors(policy), controlGuard(policy), bodyLimits(), contractCheck(state), envelope(state), xsrf(), faults(state));
  for (const register of routeModules) register(app, state);
  staticFiles(app, roots);
  examples(app, state);
  bench(app, state, benchRenderer);
  pages(app, state);
  gallery(app);
  app.notFound((c) => (isApiPath(c.req.path) ? json(c, { errorCode: 'not-found' }, 404) : notFoundPage(c)));
  app.onError((error, c) => {
    console.error('amwa sandbox:', error);
    return json(c, { errorCode: 'sandbox-error', message: error.message }, 500);
  });
  return app;
}
