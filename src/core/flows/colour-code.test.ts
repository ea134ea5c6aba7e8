import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AmwaApiError } from '../api-error';
import { createScope } from '../scope';
import { reachableText, SECRET, SECRET_FIELDS, secretsIn } from '../leak-probe';
import { colourCodeTransitions, createColourCode, ENCRYPTED_STATE_HEADER, readColourCode, REFRESH_SPINNER_MS, type ColourCodeImage } from './colour-code';

const image = (expirationDuration = 60, base64Cronto = 'AAAA'): ColourCodeImage => ({ base64Cronto, expirationDuration, responseLength: 7, responseCheckDigit: true });

// The loader stands in for the network: each call answers the next scripted result.
function setup(results: Array<ColourCodeImage | Error>) {
  const scope = createScope();
  const onError = vi.fn();
  const load = vi.fn(async () => {
    const next = results.shift();
    if (!next) throw new Error('no more scripted results');
    if (next instanceof Error) throw next;
    return next;
  });
  const code = createColourCode({ scope, load, marginS: 10, onError });
  const seen: string[] = [];
  code.subscribe(() => seen.push(code.state.status));
  return { scope, code, load, onError, seen };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('colour code', () => {
  it('loads on show and expires 10 s before expirationDuration', async () => {
    const { code, load, scope } = setup([image(60)]);
    expect(code.state.status).toBe('idle');
    code.show();
    expect(code.state).toEqual({ status: 'loading', spinner: false, image: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(code.state.status).toBe('shown');
    expect(code.state.image?.base64Cronto).toBe('AAAA');
    await vi.advanceTimersByTimeAsync(49_999);
    expect(code.state.status).toBe('shown');
    await vi.advanceTimersByTimeAsync(1);
    expect(code.state.status).toBe('expired');
    code.show();
    expect(load).toHaveBeenCalledOnce();
    scope.dispose();
  });

  it('expires at once when the image lives no longer than the margin', async () => {
    const { code, scope } = setup([image(8)]);
    code.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(code.state.status).toBe('expired');
    scope.dispose();
  });

  it('refreshes from expired with a spinner that hides after 3 s', async () => {
    const { code, scope, load } = setup([image(11), image(60, 'BBBB')]);
    code.show();
    await vi.advanceTimersByTimeAsync(1000);
    expect(code.state.status).toBe('expired');
    code.refresh();
    expect(code.state).toMatchObject({ status: 'loading', spinner: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(code.state).toMatchObject({ status: 'shown', spinner: true, image: { base64Cronto: 'BBBB' } });
    await vi.advanceTimersByTimeAsync(REFRESH_SPINNER_MS);
    expect(code.state.spinner).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
    scope.dispose();
  });

  it('reports a failed load and stops its timers', async () => {
    const failure = new Error('boom');
    const { code, onError, scope } = setup([image(11), failure]);
    code.show();
    await vi.advanceTimersByTimeAsync(1000);
    code.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(code.state).toEqual({ status: 'error', spinner: false, image: undefined });
    expect(onError).toHaveBeenCalledWith(failure);
    expect(vi.getTimerCount()).toBe(0);
    scope.dispose();
  });

  it('loads again after the wait a 429 asks (Retry-After, else a backoff), staying loading and reporting nothing', async () => {
    const busy = (headers: Record<string, string> = {}) => new AmwaApiError('http', 'Too Many Requests', { path: '/initiate', status: 429, headers: new Headers(headers) });
    const { code, load, onError, scope } = setup([busy({ 'Retry-After': '2' }), busy(), image(60)]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    code.show();
    await vi.advanceTimersByTimeAsync(1999);
    expect([load.mock.calls.length, code.state.status]).toEqual([1, 'loading']);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    // The second 429 in a row, without Retry-After: half of 2 s.
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(code.state.status).toBe('shown');
    expect(onError).not.toHaveBeenCalled();
    scope.dispose();
  });

  it('drops the wait of a 429 on hide and on dispose: no load after either', async () => {
    const busy = new AmwaApiError('http', 'Too Many Requests', { path: '/initiate', status: 429, headers: new Headers({ 'Retry-After': '2' }) });
    const { code, load, scope } = setup([busy, busy]);
    code.show();
    await vi.advanceTimersByTimeAsync(0);
    code.hide();
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledOnce();
    code.show();
    await vi.advanceTimersByTimeAsync(0);
    scope.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('can be spoiled by the page and refreshed from error', async () => {
    const { code, scope } = setup([image(), new Error('x'), image()]);
    code.show();
    await vi.advanceTimersByTimeAsync(0);
    code.spoil();
    expect(code.state).toEqual({ status: 'error', spinner: false, image: undefined });
    expect(vi.getTimerCount()).toBe(0);
    code.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(code.state.status).toBe('error');
    code.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(code.state.status).toBe('shown');
    scope.dispose();
  });

  it('drops a load in flight on hide, and leaves no timer after dispose', async () => {
    const { code, scope, seen } = setup([image(), image()]);
    code.show();
    code.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(code.state.status).toBe('idle');
    code.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['loading', 'idle', 'loading', 'shown']);
    scope.dispose();
    expect(vi.getTimerCount()).toBe(0);
    code.refresh();
    expect(code.state.status).toBe('shown');
  });

  it('ignores events a state does not list', () => {
    expect(colourCodeTransitions.idle.refresh).toBeUndefined();
    expect(colourCodeTransitions.loading.expire).toBeUndefined();
    expect(colourCodeTransitions.expired.refresh).toBe('loading');
  });
});

describe('readColourCode', () => {
  const headers = (state?: string) => new Headers(state ? { [ENCRYPTED_STATE_HEADER]: state } : {});
  const body = { base64Cronto: 'AAAA', expirationDuration: 120, responseCheckDigit: true, responseLength: 7 };

  it('reads the body and the encrypted-state header', () => {
    expect(readColourCode({ data: body, headers: headers('s.t') }, '/x')).toEqual({ ...body, serialNumber: undefined, encryptedState: 's.t' });
    expect(readColourCode({ data: { ...body, serialNumber: '3800000027' }, headers: headers() }, '/x', 'optional').serialNumber).toBe('3800000027');
  });

  it.each([
    ['no encrypted state', body, undefined, [ENCRYPTED_STATE_HEADER]],
    ['a response length under 6', { ...body, responseLength: 5 }, 's', ['responseLength']],
    ['a response length over 20', { ...body, responseLength: 21 }, 's', ['responseLength']],
    ['no check-digit flag', { ...body, responseCheckDigit: undefined }, 's', ['responseCheckDigit']],
    ['no image', { ...body, base64Cronto: '' }, 's', ['base64Cronto']],
    ['no body', undefined, 's', ['(answer)']],
  ])('treats %s as an invalid response (500), naming the fields at fault', (_, data, state, invalidFields) => {
    let error: unknown;
    try {
      readColourCode({ data, headers: headers(state) }, '/x');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AmwaApiError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 500, path: '/x', report: { path: '/x', status: 500, invalidFields } });
  });

  it('names a malformed answer by its fields, never the tokens beside them (issue 30)', () => {
    const planted = { ...body, responseLength: 'seven', ...SECRET_FIELDS };
    let error: unknown;
    try {
      readColourCode({ data: planted, headers: headers(`${SECRET}-state`) }, '/x');
    } catch (caught) {
      error = caught;
    }
    expect((error as AmwaApiError).report).toEqual({ path: '/x', status: 500, fields: Object.keys(planted), invalidFields: ['responseLength'] });
    expect(secretsIn(reachableText(error))).toEqual([]);
  });

  it('accepts response lengths 6 and 20', () => {
    expect(readColourCode({ data: { ...body, responseLength: 6 }, headers: headers('s') }, '/x').responseLength).toBe(6);
    expect(readColourCode({ data: { ...body, responseLength: 20 }, headers: headers('s') }, '/x').responseLength).toBe(20);
  });
});
