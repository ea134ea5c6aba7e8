// Colour codes ("cronto" images) and the virtual scanners that read them. An image is a PNG
// mosaic of coloured cells carrying a random challenge id; the scanner decodes the cells, looks
// the challenge up and shows what it stands for, but only for the persona it was made for.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { PNG } from 'pngjs';
import * as z from 'zod/mini';
import { ENCRYPTED_STATE_HEADER } from '../../../src/contract/operation';
import { controlJson } from './http';
import { encodePng, type Rgb } from './png';
import { defineSlice, findPersona, formatSerial, type SandboxState } from './state';

/** What a colour code asks the scanner to do. */
export type ChallengeKind = 'identification' | 'enrolment' | 'activation' | 'authentication';

/** An issued colour code. */
export interface Challenge {
  /** 32 hex digits, encoded in the image's cells. */
  id: string;
  userId: string;
  kind: ChallengeKind;
  /** What the scanner's screen shows after scanning it: a serial number or a code. */
  display: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The header the colour-code calls carry their signed state in. */
export { ENCRYPTED_STATE_HEADER };

/** Cells per side, and pixels per cell side: a 200×200 image. */
export const GRID = 25;
export const CELL = 8;

// Two bits per cell; the four colours a scanner's camera tells apart.
const PALETTE: readonly Rgb[] = [
  [0, 0, 0],
  [220, 20, 60],
  [0, 160, 70],
  [20, 90, 230],
];
const WHITE: Rgb = [255, 255, 255];
const ID_BYTES = 16;
// Challenge id plus a two-byte checksum, two bits per cell.
const PAYLOAD_CELLS = ((ID_BYTES + 2) * 8) / 2;
const INNER = GRID - 2;

const challenges = defineSlice('cronto-challenges', () => new Map<string, Challenge>());
const secret = defineSlice('cronto-secret', () => randomBytes(32));

const fletcher16 = (bytes: Uint8Array) => {
  let a = 0;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 255;
    b = (b + a) % 255;
  }
  return [b, a] as const;
};

/** The cell symbols (0–3) of a challenge id: payload first, random noise after it. */
function symbolsOf(id: string): number[] {
  const bytes = Uint8Array.from(Buffer.from(id, 'hex'));
  const payload = [...bytes, ...fletcher16(bytes)];
  const symbols = payload.flatMap((byte) => [byte >> 6, (byte >> 4) & 3, (byte >> 2) & 3, byte & 3]);
  const noise = randomBytes(INNER * INNER - symbols.length);
  return [...symbols, ...Array.from(noise, (byte) => byte & 3)];
}

/** Renders a challenge id as a PNG mosaic: a black-and-white timing frame around coloured cells. */
export function renderMosaic(id: string): Uint8Array<ArrayBuffer> {
  const symbols = symbolsOf(id);
  return encodePng(GRID * CELL, GRID * CELL, (x, y) => {
    const [col, row] = [Math.floor(x / CELL), Math.floor(y / CELL)];
    if (col === 0 || row === 0 || col === GRID - 1 || row === GRID - 1) return (col + row) % 2 ? WHITE : PALETTE[0]!;
    return PALETTE[symbols[(row - 1) * INNER + (col - 1)]!]!;
  });
}

const nearest = (r: number, g: number, b: number) =>
  PALETTE.reduce(
    (best, [pr, pg, pb], index) => {
      const distance = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
      return distance < best.distance ? { index, distance } : best;
    },
    { index: 0, distance: Infinity },
  ).index;

