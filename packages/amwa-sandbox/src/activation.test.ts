// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { damm } from '../../../src/core/validate/check-digits';
import { BLOCKED_ERROR_CODE, MAX_FINISH_ATTEMPTS, registrationCode } from './activation';
import { ENCRYPTED_STATE_HEADER } from './cronto';
import { createSandbox } from './index';

const ORIGIN = 'http://sandbox.test';
const SCANNER = '/access/v1/api/public/scanner';
const TOKEN = '/security-means/cronto-hardware-token/actions';

/** A client that behaves like the widget's: XSRF cookie and header, bearer and encrypted state carried along. */
function setup() {
  const now = { value: Date.parse('2025-06-03T10:00:00Z') };
  const sandbox = createSandbox({ now: () => now.value });
  const call = async (method: 'GET' | 'POST', path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await sandbox.fetch(
      new Request(ORIGIN + path, {
        method,
        headers: { 'Content-Type': 'application/json', Cookie: 'XSRF-TOKEN=x', 'X-XSRF-TOKEN': 'x', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text.replace(/^\)\]\}'\n/, '')) : undefined };
  };
  const scan = async (userId: string, image: string) => (await call('POST', '/__sandbox/scanner/scan', { body: { userId, image } })).body;
  const outbox = async (userId: string) => (await call('GET', `/__sandbox/outbox?userId=${userId}`)).body as { to: string; code: string; sentAt: string }[];

  /** Requests and redeems a registration code; returns a client for the rest of the flow. */
  const authenticate = async (userId: string, email: string) => {
    expect((await call('POST', `${SCANNER}/activation/otp/request`, { body: { userName: userId, emailAddress: email } })).status).toBe(200);
    const { code } = (await outbox(userId)).at(-1)!;
    const { status, body } = await call('POST', `${SCANNER}/activation/otp/authenticate`, { body: { userName: userId, otp: code } });
    expect(status).toBe(200);
    const token = body.accessTokens[0].accessToken as string;
    let state = '';
    const user = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
      call(method, path, { body: payload, headers: { Authorization: `Bearer ${token}`, ...(state ? { [ENCRYPTED_STATE_HEADER]: state } : {}) } }).then((answer) => {
        state = answer.headers.get(ENCRYPTED_STATE_HEADER) ?? state;
        return answer;
      });
    return { body, user };
  };
  const serialOf = (userId: string) => sandbox.state.personas.get(userId)!.serialNumber;
  return { sandbox, now, call, scan, outbox, authenticate, serialOf };
}

describe('registration code', () => {
  it('is ten digits passing the Damm check', () => {
    for (let i = 0; i < 50; i++) expect(registrationCode()).toSatisfy((code: string) => /^[0-9]{10}$/.test(code) && damm(code));
  });
});

describe('OTP request', () => {
  it('e-mails a registration code to the persona, readable in the outbox', async () => {
    const { call, outbox, now } = setup();
    const answer = await call('POST', `${SCANNER}/activation/otp/request`, { body: { userName: 'anna0001', emailAddress: 'Anna.deVries@example.com' } });
    expect(answer.status).toBe(200);
    const mails = await outbox('ANNA0001');
    expect(mails).toEqual([{ to: 'anna.devries@example.com', code: expect.stringMatching(/^[0-9]{10}$/), sentAt: new Date(now.value).toISOString() }]);
    expect(damm(mails[0]!.code)).toBe(true);
  });

  it('refuses a user ID and e-mail that do not belong together with 400', async () => {
    const { call, outbox } = setup();
    for (const body of [
      { userName: 'ANNA0001', emailAddress: 'boris.novak@example.com' },
      { userName: 'NOBODY01', emailAddress: 'anna.devries@example.com' },
    ]) {
      const answer = await call('POST', `${SCANNER}/activation/otp/request`, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).not.toBe(BLOCKED_ERROR_CODE);
    }
    expect(await outbox('ANNA0001')).toEqual([]);
  });

  it('answers 400 with errorCode 14 for the blocked GRETA007', async () => {
    const { call, outbox } = setup();
    const answer = await call('POST', `${SCANNER}/activation/otp/request`, { body: { userName: 'GRETA007', emailAddress: 'greta.berg@example.com' } });
    expect(answer).toMatchObject({ status: 400, body: { errorCode: 14 } });
    expect(await outbox('GRETA007')).toEqual([]);
  });
});

describe('OTP authenticate', () => {
  const request = (call: ReturnType<typeof setup>['call']) =>
    call('POST', `${SCANNER}/activation/otp/request`, { body: { userName: 'BORIS002', emailAddress: 'boris.novak@example.com' } });
  const redeem = (call: ReturnType<typeof setup>['call'], otp: string) =>
    call('POST', `${SCANNER}/activation/otp/authenticate`, { body: { userName: 'BORIS002', otp } });

  it('trades the code once for a level-3 session of the persona', async () => {
    const { call, outbox } = setup();
    await request(call);
    const { code } = (await outbox('BORIS002'))[0]!;
    const answer = await redeem(call, code);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      person: { id: expect.any(String) },
      authentication: { status: 'complete' },
      accessTokens: [{ accessToken: expect.any(String), profileId: expect.any(String), requesterLevelOfAssurance: 3, executorLevelOfAssurance: 3 }],
    });
    expect((await redeem(call, code)).status).toBe(400);
  });

  it('refuses a wrong code and a code older than 10 minutes', async () => {
    const { call, outbox, now } = setup();
    await request(call);
    const { code } = (await outbox('BORIS002'))[0]!;
    expect((await redeem(call, code === '0000000000' ? '1111111111' : '0000000000')).status).toBe(400);
    now.value += 10 * 60 * 1000;
    expect((await redeem(call, code)).status).toBe(400);
  });
});

