import { describe, expect, it, vi } from 'vitest';
import { AmwaApiError } from '../api-error';
import { AnonymousSessionAPIError } from '../session/errors';
import { liveAnonymous, reportableSessionError, startAnonymous } from './anonymous';

const failed = (init: ConstructorParameters<typeof AmwaApiError>) => new AnonymousSessionAPIError(new AmwaApiError(...init));

describe('reportableSessionError', () => {
  it('hands the shared handler the failed call when it is technical, so the alert shows its date and trace id', () => {
    for (const error of [
      failed(['http', 'Request failed with status code 503', { path: '/p', status: 503 }]),
      failed(['timeout', 'timeout of 5000ms exceeded', { path: '/p' }]),
      failed(['network', 'Network Error', { path: '/p' }]),
    ]) {
      expect(reportableSessionError(error)).toBe(error.cause);
    }
  });

  it("keeps the spec's 'Can not GET anonymous session response' for anything else", () => {
    const refused = failed(['http', 'Request failed with status code 400', { path: '/p', status: 400 }]);
    expect(reportableSessionError(refused)).toBe(refused);
    const inert = new AnonymousSessionAPIError();
    expect(reportableSessionError(inert)).toBe(inert);
    const other = new Error('x');
    expect(reportableSessionError(other)).toBe(other);
  });
});

describe('startAnonymous', () => {
  it('ends a signed-in profile first, and reports the inert session as the anonymous-session failure', async () => {
    const logout = vi.fn(async () => {});
    const anonymous = { authenticationContext: { clientId: 'c', identifyeeType: 'customer', requiredLevelOfAssurance: 1, scopes: [] }, accessTokens: [], accessToken: 't', expirationTime: 10 };
    await expect(startAnonymous({ profiles: [{} as never], logout, initAnonymousSession: async () => anonymous })).resolves.toBe(anonymous);
    expect(logout).toHaveBeenCalledOnce();
    await expect(startAnonymous({ profiles: [], logout, initAnonymousSession: async () => undefined })).rejects.toThrow('Can not GET anonymous session response');
    expect(liveAnonymous({ anonymousProfile: anonymous }, 9)).toBe(anonymous);
    expect(liveAnonymous({ anonymousProfile: anonymous }, 10)).toBeUndefined();
  });
});
