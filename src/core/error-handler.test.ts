import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './analytics';
import { createApiClient } from './api';
import type { Operation } from '../contract/operation';
import { scannerLogon, transfer } from '../contract/scanner-logon';
import { bootstrapWebSession } from '../contract/session';
import { AmwaApiError, answerOf, isApiError, type AnswerReport } from './api-error';
import { call } from './call';
import { createCookies } from './cookies';
import { createErrorHandler, technicalAlertTime } from './error-handler';
import { createEmitter, type AmwaEventMap, type GenericExceptionDetail } from './events';
import { createScope, type Scope } from './scope';
import { checkRedirect, InvalidRedirectError } from './flows/redirect';
import { reachableText, SECRET, SECRET_FIELDS, SECRET_NUMBER, secretsIn } from './leak-probe';
import { parseSettings } from './settings';
import { createTraceLog } from './trace';

const TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const DATE = 'Tue, 03 Jun 2025 10:15:30 GMT';
const NOW = new Date('2025-06-03T12:00:00Z');
const AGREEMENT = 'invalid-scanner-means-agreement-error-code';

const settings = (() => {
  // On the page's origin: the XSRF-TOKEN cookie the tests set is then the API's.
  const parsed = parseSettings({ apiBaseUrl: `${location.origin}/access` });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.settings;
})();

const answered = (status: number, data: unknown = {}) =>
  new AmwaApiError('http', `Request failed with status code ${status}`, { path: '/p', status, data, headers: new Headers({ 'x-trace-id': TRACE, date: DATE }) });

let scope: Scope;
let releaseTrace: (() => void) | undefined;

function setup() {
  const emitter = createEmitter();
  const events: [keyof AmwaEventMap, unknown][] = [];
  for (const type of ['amwa-technical-exception', 'amwa-generic-exception'] as const) emitter.on(type, (detail) => events.push([type, detail]));
  // Trace calls hang until the test releases them, so the wait before navigating is observable.
  const held: (() => void)[] = [];
  const lines: { url: string; body: unknown }[] = [];
  const fetch = ((url: string, init: RequestInit) => {
    lines.push({ url, body: JSON.parse(String(init.body)) });
    return new Promise<Response>((resolve) => {
      held.push(() => resolve(new Response(null, { status: 204 })));
      releaseTrace = () => held.splice(0).forEach((release) => release());
    });
  }) as typeof globalThis.fetch;
  const traceLog = createTraceLog(createApiClient({ settings, emit: emitter.emit, scope, language: () => 'en-GB', fetch }));
  const analytics = createAnalytics({ settings, emit: emitter.emit, cookies: createCookies(settings) });
  const navigateToError = vi.fn<(traceId?: string) => void>();
  const handler = createErrorHandler({ emit: emitter.emit, analytics, traceLog, navigateToError, signal: scope.signal });
  const views = () => (window as unknown as { dataLayer: { content?: string }[] }).dataLayer.map((entry) => entry.content);
  return { handler, events, navigateToError, traceLog, views, lines };
}

beforeEach(() => {
  releaseTrace = undefined;
  scope = createScope();
  document.cookie = 'XSRF-TOKEN=t; path=/';
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  scope.dispose();
  vi.useRealTimers();
});