describe('status and provision', () => {
  it('answers each persona its scanner status, only within its own session', async () => {
    const { call, authenticate } = setup();
    const statuses = {
      ANNA0001: ['anna.devries@example.com', 'REQUESTED'],
      BORIS002: ['boris.novak@example.com', 'POTENTIAL'],
      CARLA003: ['carla.rossi@example.com', 'OFFERED'],
      DAVID004: ['david.smit@example.com', 'COMPLETED'],
      EMMA0005: ['emma.klein@example.com', 'EFFECTIVE'],
      FRANK006: ['frank.peeters@example.com', 'MISSING'],
    } as const;
    for (const [userId, [email, status]] of Object.entries(statuses)) {
      const { user } = await authenticate(userId, email);
      expect((await user('POST', `${SCANNER}/status`, { userName: userId })).body).toEqual({ status });
      expect((await user('POST', `${SCANNER}/status`, { userName: userId === 'ANNA0001' ? 'BORIS002' : 'ANNA0001' })).status).toBe(401);
    }
    expect((await call('POST', `${SCANNER}/status`, { body: { userName: 'ANNA0001' } })).status).toBe(401);
  });

  it("answers the signed-in person's latest agreement, which a provision makes requested", async () => {
    const { call, authenticate } = setup();
    const codes = {
      ANNA0001: ['anna.devries@example.com', 'REQD_AR'],
      BORIS002: ['boris.novak@example.com', 'POTEN_AR'],
      CARLA003: ['carla.rossi@example.com', 'OFFRD_AR'],
      DAVID004: ['david.smit@example.com', 'COMPLD_AR'],
      EMMA0005: ['emma.klein@example.com', 'EFF_AR'],
      FRANK006: ['frank.peeters@example.com', 'MISSING'],
    } as const;
    for (const [userId, [email, code]] of Object.entries(codes)) {
      const { user } = await authenticate(userId, email);
      expect((await user('GET', `${TOKEN}/management/agreements/latest`)).body).toEqual({ status: code });
    }
    const { user } = await authenticate('DAVID004', 'david.smit@example.com');
    await user('POST', `${SCANNER}/provision`, { userName: 'DAVID004' });
    expect((await user('GET', `${TOKEN}/management/agreements/latest`)).body).toEqual({ status: 'REQD_AR' });
    expect((await call('GET', `${TOKEN}/management/agreements/latest`)).status).toBe(401);
  });

  it('lets an OFFERED scanner enrol only after the provision call', async () => {
    const { authenticate, serialOf } = setup();
    const { user } = await authenticate('CARLA003', 'carla.rossi@example.com');
    expect((await user('POST', `${TOKEN}/enrolment/initiate`, { serialNumber: serialOf('CARLA003') })).status).toBe(409);
    expect((await user('POST', `${SCANNER}/provision`, { userName: 'CARLA003' })).status).toBe(200);
    expect((await user('POST', `${TOKEN}/enrolment/initiate`, { serialNumber: serialOf('CARLA003') })).status).toBe(200);
  });
});

