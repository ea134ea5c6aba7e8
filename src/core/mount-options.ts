import { AMWA_EVENT_TYPES } from './events';
import { nearestName } from './nearest-name';

/** The options `mount()` takes, as it reads them: each field checked, functions kept as given. */
export interface CheckedMountOptions {
  on?: Record<string, (detail: never) => unknown>;
  loadLocale?: (...args: never[]) => unknown;
  fetch?: (...args: never[]) => unknown;
  deferRootUnmount?: boolean;
}

/** Options read from what a host gave: the checked copy, or the settings error of the first field that is not right. */
export type MountOptionsResult = { ok: true; options: CheckedMountOptions } | { ok: false; field: string; message: string };

const FUNCTIONS = ['loadLocale', 'fetch'] as const;
const KNOWN = ['on', ...FUNCTIONS, 'deferRootUnmount'];
const KNOWN_EVENTS: readonly string[] = AMWA_EVENT_TYPES;

const problem = (field: string, what: string): MountOptionsResult => ({ ok: false, field, message: `amwa settings: "${field}" ${what}` });
const isPlainObject = (value: unknown): value is object => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};
const didYouMean = (name: string, known: readonly string[]) => {
  const meant = nearestName(name, known);
  return meant === undefined ? '' : `; did you mean '${meant}'?`;
};

/** Own enumerable data values of `value` by name, read once through their descriptors (no getter or proxy trap runs twice). */
function ownData(value: object, path: string): Map<string, unknown> | MountOptionsResult {
  const data = new Map<string, unknown>();
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'symbol') continue;
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (!descriptor?.enumerable) continue;
    if (!('value' in descriptor)) return problem(`${path}.${key}`, 'must be a plain value, not a getter');
    data.set(key, descriptor.value);
  }
  return data;
}

/**
 * Reads `mount()`'s third argument. Left out (`undefined`) it is no options; anything else that
 * is not an object of the known fields (`null`, a number, a string, a list, `fetch: 'x'`, a
 * listener that is no function, an unknown event) is a settings error naming the field. Never throws.
 */
export function readMountOptions(input: unknown): MountOptionsResult {
  if (input === undefined) return { ok: true, options: {} };
  try {
    if (!isPlainObject(input)) return problem('options', `must be an object ({ on, loadLocale, fetch }) or left out, not ${input === null ? 'null' : Array.isArray(input) ? 'a list' : `a ${typeof input}`}`);
    const given = ownData(input, 'options');
    if (!(given instanceof Map)) return given;
    const options: CheckedMountOptions = {};
    for (const [key, value] of given) {
      if (!KNOWN.includes(key)) return problem(`options.${key}`, `is not a known option${didYouMean(key, KNOWN)}`);
      if (value === undefined) continue;
      if (key === 'deferRootUnmount') {
        if (typeof value !== 'boolean') return problem(`options.${key}`, 'must be true or false');
        options.deferRootUnmount = value;
      } else if (key === 'on') {
        if (!isPlainObject(value)) return problem('options.on', 'must be an object of listeners by event name');
        const listeners = ownData(value, 'options.on');
        if (!(listeners instanceof Map)) return listeners;
        const on: Record<string, (detail: never) => unknown> = {};
        for (const [type, listener] of listeners) {
          if (!KNOWN_EVENTS.includes(type)) return problem(`options.on.${type}`, `is not an amwa event${didYouMean(type, KNOWN_EVENTS)}`);
          if (listener === undefined) continue;
          if (typeof listener !== 'function') return problem(`options.on.${type}`, 'must be a function');
          on[type] = listener as (detail: never) => unknown;
        }
        options.on = on;
      } else {
        if (typeof value !== 'function') return problem(`options.${key}`, 'must be a function');
        options[key as (typeof FUNCTIONS)[number]] = value as (...args: never[]) => unknown;
      }
    }
    return { ok: true, options };
  } catch {
    // A proxy whose traps throw.
    return problem('options', 'could not be read (reading it threw)');
  }
}