/** Reads the challenge id back from a mosaic's pixels; undefined for anything else. */
export function decodeMosaic(base64: string): string | undefined {
  let png: PNG;
  try {
    png = PNG.sync.read(Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64'));
  } catch {
    return undefined;
  }
  if (png.width !== GRID * CELL || png.height !== GRID * CELL) return undefined;
  const symbols = Array.from({ length: PAYLOAD_CELLS }, (_, i) => {
    const [col, row] = [1 + (i % INNER), 1 + Math.floor(i / INNER)];
    const offset = ((row * CELL + CELL / 2) * png.width + col * CELL + CELL / 2) * 4;
    return nearest(png.data[offset]!, png.data[offset + 1]!, png.data[offset + 2]!);
  });
  const bytes = Array.from({ length: ID_BYTES + 2 }, (_, i) => symbols.slice(i * 4, i * 4 + 4).reduce((byte, s) => (byte << 2) | s, 0));
  const id = Uint8Array.from(bytes.slice(0, ID_BYTES));
  const [b, a] = fletcher16(id);
  return bytes[ID_BYTES] === b && bytes[ID_BYTES + 1] === a ? Buffer.from(id).toString('hex') : undefined;
}

/** What `issueChallenge` needs: whose scanner may read it, what it shows, how long it lives. */
export interface ChallengeRequest {
  userId: string;
  kind: ChallengeKind;
  display: string;
  /** Defaults to the `colourCodeExpirySeconds` knob. */
  expiresInS?: number;
}

/** Registers a challenge and renders its colour code. */
export function issueChallenge(state: SandboxState, { userId, kind, display, expiresInS = state.config.colourCodeExpirySeconds }: ChallengeRequest) {
  const id = randomBytes(ID_BYTES).toString('hex');
  const challenge: Challenge = { id, userId: userId.toUpperCase(), kind, display, expiresAt: state.now() + expiresInS * 1000 };
  state.slice(challenges).set(id, challenge);
  return { id, base64Png: Buffer.from(renderMosaic(id)).toString('base64'), expirationDuration: expiresInS, challenge };
}

/** A challenge by id, or by the colour code that shows it (base64 as the widget received it). */
export function findChallenge(state: SandboxState, base64OrId: string): Challenge | undefined {
  const registry = state.slice(challenges);
  return registry.get(base64OrId) ?? registry.get(decodeMosaic(base64OrId) ?? '');
}

/** Forgets a challenge once it has been answered. */
export function retireChallenge(state: SandboxState, id: string): void {
  state.slice(challenges).delete(id);
}

/** True once the challenge's colour code may no longer be answered. */
export const isExpired = (state: SandboxState, challenge: Challenge) => state.now() >= challenge.expiresAt;

/** Signs `payload` as an opaque encrypted-state value (base64url JSON plus an HMAC of this sandbox's secret). */
export function signState(state: SandboxState, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', state.slice(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The payload of a state value this sandbox signed; undefined when missing, forged or from before a reset. */
export function readState(state: SandboxState, value: string | undefined): Record<string, unknown> | undefined {
  const [body, mac, extra] = (value ?? '').split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = createHmac('sha256', state.slice(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const deactivated = defineSlice('cronto-deactivated', () => new Set<string>());

/** Deactivates a persona's scanner (after too many wrong codes): logons are refused until a reset. */
export function deactivateScanner(state: SandboxState, userId: string): void {
  state.slice(deactivated).add(userId.toUpperCase());
}

/** True once too many wrong codes deactivated the persona's scanner. */
export const scannerDeactivated = (state: SandboxState, userId: string) => state.slice(deactivated).has(userId.toUpperCase());

/** True when the persona's scanner is activated (status EFFECTIVE) and not deactivated. */
export function scannerActive(state: SandboxState, userId: string): boolean {
  const persona = findPersona(state, userId);
  return persona?.scannerStatus === 'EFFECTIVE' && !scannerDeactivated(state, persona.userId);
}

/** What the scanner shows, or why it shows nothing useful (the device's own wording). */
export type ScanResult = { ok: true; display: string } | { ok: false; status: 404 | 410 | 422; error: string };

/** The scanner of persona `userId` scans `image`. */
export function scan(state: SandboxState, userId: unknown, image: string): ScanResult {
  const persona = findPersona(state, userId);
  if (!persona) return { ok: false, status: 404, error: 'No persona with that user ID' };
  const challenge = findChallenge(state, image);
  if (!challenge) return { ok: false, status: 422, error: 'No colour code found' };
  if (isExpired(state, challenge)) return { ok: false, status: 410, error: 'Colour code expired' };
  // Any scanner shows its own serial number for an identification code.
  if (challenge.kind === 'identification') return { ok: true, display: formatSerial(persona.serialNumber) };
  if (challenge.userId !== persona.userId) return { ok: false, status: 422, error: 'Colour code not intended for this scanner' };
  if (challenge.kind === 'authentication' && !scannerActive(state, persona.userId)) {
    return { ok: false, status: 422, error: 'Scanner not activated' };
  }
  return { ok: true, display: challenge.display };
}

const scanSchema = z.object({ userId: z.string(), image: z.string().check(z.minLength(1)) });

/** The virtual scanners: `POST /__sandbox/scanner/scan {userId, image}` → `{display}`, or the scanner's complaint. */
export function cronto(app: Hono, state: SandboxState): void {
  app.post('/__sandbox/scanner/scan', async (c) => {
    const body = scanSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return controlJson(c, { error: 'expected {userId, image}' }, 400);
    const result = scan(state, body.data.userId, body.data.image);
    return result.ok ? controlJson(c, { display: result.display }) : controlJson(c, { error: result.error }, result.status);
  });
}