describe('the scanner steps', () => {
  it('walks ANNA0001 from the identification code to an EFFECTIVE scanner at level of assurance 2', async () => {
    const { authenticate, scan, sandbox } = setup();
    const { user } = await authenticate('ANNA0001', 'anna.devries@example.com');

    const identification = await user('GET', `${TOKEN}/management/enrolment/identification`);
    expect(identification.body).toMatchObject({ expirationDuration: 120, responseCheckDigit: true, responseLength: 10 });
    const { display: serial } = await scan('ANNA0001', identification.body.base64Cronto);
    expect(serial).toBe('38-0000002-7');

    const pin = await user('POST', `${TOKEN}/enrolment/initiate`, { serialNumber: serial.replace(/-/g, '') });
    expect(pin.body).toMatchObject({ responseCheckDigit: false, responseLength: 15, serialNumber: '38-0000002-7' });
    expect(pin.headers.get(ENCRYPTED_STATE_HEADER)).toBeTruthy();
    const { display: pinCode } = await scan('ANNA0001', pin.body.base64Cronto);
    expect(pinCode).toMatch(/^[0-9]{15}$/);
    expect((await user('POST', `${TOKEN}/enrolment/validate`, { tokenResponse: '1'.repeat(15) })).status).toBe(400);
    const enrolled = await user('POST', `${TOKEN}/enrolment/validate`, { tokenResponse: pinCode });
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers.get(ENCRYPTED_STATE_HEADER)).toBeTruthy();

    const finish = await user('POST', `${TOKEN}/activation/initiate`);
    expect(finish.body).toMatchObject({ responseLength: 15 });
    const { display: finishCode } = await scan('ANNA0001', finish.body.base64Cronto);
    expect(finishCode).toMatch(/^[0-9]{15}$/);
    expect((await user('POST', `${SCANNER}/activation/finish`, { userName: 'ANNA0001' })).status).toBe(409);
    expect((await user('POST', `${TOKEN}/activation/validate`, { tokenResponse: finishCode })).status).toBe(200);
    expect((await user('POST', `${SCANNER}/activation/finish`, { userName: 'ANNA0001' })).body).toEqual({ levelOfAssurance: 2 });
    expect(sandbox.state.personas.get('ANNA0001')?.scannerStatus).toBe('EFFECTIVE');
  });

  it('makes colour codes for another serial number unreadable to the persona’s scanner', async () => {
    const { authenticate, scan } = setup();
    const { user } = await authenticate('BORIS002', 'boris.novak@example.com');
    const pin = await user('POST', `${TOKEN}/enrolment/initiate`, { serialNumber: '3812345673' });
    expect(pin.status).toBe(200);
    expect(await scan('BORIS002', pin.body.base64Cronto)).toEqual({ error: 'Colour code not intended for this scanner' });
  });

  it('answers 400 to four wrong finish codes and 403 from the fifth on', async () => {
    const { authenticate, scan, serialOf } = setup();
    const { user } = await authenticate('BORIS002', 'boris.novak@example.com');
    const pin = await user('POST', `${TOKEN}/enrolment/initiate`, { serialNumber: serialOf('BORIS002') });
    await user('POST', `${TOKEN}/enrolment/validate`, { tokenResponse: (await scan('BORIS002', pin.body.base64Cronto)).display });
    const finish = await user('POST', `${TOKEN}/activation/initiate`);
    const { display } = await scan('BORIS002', finish.body.base64Cronto);
    const wrong = display === '0'.repeat(15) ? '1'.repeat(15) : '0'.repeat(15);
    const statuses = [];
    for (let i = 0; i < MAX_FINISH_ATTEMPTS; i++) statuses.push((await user('POST', `${TOKEN}/activation/validate`, { tokenResponse: wrong })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 403]);
    expect((await user('POST', `${TOKEN}/activation/validate`, { tokenResponse: display })).status).toBe(403);
  });

  it('refuses the scanner steps without the level-3 session or with a state it did not sign', async () => {
    const { call, authenticate } = setup();
    expect((await call('GET', `${TOKEN}/management/enrolment/identification`)).status).toBe(401);
    const { body } = await authenticate('ANNA0001', 'anna.devries@example.com');
    const headers = { Authorization: `Bearer ${body.accessTokens[0].accessToken}`, [ENCRYPTED_STATE_HEADER]: 'forged.state' };
    expect((await call('POST', `${TOKEN}/activation/initiate`, { headers })).status).toBe(400);
    expect((await call('POST', `${TOKEN}/enrolment/validate`, { headers, body: { tokenResponse: '1'.repeat(15) } })).status).toBe(400);
  });
});
