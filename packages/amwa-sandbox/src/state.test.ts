// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createState, defineSlice, findPersona, formatSerial, serialWithCheckDigit } from './state';

// Written apart from state.ts on purpose: design section 3's rule, weights 3,1,3,1… over ten digits.
const passesSerialCheck = (digits: string) =>
  /^38\d{8}$/.test(digits) && [...digits].reduce((sum, d, i) => sum + Number(d) * (i % 2 ? 1 : 3), 0) % 10 === 0;

describe('sandbox state', () => {
  it('gives EMMA0005 the active scanner 38-0000001-0 and every persona a distinct valid serial', () => {
    const state = createState();
    expect(formatSerial(state.personas.get('EMMA0005')!.serialNumber)).toBe('38-0000001-0');
    const serials = [...state.personas.values()].map((persona) => persona.serialNumber);
    expect(serials.every(passesSerialCheck)).toBe(true);
    expect(new Set(serials).size).toBe(serials.length);
  });

  it('computes the check digit for any body', () => {
    expect(serialWithCheckDigit('0000002')).toBe('3800000027');
    expect(passesSerialCheck(serialWithCheckDigit('1234567'))).toBe(true);
  });

  it('seeds the design table', () => {
    const rows = [...createState().personas.values()].map(({ userId, email, scannerStatus, levelOfAssurance, blocked }) => [
      userId,
      email,
      scannerStatus,
      levelOfAssurance,
      blocked,
    ]);
    expect(rows).toEqual([
      ['ANNA0001', 'anna.devries@example.com', 'REQUESTED', 2, false],
      ['BORIS002', 'boris.novak@example.com', 'POTENTIAL', 1, false],
      ['CARLA003', 'carla.rossi@example.com', 'OFFERED', 2, false],
      ['DAVID004', 'david.smit@example.com', 'COMPLETED', 2, false],
      ['EMMA0005', 'emma.klein@example.com', 'EFFECTIVE', null, false],
      ['FRANK006', 'frank.peeters@example.com', 'MISSING', null, false],
      ['GRETA007', 'greta.berg@example.com', 'REQUESTED', null, true],
      // The multi-profile persona of the session layer, after the design table.
      ['HUGO0008', 'hugo.jansen@example.com', 'EFFECTIVE', null, false],
    ]);
  });

  it('finds personas case-insensitively', () => {
    const state = createState();
    expect(findPersona(state, ' emma0005 ')?.userId).toBe('EMMA0005');
    expect(findPersona(state, 'NOBODY01')).toBeUndefined();
    expect(findPersona(state, 42)).toBeUndefined();
  });

  it('reset puts everything back, including slices, and keeps the clock', () => {
    const now = () => 1234;
    const state = createState(now);
    const sessions = defineSlice('sessions', () => new Map<string, string>());
    state.slice(sessions).set('a', 'b');
    state.personas.get('ANNA0001')!.scannerStatus = 'EFFECTIVE';
    state.outbox.push({ userId: 'ANNA0001', to: 'anna.devries@example.com', code: '1234567890', sentAt: 'x' });
    state.attempts.set('logon:EMMA0005', 3);
    state.faults.push({ path: '/x', status: 500, times: 1 });
    state.config.qrExpirySeconds = 5;
    state.pendingQrs.push({ id: 'q', mode: 'logon', issuedAt: 0, confirmed: false });

    state.reset();

    expect(state.slice(sessions).size).toBe(0);
    expect(state.personas.get('ANNA0001')!.scannerStatus).toBe('REQUESTED');
    expect([state.outbox, state.faults, state.pendingQrs, state.attempts.size]).toEqual([[], [], [], 0]);
    expect(state.config.qrExpirySeconds).toBe(120);
    expect(state.now()).toBe(1234);
  });
});