describe('createErrorHandler', () => {
  it.each([
    ['timeout', new AmwaApiError('timeout', 'timeout of 5000ms exceeded', { path: '/p' }), [], 'timeout', 'Request timeout', { timeout: true, date: NOW.toISOString() }],
    ['network failure', new AmwaApiError('network', 'Network Error', { path: '/p' }), [], 'technical', 'technical error', { timeout: false, date: NOW.toISOString() }],
    ['status 500', answered(500), [], 'technical', 'technical error', { timeout: false, date: new Date(DATE).toISOString(), traceId: TRACE }],
    ['status 503', answered(503), [], 'technical', 'technical error', { timeout: false, date: new Date(DATE).toISOString(), traceId: TRACE }],
    // A flow that can hold its action back does so before it gets here; anywhere else a 429 is no dead end either.
    ['status 429', answered(429), [], 'technical', 'technical error', { timeout: false, date: new Date(DATE).toISOString(), traceId: TRACE }],
    ['a technical code', answered(400, { errorCode: AGREEMENT }), [AGREEMENT], 'technical', 'technical error', { timeout: false, date: new Date(DATE).toISOString(), traceId: TRACE }],
  ] as const)('%s → %s', async (_, error, technicalCodes, outcome, view, detail) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handler, events, views, navigateToError, lines } = setup();
    expect(handler.handle(error, { origin: 'scanner-logon', technicalCodes, username: 'EMMA0005' })).toBe(outcome);
    expect(errorLog).toHaveBeenCalledWith(error);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines).toEqual([
      {
        url: `${location.origin}/access/v1/api/public/log/trace-error`,
        body: { operation: 'scanner-logon', context: { responseId: 'traceId' in detail ? TRACE : undefined, username: 'EMMA0005' } },
      },
    ].map((line) => ({ ...line, body: JSON.parse(JSON.stringify(line.body)) })));
    expect(views()).toEqual([view]);
    expect(events).toEqual([['amwa-technical-exception', { traceId: undefined, ...detail }]]);
    expect(navigateToError).not.toHaveBeenCalled();
  });

  it.each<[string, unknown, Omit<GenericExceptionDetail, 'origin'>]>([
    [
      'status 400',
      answered(400, { errorCode: '14', message: 'blocked' }),
      { status: 400, data: { path: '/p', status: 400, errorCode: '14', fields: ['errorCode', 'message'] }, message: 'Request failed with status code 400', traceId: TRACE },
    ],
    [
      'a technical code elsewhere',
      answered(400, { errorCode: AGREEMENT }),
      { status: 400, data: { path: '/p', status: 400, errorCode: AGREEMENT, fields: ['errorCode'] }, message: 'Request failed with status code 400', traceId: TRACE },
    ],
    [
      'an unexpected body',
      new AmwaApiError('invalid-response', 'Unexpected response from /p', { path: '/p', status: 200, data: 'x', issues: [{ path: [] }] }),
      { status: 200, data: { path: '/p', status: 200, invalidFields: ['(answer)'] }, message: 'Unexpected response from /p' },
    ],
    ['a timeout not saying so', new AmwaApiError('timeout', 'took long', { path: '/p' }), { data: { path: '/p' }, message: 'took long' }],
    ['a plain Error', new Error('malformed means response'), { message: 'malformed means response' }],
    ['a thrown string', 'authentication-conf-error', { message: 'authentication-conf-error' }],
    [
      'a refused redirect',
      new InvalidRedirectError('https://evil.example/x', ['https://bank.example']),
      { message: 'Invalid redirection url', data: { url: 'https://evil.example/x', allowedOrigins: ['https://bank.example'] } },
    ],
  ])('%s → generic, then the error page once trace calls settle', async (_, error, detail) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handler, events, views, navigateToError, traceLog } = setup();
    traceLog.trace('qr-load');
    expect(handler.handle(error, { origin: '/v1/api/public/qr' })).toBe('generic');
    expect(views()).toEqual(['generic error']);
    expect(events).toEqual([['amwa-generic-exception', { origin: '/v1/api/public/qr', status: undefined, data: undefined, traceId: undefined, ...detail }]]);
    await vi.waitFor(() => expect(releaseTrace).toBeTypeOf('function'));
    await Promise.resolve();
    expect(navigateToError).not.toHaveBeenCalled();
    releaseTrace!();
    await vi.waitFor(() => expect(navigateToError).toHaveBeenCalledWith(detail.traceId));
  });

  it('ignores aborted calls: nothing logged, traced, shown or recorded', () => {
    const errorLog = vi.spyOn(console, 'error');
    const { handler, events, views, lines } = setup();
    expect(handler.handle(new AmwaApiError('aborted', 'Request aborted', { path: '/p' }), { origin: 'x' })).toBe('aborted');
    expect(errorLog).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(events).toEqual([]);
    expect(views()).toEqual([]);
  });

  it('does not navigate once the widget is gone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handler, navigateToError, traceLog } = setup();
    handler.handle(answered(400), { origin: 'x' });
    scope.dispose();
    await traceLog.settled();
    await Promise.resolve();
    expect(navigateToError).not.toHaveBeenCalled();
  });
});

