import type { Scope } from '../scope';
import type { Bus } from './bus';
import { HEARTBEAT_MS, LEADER_SILENCE_MS } from './timing';

/** A tab's part in the refreshing: exactly one leader per origin, the others follow. */
export type Role = 'leader' | 'follower';

/** What the election needs. */
export interface LeadershipDeps {
  bus: Bus;
  scope: Scope;
  tabId: string;
  now: () => number;
  /** Called on every change of role, and on first hearing a leader. */
  onRole: (role: Role) => void;
  /** When this leader's next periodic refresh is due, told in every heartbeat. */
  due?: () => number | undefined;
}

/** The cross-tab election: see `createLeadership`. */
export interface Leadership {
  readonly role: Role | undefined;
  /** The tab this one follows (or itself, when leading). */
  readonly leaderId: string | undefined;
  /** The `due` of the last heartbeat heard from another leader: where a successor picks up the cadence. */
  readonly heardDue: number | undefined;
  /** Says hello and waits for a leader; takes the lead after `LEADER_SILENCE_MS` of silence. */
  join(): void;
  /** Hands the lead over ('bye') and stops listening until the next `join()`. */
  leave(): void;
}

/**
 * Leader election by heartbeat: a tab that hears no leader for 1 s takes the lead and beats every
 * 400 ms. When two tabs lead at once (both timed out together, or a throttled background tab woke
 * up) the one that has led longer stays; equal claims go to the smaller tab id. A leader that goes
 * says 'bye', so its followers start their 1 s wait at once instead of after the last beat.
 */
export function createLeadership({ bus, scope, tabId, now, onRole, due = () => undefined }: LeadershipDeps): Leadership {
  let role: Role | undefined;
  let since = 0;
  let leaderId: string | undefined;
  let heardDue: number | undefined;
  let joined = false;
  let timers = scope.child();

  const restartTimers = () => {
    timers.dispose();
    timers = scope.child();
    return timers;
  };
  const setRole = (next: Role) => {
    const changed = role !== next;
    role = next;
    if (changed) onRole(next);
  };
  const beat = () => {
    const next = due();
    bus.post(next === undefined ? { type: 'heartbeat', from: tabId, since } : { type: 'heartbeat', from: tabId, since, due: next });
  };
  const lead = () => {
    since = now();
    leaderId = tabId;
    restartTimers().setInterval(beat, HEARTBEAT_MS);
    beat();
    setRole('leader');
  };
  const awaitSilence = () => restartTimers().setTimeout(lead, LEADER_SILENCE_MS);
  const outranksMe = (other: { since: number; from: string }) => other.since < since || (other.since === since && other.from < tabId);

  scope.onDispose(
    bus.subscribe((message) => {
      if (!joined || message.from === tabId) return;
      switch (message.type) {
        case 'hello':
          if (role === 'leader') beat();
          return;
        case 'heartbeat':
          if (role === 'leader' && !outranksMe(message)) return beat();
          leaderId = message.from;
          heardDue = message.due;
          awaitSilence();
          return setRole('follower');
        case 'bye':
          if (message.from === leaderId) awaitSilence();
          return;
      }
    }),
  );

  return {
    get role() {
      return role;
    },
    get leaderId() {
      return leaderId;
    },
    get heardDue() {
      return heardDue;
    },
    join() {
      if (joined) return;
      joined = true;
      bus.post({ type: 'hello', from: tabId });
      awaitSilence();
    },
    leave() {
      if (!joined) return;
      joined = false;
      restartTimers();
      if (role === 'leader') {
        bus.post({ type: 'bye', from: tabId });
        setRole('follower');
      }
      leaderId = undefined;
    },
  };
}
