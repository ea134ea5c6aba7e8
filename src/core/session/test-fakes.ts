// Test doubles for the session's edges: the network (ApiClient) and the browser's cross-tab
// transports. Only tests import this file.
import type { ApiClient, ApiRequest } from '../api';
import { AmwaApiError } from '../api-error';
import { createScope } from '../scope';
import { type Session, type SessionDeps, type SessionWindow, createSession } from './session';

/** Answers one request: data to return, or throws. */
export type FakeHandler = (req: ApiRequest<unknown>) => unknown;

/** A fake ApiClient that checks response schemas like the real one and records every request. */
export function fakeApi(handler: FakeHandler) {
  const calls: ApiRequest<unknown>[] = [];
  const api: ApiClient = {
    async request<T>(req: ApiRequest<T>) {
      calls.push(req as ApiRequest<unknown>);
      const data = await handler(req as ApiRequest<unknown>);
      if (!req.schema) return { data: data as T, status: 200, headers: new Headers() };
      const checked = req.schema.safeParse(data);
      if (!checked.success) throw new AmwaApiError('invalid-response', `Unexpected response from ${req.path}`, { path: req.path, status: 200, data });
      return { data: checked.data, status: 200, headers: new Headers() };
    },
  };
  return { api, calls, paths: () => calls.map((call) => call.path) };
}

/** An HTTP error as the real client raises it. */
export const httpError = (path: string, status: number) =>
  new AmwaApiError('http', `Request failed with status code ${status}`, { path, status });

/** A call that never answers: fails with the client's time-out error after `req.timeoutMs`. */
export const hang = (req: ApiRequest<unknown>) =>
  new Promise((_, reject) =>
    setTimeout(() => reject(new AmwaApiError('timeout', `timeout of ${req.timeoutMs}ms exceeded`, { path: req.path })), req.timeoutMs),
  );

/** An in-memory BroadcastChannel: asynchronous delivery to the other open channels of the same name. */
export function channelHub() {
  const open = new Set<FakeChannel>();
  const sent: unknown[] = [];
  class FakeChannel extends EventTarget {
    constructor(readonly name: string) {
      super();
      open.add(this);
    }
    postMessage(message: unknown) {
      if (!open.has(this)) throw new Error('InvalidStateError: channel closed');
      const data = structuredClone(message);
      sent.push(data);
      for (const other of open) {
        if (other === this || other.name !== this.name) continue;
        queueMicrotask(() => open.has(other) && other.dispatchEvent(new MessageEvent('message', { data })));
      }
    }
    close() {
      open.delete(this);
    }
  }
  return { BroadcastChannel: FakeChannel, open, sent };
}

/** localStorage shared by several fake windows; a write fires 'storage' on every window but the writer's. */
export function storageHub() {
  const windows = new Set<EventTarget>();
  const values = new Map<string, string>();
  const written: string[] = [];
  const storageFor = (self: EventTarget) => {
    const write = (key: string, newValue: string | null) => {
      if (newValue === null) values.delete(key);
      else values.set(key, newValue);
      for (const win of windows) {
        if (win !== self) win.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }));
      }
    };
    return {
      setItem: (key: string, value: string) => {
        written.push(value);
        write(key, value);
      },
      removeItem: (key: string) => write(key, null),
    };
  };
  return { windows, values, written, storageFor };
}

/** A fake page: its own window, scope and network. */
export interface Tab {
  session: Session;
  scope: ReturnType<typeof createScope>;
  win: SessionWindow;
  api: ReturnType<typeof fakeApi>;
}

/** Opens a session in a fresh fake page. */
export function openTab(handler: FakeHandler, deps: Partial<SessionDeps> = {}): Tab {
  const scope = createScope();
  const win = deps.window ?? (new EventTarget() as SessionWindow);
  const api = fakeApi(handler);
  const session = createSession({ BroadcastChannel: null, storage: null, ...deps, window: win, api: api.api, scope });
  return { session, scope, win, api };
}

/** An access-token entry for profile `profileId`, valid for 10 minutes. */
export const tokenFor = (profileId: string, extra: Record<string, unknown> = {}) => ({
  accessToken: `access-${profileId}`,
  refreshToken: `refresh-${profileId}`,
  accessTokenTimeToLive: 600,
  profileId,
  profileName: `Profile ${profileId}`,
  setId: `set-${profileId}`,
  personId: 'person-1',
  identifyeeType: 'customer',
  default: false,
  requesterLevelOfAssurance: 5,
  executorLevelOfAssurance: 5,
  ...extra,
});