describe('what leaves the widget (issue 30)', () => {
  const planted = { ...SECRET_FIELDS, cookie: `JSESSIONID=${SECRET}-cookie` };
  /** A real client whose server answers every call 200 with `body`. */
  const answering = (body: unknown) =>
    createApiClient({ settings, emit: () => undefined, scope, language: () => 'en-GB', fetch: async () => new Response(`)]}'\n${JSON.stringify(body)}`, { status: 200 }) });
  const failed = (op: Operation<unknown, unknown>, body: unknown) => call(answering(body), op, {}).then(() => expect.fail(`${op.id} was accepted`), (error: unknown) => error);

  it.each<[string, Operation<unknown, unknown>, unknown, AnswerReport]>([
    [
      'a numeric otp from transfers',
      transfer,
      { ...planted, otp: SECRET_NUMBER },
      { operation: 'transfer', path: transfer.path, status: 200, fields: Object.keys(planted), invalidFields: ['otp'] },
    ],
    [
      'a ticket beside a malformed scanner logon url',
      scannerLogon,
      { url: 42, ticket: planted.ticket },
      { operation: 'scannerLogon', path: scannerLogon.path, status: 200, fields: ['url', 'ticket'], invalidFields: ['url'] },
    ],
    [
      'tokens in a malformed anonymous session',
      bootstrapWebSession,
      { authenticationResponse: { accessTokens: [{ accessToken: planted.accessToken, refreshToken: planted.refreshToken }] } },
      { operation: 'bootstrapWebSession', path: bootstrapWebSession.path, status: 200, fields: ['authenticationResponse'], invalidFields: ['authenticationResponse.accessTokens.0'] },
    ],
  ])('%s: the event, the console and the trace line name the fields, never their values', async (_, op, body, report) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handler, events, lines } = setup();
    const error = await failed(op, body);
    expect(handler.handle(error, { origin: op.path, username: 'EMMA0005' })).toBe('generic');
    expect(events).toEqual([['amwa-generic-exception', { origin: op.path, status: 200, data: report, message: `Unexpected response from ${op.path}`, traceId: undefined }]]);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(secretsIn(reachableText([error, events, errorLog.mock.calls, lines]))).toEqual([]);
  });

  it('a refused logon url carrying ?ticket=… is named by its origin and path', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handler, events } = setup();
    const checked = checkRedirect(`https://user:${SECRET}-password@evil.example/landing?ticket=${planted.ticket}#${SECRET}-fragment`, ['https://bank.example']);
    if (checked.ok) expect.fail('the url was accepted');
    handler.handle(checked.error, { origin: scannerLogon.path });
    expect(events).toEqual([
      [
        'amwa-generic-exception',
        { origin: scannerLogon.path, status: undefined, data: { url: 'https://evil.example/landing', allowedOrigins: ['https://bank.example'] }, message: 'Invalid redirection url', traceId: undefined },
      ],
    ]);
    expect(secretsIn(reachableText([events, errorLog.mock.calls]))).toEqual([]);
  });

  it("passes on no other error's own data (a library error carrying the answer)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handler, events } = setup();
    handler.handle(Object.assign(new Error('request failed'), { data: { ticket: planted.ticket } }), { origin: 'render' });
    expect(events).toEqual([['amwa-generic-exception', { origin: 'render', status: undefined, data: undefined, message: 'request failed', traceId: undefined }]]);
  });

  it('an error answer is named by its fields, while the widget still reads it (a logout url)', async () => {
    const error = new AmwaApiError('http', 'Request failed with status code 401', { path: '/v1/private/logout', status: 401, data: { ingLogOutUrl: 'https://bank.example/bye', ticket: planted.ticket } });
    expect(error.report).toEqual({ path: '/v1/private/logout', status: 401, fields: ['ingLogOutUrl', 'ticket'] });
    expect(answerOf(error)).toEqual({ ingLogOutUrl: 'https://bank.example/bye', ticket: planted.ticket });
    expect(secretsIn(reachableText(error))).toEqual([]);
  });
});

describe('technicalAlertTime', () => {
  it.each([
    [DATE, new Date(DATE)],
    ['not a date', NOW],
    ['', NOW],
    [null, NOW],
    [undefined, NOW],
  ])('%j → %s', (header, expected) => {
    expect(technicalAlertTime(header, NOW)).toEqual(expected);
  });
});

describe('isApiError', () => {
  it('tells API errors from others', () => {
    expect(isApiError(answered(400))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ kind: 'http' })).toBe(false);
  });
});
