import * as z from 'zod/mini';
import { lazy } from '../../contract/lazy';
import type { Scope } from '../scope';
import { parseWithoutCodegen } from '../zod';

const CHANNEL_NAME = 'amwa-session';
const STORAGE_KEY = 'amwa-session-bus';

/**
 * What tabs of one origin (and the widgets of one page) tell each other: the election, user
 * activity, the leader's call to refresh, logout, and the start of a logon. No message carries a token or a profile: each tab keeps the tokens it
 * was given, so anything on the channel (which any script of the origin can read and write) is
 * harmless to read. Anything else on the channel is ignored; unknown fields are dropped.
 * A plain union: each member's literal `type` already tells them apart, and discriminatedUnion
 * would add its code to every widget's first load.
 */
export const busMessageSchema = lazy(() => {
  const from = z.string().check(z.minLength(1), z.maxLength(100));
  const time = z.number().check(z.nonnegative()); // zod 4 numbers are finite
  const profileId = z.string().check(z.minLength(1), z.maxLength(200));
  return z.union([
    z.object({ type: z.literal('hello'), from }),
    /**
     * `since`: when the sender took the lead; the earlier leader outranks a later one.
     * `due`: when the leader's next periodic refresh is, so a successor keeps the cadence.
     */
    z.object({ type: z.literal('heartbeat'), from, since: time, due: z.optional(time) }),
    z.object({ type: z.literal('bye'), from }),
    z.object({ type: z.literal('activity'), from, at: time }),
    /** The leader's call: every tab refreshes the tokens it holds now. */
    z.object({ type: z.literal('refresh'), from }),
    /** A tab logged out: every tab forgets and revokes its own profiles (only `profileId`'s, when given). */
    z.object({ type: z.literal('logout'), from, profileId: z.optional(profileId) }),
    /**
     * A tab or widget starts a logon at `at`: the browser's one web-session (and QR) cookie is
     * about to be its own, so a QR logon that started earlier anywhere else cannot finish.
     */
    z.object({ type: z.literal('logon'), from, at: time, scope: z.optional(z.string().check(z.maxLength(2 * 2048))) }),
  ]);
});

/** A checked cross-tab message. */
export type BusMessage = z.infer<ReturnType<typeof busMessageSchema>>;

/** A cross-tab channel. */
export interface Bus {
  post(message: BusMessage): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
}

/** The part of `BroadcastChannel` the bus uses, so tests can pass an in-memory one. */
export type BroadcastChannelLike = EventTarget & { postMessage(message: unknown): void; close(): void };

/** A `BroadcastChannel` constructor. */
export type BroadcastChannelFactory = new (name: string) => BroadcastChannelLike;

/** Where the bus can run: a BroadcastChannel, else storage events between windows of the origin. */
export interface BusDeps {
  scope: Scope;
  BroadcastChannel?: BroadcastChannelFactory | null;
  window?: EventTarget | null;
  storage?: Pick<Storage, 'setItem' | 'removeItem'> | null;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Opens the cross-tab bus: a BroadcastChannel (same origin, in memory), else `storage` events
 * on one key, written and removed at once. Both carry the same messages, none of them secret.
 * `undefined` when the page has neither.
 */
export function createBus({ scope, BroadcastChannel, window, storage }: BusDeps): Bus | undefined {
  parseWithoutCodegen();
  const listeners = new Set<(message: BusMessage) => void>();
  const deliver = (raw: unknown) => {
    const parsed = busMessageSchema().safeParse(raw);
    if (parsed.success) for (const listener of [...listeners]) listener(parsed.data);
  };
  const subscribe = (listener: (message: BusMessage) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  // Not `scope.disposed`: a leaving tab still says 'bye' while its scope is being disposed.
  let open = true;
  scope.onDispose(() => {
    open = false;
    listeners.clear();
  });

  if (BroadcastChannel) {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    scope.listen<MessageEvent>(channel, 'message', (event) => deliver(event.data));
    scope.onDispose(() => channel.close());
    return { post: (message) => open && channel.postMessage(message), subscribe };
  }
  if (window && storage) {
    scope.listen<StorageEvent>(window, 'storage', (event) => {
      if (event.key === STORAGE_KEY && event.newValue) deliver(parseJson(event.newValue));
    });
    const post = (message: BusMessage) => {
      if (!open) return;
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify(message));
        storage.removeItem(STORAGE_KEY);
      } catch {
        // Storage full or blocked: this tab simply goes unheard.
      }
    };
    return { post, subscribe };
  }
  return undefined;
}
