import * as z from 'zod/mini';
import type { Scope } from '../scope';
import { parseWithoutCodegen } from '../zod';
import { profileSchema } from './profile';

const CHANNEL_NAME = 'amwa-session';
const STORAGE_KEY = 'amwa-session-bus';

const from = z.string();

/**
 * What tabs of one origin tell each other; anything else on the channel is ignored. A plain
 * union: each member's literal `type` already tells them apart, and discriminatedUnion would add
 * its code to every widget's first load.
 */
export const busMessageSchema = z.union([
  z.object({ type: z.literal('hello'), from }),
  /** `since`: when the sender took the lead; the earlier leader outranks a later one. */
  z.object({ type: z.literal('heartbeat'), from, since: z.number() }),
  z.object({ type: z.literal('bye'), from }),
  z.object({ type: z.literal('activity'), from, at: z.number() }),
  z.object({ type: z.literal('state'), from, version: z.number(), profiles: z.array(profileSchema) }),
]);

/** A checked cross-tab message. */
export type BusMessage = z.infer<typeof busMessageSchema>;

/** A cross-tab channel. */
export interface Bus {
  /** True when messages stay in memory, so the profile state (with its tokens) may travel on it. */
  readonly carriesTokens: boolean;
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
 * Opens the cross-tab bus: a BroadcastChannel (same origin, in memory), else the storage-event
 * fallback, which only ever carries control messages: a token written to storage, even for an
 * instant, would outlive the tab. `undefined` when the page has neither.
 */
export function createBus({ scope, BroadcastChannel, window, storage }: BusDeps): Bus | undefined {
  parseWithoutCodegen();
  const listeners = new Set<(message: BusMessage) => void>();
  const deliver = (raw: unknown) => {
    const parsed = busMessageSchema.safeParse(raw);
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
    return { carriesTokens: true, post: (message) => open && channel.postMessage(message), subscribe };
  }
  if (window && storage) {
    scope.listen<StorageEvent>(window, 'storage', (event) => {
      if (event.key === STORAGE_KEY && event.newValue) deliver(parseJson(event.newValue));
    });
    const post = (message: BusMessage) => {
      if (!open || message.type === 'state') return;
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify(message));
        storage.removeItem(STORAGE_KEY);
      } catch {
        // Storage full or blocked: this tab simply goes unheard.
      }
    };
    return { carriesTokens: false, post, subscribe };
  }
  return undefined;
}
