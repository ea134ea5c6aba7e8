// Test doubles: settings values no JSON can carry, which a host's script can still hand over
// (issue 23). Only tests import this file.
import fc from 'fast-check';

/** A value that is not plain JSON, and the key below its own path where the settings error lands (none: at the value itself). */
export interface HostileShape {
  name: string;
  make(): unknown;
  /** The key inside the value the error names (a getter's own key), if not the value itself. */
  at?: string;
}

const boom = () => {
  throw new Error('host getter threw');
};
const throwingProxy = (trap: keyof ProxyHandler<object>) => new Proxy({}, { [trap]: boom });

/** Every shape issue 23 lists, and their relatives. */
export const HOSTILE_SHAPES: readonly HostileShape[] = [
  { name: 'a throwing getter', make: () => Object.defineProperty({}, 'precheckUrl', { get: boom, enumerable: true }), at: 'precheckUrl' },
  { name: 'a getter that answers', make: () => Object.defineProperty({}, 'precheckUrl', { get: () => '/ok', enumerable: true }), at: 'precheckUrl' },
  { name: 'a class instance', make: () => new (class Settings { basePath = '/x'; })() },
  { name: 'a Map', make: () => new Map([['basePath', '/x']]) },
  { name: 'a Set', make: () => new Set(['/x']) },
  { name: 'a Date', make: () => new Date(0) },
  { name: 'a RegExp', make: () => /x/ },
  { name: 'a typed array', make: () => new Uint8Array(2) },
  { name: 'an Error', make: () => new Error('x') },
  { name: 'a Promise', make: () => Promise.resolve() },
  {
    name: 'a cycle',
    make: () => {
      const self: Record<string, unknown> = {};
      self.loop = self;
      return self;
    },
    at: 'loop',
  },
  { name: 'a Proxy whose ownKeys throws', make: () => throwingProxy('ownKeys') },
  { name: 'a Proxy whose getPrototypeOf throws', make: () => throwingProxy('getPrototypeOf') },
  { name: 'a Proxy whose getOwnPropertyDescriptor throws', make: () => new Proxy({ a: 1 }, { getOwnPropertyDescriptor: boom }), at: 'a' },
  {
    name: 'a revoked Proxy',
    make: () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
  },
  { name: 'a BigInt', make: () => 10n },
  { name: 'a throwing toJSON', make: () => ({ toJSON: boom }), at: 'toJSON' },
  { name: 'a function', make: () => () => '/x' },
  { name: 'a symbol', make: () => Symbol('x') },
  { name: 'a list with a getter', make: () => Object.defineProperty(['a'], 0, { get: () => 'b', enumerable: true }), at: '0' },
  {
    name: 'a sparse list of a billion entries',
    make: () => {
      const list: unknown[] = [];
      list.length = 1e9;
      return list;
    },
  },
  { name: 'nesting 20 deep', make: () => Array.from({ length: 20 }).reduce<unknown>((inner) => ({ inner }), {}), at: 'inner' },
];

/** Where in the settings a shape is put, as a path of keys (empty: the settings themselves). */
export const HOSTILE_PATHS: readonly (readonly string[])[] = [
  [],
  ['corporatePortal'],
  ['corporatePortal', 'precheckUrl'],
  ['basePath'],
  ['messages'],
  ['messages', 'en'],
  ['features'],
  ['allowedRedirectOrigins'],
  ['allowedRedirectOrigins', '0'],
  ['storeUrls'],
];

/** `shape` put at `path` inside otherwise valid settings. */
export function embed(shape: HostileShape, path: readonly string[]): unknown {
  const value = shape.make();
  if (path.length === 0) return value;
  const root: Record<string, unknown> = { basePath: '/access', routing: 'memory' };
  let node = root;
  path.forEach((key, index) => {
    if (index === path.length - 1) node[key] = value;
    else node = (node[key] = key === 'allowedRedirectOrigins' ? [] : {}) as Record<string, unknown>;
  });
  return root;
}

/** The field a settings error for `shape` at `path` names (a nested value is named below it: check with `namesField`). */
export const fieldOf = (shape: HostileShape, path: readonly string[]) => [...path, ...(shape.at ? [shape.at] : [])].join('.') || '(root)';

/** Hostile settings for property-based tests: a shape, a place, and the field the error must name. */
export const hostileSettings = fc
  .tuple(fc.constantFrom(...HOSTILE_SHAPES), fc.constantFrom(...HOSTILE_PATHS))
  .map(([shape, path]) => ({ shape: shape.name, path: path.join('.'), value: embed(shape, path), field: fieldOf(shape, path) }));

/** Every shape at every place: the table the unit tests walk. */
export const HOSTILE_CASES = HOSTILE_SHAPES.flatMap((shape) => HOSTILE_PATHS.map((path) => ({ shape: shape.name, path: path.join('.'), make: () => embed(shape, path), field: fieldOf(shape, path) })));

/** True when a settings error's `field` names `expected` or a field inside it. */
export const namesField = (field: string, expected: string) => field === expected || field.startsWith(`${expected}.`);

/** Routes that would leave the page once a URL parser or a decoder has read them. */
export const hostileRoute = fc.oneof(
  fc.constantFrom('//evil.example', '/\\evil.example', '\\\\evil.example', '/%2F%2Fevil.example', '/%5Cevil', '%5C', '/%252F%252Fevil', '/%09/evil', '/\t/evil'),
  fc
    .tuple(fc.constantFrom('//', '/\\', '/%2F/', '/%2f%2f', '/%5C', '/%5c', '/%252F/', '/%09/', '/%0A/'), fc.webSegment(), fc.webPath())
    .map(([lead, host, rest]) => `${lead}${host || 'evil'}.example${rest}`),
);

/** Names on `window` the widget may not take as its data layer: its own native-bridge marker and built-ins that are not arrays. */
export const foreignGlobal = fc.constantFrom('AmwaNativeBridge', 'location', 'document', 'name', 'localStorage', 'onload', 'alert', 'fetch', 'toString', 'constructor', 'top', 'parent', 'opener', 'history');

/** Settings JSON, as the `settings` attribute carries it, with a route or a data layer the widget must refuse. */
export const hostileSettingsJson = fc.oneof(
  hostileRoute.map((initialRoute) => ({ json: JSON.stringify({ routing: 'memory', initialRoute }), field: 'initialRoute' })),
  foreignGlobal.map((dataLayerName) => ({ json: JSON.stringify({ routing: 'memory', dataLayerName }), field: 'dataLayerName' })),
);
