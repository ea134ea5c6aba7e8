// A bounded load run against a sandbox of its own on loopback: simulated users waiting on the QR
// page of link mode, each with its own kept-alive connection and cookie, polling
// `GET …/link/qr/confirmed` as the widget does (the same polling as the logon page's, without
// the anonymous session a logon QR code needs first). Used by `npm run bench:load` (full size) and by a unit test (short); never
// exported from `amwa-sandbox`.
import { Agent, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startSandbox } from './index';
import { QR_SESSION_COOKIE } from './mobile';

/** How big a run is. */
export interface LoadOptions {
  /** Simulated users, 1 to 1000. */
  users: number;
  /** Time between one poll's answer and the next poll, at least 50 ms (the widget's is 500 ms). */
  intervalMs: number;
  /** How long the users poll, at most 120 s; users arrive spread over the first interval. */
  durationMs: number;
}

/** Heap and resident memory of this process after a full garbage collection, in bytes. */
export interface Memory {
  heapUsed: number;
  rss: number;
}

/** What a run measured. */
export interface LoadReport {
  users: number;
  /** Requests sent, the QR code fetches included. */
  requests: number;
  /** Requests that got an HTTP answer. */
  answered: number;
  /** Answers other than 200, by status, and requests that failed (`error`). */
  failures: Record<string, number>;
  /** Poll latencies in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Polls answered per second over the run. */
  pollsPerSecond: number;
  /** Before the users arrive, at the end of the run, and once their codes expired. */
  memory: { before: Memory; atEnd: Memory; afterExpiry: Memory };
  /** QR codes the sandbox held at the end of the run, and once they expired. */
  pendingQrs: { atEnd: number; afterExpiry: number };
}

const LIMITS = { users: [1, 1000], intervalMs: [50, 60_000], durationMs: [100, 120_000] } as const;
const QR = '/access/v1/api/public/link/qr';

let gc: (() => void) | undefined;
/** Collects garbage first, so figures compare what is kept, not what is waiting to be freed. */
function memory(): Memory {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

/** The `p`-th percentile (0–100) of sorted values. */
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** One GET on the user's own connection: the status (or 'error'), and the session cookie it set. */
function get(agent: Agent, url: string, cookie: string | undefined) {
  return new Promise<{ status: number | 'error'; cookie?: string }>((resolve) => {
    const req = request(url, { agent, headers: cookie ? { Cookie: cookie } : {} }, (res) => {
      const session = res.headers['set-cookie']?.find((line) => line.startsWith(`${QR_SESSION_COOKIE}=`))?.split(';')[0];
      res.resume().on('end', () => resolve({ status: res.statusCode ?? 0, cookie: session }));
    });
    req.on('error', () => resolve({ status: 'error' }));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a sandbox on 127.0.0.1 (a free port), lets `users` simulated users each fetch a QR code
 * and poll its confirmation every `intervalMs` for `durationMs`, then moves the sandbox's clock
 * past the QR expiry and measures again. Stops by itself; throws on options out of bounds.
 */
export async function runLoad({ users, intervalMs, durationMs }: LoadOptions): Promise<LoadReport> {
  for (const [name, [min, max]] of Object.entries(LIMITS)) {
    const value = { users, intervalMs, durationMs }[name as keyof LoadOptions];
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`load: ${name} must be an integer from ${min} to ${max}`);
  }
  let skew = 0; // the sandbox's clock runs `skew` ms ahead once the run is over
  const running = await startSandbox({ port: 0, host: '127.0.0.1', now: () => Date.now() + skew });
  const { state } = running.sandbox;
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let requests = 0;
  let answered = 0;
  const agents: Agent[] = [];
  const send = async (agent: Agent, path: string, cookie?: string) => {
    requests++;
    const started = performance.now();
    const answer = await get(agent, running.url + path, cookie);
    const took = performance.now() - started;
    if (answer.status !== 'error') answered++;
    if (answer.status !== 200) failures[answer.status] = (failures[answer.status] ?? 0) + 1;
    return { ...answer, took };
  };
  try {
    // A warm-up, so that code compiled on first use does not count as memory the run kept.
    const warmUp = new Agent({ keepAlive: true });
    agents.push(warmUp);
    for (let i = 0; i < 20; i++) await get(warmUp, `${running.url}${i % 2 ? `${QR}/confirmed` : QR}`, undefined);
    running.sandbox.reset();
    const before = memory();
    const startedAt = performance.now();
    const user = async (index: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      await sleep((index * intervalMs) / users);
      const { cookie } = await send(agent, QR);
      while (performance.now() - startedAt < durationMs) {
        const poll = await send(agent, `${QR}/confirmed`, cookie);
        latencies.push(poll.took);
        await sleep(intervalMs);
      }
    };
    await Promise.all(Array.from({ length: users }, (_, index) => user(index)));
    const seconds = (performance.now() - startedAt) / 1000;
    for (const agent of agents) agent.destroy();
    const atEnd = memory();
    const pendingAtEnd = state.pendingQrs.length;

    // Every user has left: their codes expire, and the next QR call drops them.
    skew = (state.config.qrExpirySeconds + 1) * 1000;
    await get(warmUp, `${running.url}${QR}/confirmed`, undefined);
    warmUp.destroy();
    const afterExpiry = memory();

    const sorted = latencies.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      users,
      requests,
      answered,
      failures,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? 0),
      pollsPerSecond: Math.round(latencies.length / seconds),
      memory: { before, atEnd, afterExpiry },
      pendingQrs: { atEnd: pendingAtEnd, afterExpiry: state.pendingQrs.length },
    };
  } finally {
    for (const agent of agents) agent.destroy();
    await running.close();
  }
}
