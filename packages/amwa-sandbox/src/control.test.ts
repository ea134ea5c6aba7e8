// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_FAULT_DELAY_MS, MAX_FAULT_TIMES, MAX_FAULTS } from './control';
import { createSandbox } from './index';
import { DEFAULT_CONFIG } from './state';

const setup = () => {
  const sandbox = createSandbox();
  const get = async (path: string) => {
    const response = await sandbox.fetch(new Request(`http://sandbox.test/__sandbox/${path}`));
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    return { status: response.status, body: await response.json() };
  };
  const post = async (path: string, body?: unknown) => {
    const response = await sandbox.fetch(
      new Request(`http://sandbox.test/__sandbox/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  return { sandbox, get, post };
};

describe('control API', () => {
  it('lists the personas with formatted serial numbers, as plain JSON', async () => {
    const { get } = setup();
    const { status, body } = await get('personas');
    expect(status).toBe(200);
    expect(body).toHaveLength(8);
    expect(body[4]).toEqual({
      userId: 'EMMA0005',
      email: 'emma.klein@example.com',
      scannerStatus: 'EFFECTIVE',
      levelOfAssurance: null,
      serialNumber: '38-0000001-0',
      blocked: false,
      note: 'Active scanner: logs on.',
    });
    for (const persona of body) expect(persona.serialNumber).toMatch(/^38-\d{7}-\d$/);
  });

  it('shows the outbox, filtered by user ID case-insensitively', async () => {
    const { sandbox, get } = setup();
    sandbox.state.outbox.push(
      { userId: 'ANNA0001', to: 'anna.devries@example.com', code: '1234567890', sentAt: '2025-01-01T00:00:00.000Z' },
      { userId: 'CARLA003', to: 'carla.rossi@example.com', code: '0987654321', sentAt: '2025-01-01T00:01:00.000Z' },
    );
    expect((await get('outbox?userId=anna0001')).body).toEqual([
      { to: 'anna.devries@example.com', code: '1234567890', sentAt: '2025-01-01T00:00:00.000Z' },
    ]);
    expect((await get('outbox')).body).toHaveLength(2);
    expect((await get('outbox?userId=NOBODY01')).body).toEqual([]);
  });

  it('adds faults (times defaulting to 1) and refuses malformed ones', async () => {
    const { sandbox, post, get } = setup();
    const added = await post('faults', { path: '/access/v1/api/public/qr', status: 500, body: { errorCode: 'x' } });
    expect(added).toEqual({ status: 200, body: [{ path: '/access/v1/api/public/qr', status: 500, body: { errorCode: 'x' }, times: 1 }] });
    expect((await get('faults')).body).toEqual(sandbox.state.faults);
    for (const bad of [
      { path: 'access/no-slash', status: 500 },
      { path: '/x', status: 204 },
      { path: '/x', status: 700 },
      { path: '/x', times: 2 },
      { path: '/x', status: 500, times: 0 },
      { path: '/x', status: 500, colour: 'red' },
      'not json',
    ]) {
      const answer = await post('faults', bad);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
    expect(sandbox.state.faults).toHaveLength(1);
  });

  it('answers a fault with its optional headers, and refuses malformed ones', async () => {
    const { sandbox, post } = setup();
    const path = '/access/v1/api/public/qr/confirmed';
    expect((await post('faults', { path, status: 503, headers: { 'Retry-After': '5' } })).status).toBe(200);
    const answer = await sandbox.fetch(new Request(`http://sandbox.test${path}`));
    expect([answer.status, answer.headers.get('retry-after'), answer.headers.get('content-type')]).toEqual([503, '5', 'application/json; charset=utf-8']);
    for (const headers of [{ 'bad name': 'x' }, { 'X-A': 'line\r\nSet-Cookie: x=1' }, { 'X-A': 1 }, Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`X-${i}`, 'v']))]) {
      expect((await post('faults', { path, status: 503, headers })).status).toBe(400);
    }
    expect(sandbox.state.faults).toEqual([]);
  });

  it(`limits faults: delayMs up to ${MAX_FAULT_DELAY_MS}, times up to ${MAX_FAULT_TIMES}, ${MAX_FAULTS} waiting at once`, async () => {
    const { sandbox, post } = setup();
    expect((await post('faults', { path: '/x', delayMs: MAX_FAULT_DELAY_MS })).status).toBe(200);
    expect((await post('faults', { path: '/x', delayMs: MAX_FAULT_DELAY_MS + 1 })).status).toBe(400);
    expect((await post('faults', { path: '/x', status: 500, times: MAX_FAULT_TIMES })).status).toBe(200);
    expect((await post('faults', { path: '/x', status: 500, times: MAX_FAULT_TIMES + 1 })).status).toBe(400);
    while (sandbox.state.faults.length < MAX_FAULTS) expect((await post('faults', { path: '/y', status: 503 })).status).toBe(200);
    expect(await post('faults', { path: '/y', status: 503 })).toEqual({ status: 400, body: { error: `${MAX_FAULTS} faults are waiting already` } });
    expect(sandbox.state.faults).toHaveLength(MAX_FAULTS);
  });

  it('merges config knobs and refuses unknown or invalid ones', async () => {
    const { post, get } = setup();
    expect((await get('config')).body).toEqual(DEFAULT_CONFIG);
    const changed = await post('config', { qrExpirySeconds: 15, logonRedirectUrl: 'https://elsewhere.example/' });
    expect(changed.body).toEqual({ ...DEFAULT_CONFIG, qrExpirySeconds: 15, logonRedirectUrl: 'https://elsewhere.example/' });
    expect((await post('config', { qrExpirySeconds: -1 })).status).toBe(400);
    expect((await post('config', { qrExpirySeconds: 1.5 })).status).toBe(400);
    expect((await post('config', { pollMs: 10 })).status).toBe(400);
    expect((await post('config', { qrExpirySeconds: 86_401 })).status).toBe(400);
    expect((await post('config', { logonRedirectUrl: `https://elsewhere.example/${'x'.repeat(2048)}` })).status).toBe(400);
    expect((await get('config')).body.qrExpirySeconds).toBe(15);
  });

  it('resets personas, outbox, attempts, faults and config', async () => {
    const { sandbox, post, get } = setup();
    await post('config', { colourCodeExpirySeconds: 20 });
    await post('faults', { path: '/x', status: 500, times: 3 });
    sandbox.state.personas.get('EMMA0005')!.scannerStatus = 'MISSING';
    sandbox.state.attempts.set('logon:EMMA0005', 4);

    expect(await post('reset')).toEqual({ status: 200, body: { ok: true } });

    expect((await get('config')).body).toEqual(DEFAULT_CONFIG);
    expect((await get('faults')).body).toEqual([]);
    expect((await get('personas')).body[4].scannerStatus).toBe('EFFECTIVE');
    expect(sandbox.state.attempts.size).toBe(0);
  });

  it('offers the same reset in-process', async () => {
    const { sandbox, get } = setup();
    sandbox.state.config.qrExpirySeconds = 3;
    sandbox.reset();
    expect((await get('config')).body.qrExpirySeconds).toBe(120);
  });
});
