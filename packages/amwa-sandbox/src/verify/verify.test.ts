// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as mobile from '../../../../src/contract/mobile';
import * as scanner from '../../../../src/contract/scanner-logon';
import * as session from '../../../../src/contract/session';
import { createSandbox } from '../index';
import { asFetch, driftOn, rewriteBody, rewriteHeaders, type Backend } from './drift-backends';
import { VERIFY_CASES, verifyApi, type VerifyOptions, type VerifyReport } from './index';
import { formatJunit, formatTable } from './report';

const API = 'http://localhost/access';
const ORIGIN = 'http://app.localhost:5173';

const sandboxBackend = (): Backend => {
  const sandbox = createSandbox();
  return (request) => sandbox.fetch(request);
};

const verify = (backend: Backend, options: Partial<VerifyOptions> = {}) => verifyApi({ api: API, origin: ORIGIN, fetch: asFetch(backend), ...options });

/** The first difference of the first failing call, as the table shows it. */
const firstDifference = (report: VerifyReport) => {
  const call = report.cases.flatMap((result) => result.calls).find((candidate) => candidate.verdict === 'fail');
  return call && `${call.operationId}${call.status === undefined ? '' : ` ${call.status}`}: ${call.problems[0]}`;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('verifyApi against the sandbox', () => {
  it('runs every case through the control API, without a config, and finds nothing', async () => {
    const report = await verify(sandboxBackend());
    expect(report.sandbox).toBe(true);
    expect(report.cases.map((result) => [result.name, result.verdict, firstDifference({ ...report, cases: [result] }) ?? result.skipped])).toEqual(VERIFY_CASES.map((name) => [name, 'pass', undefined]));
    expect(report).toMatchObject({ ok: true, totals: { passed: VERIFY_CASES.length, failed: 0, skipped: 0 } });
    // Call for call: the scanner logon as the widget makes it.
    expect(report.cases.find((result) => result.name === 'scanner logon')!.calls.map((call) => call.operationId)).toEqual([
      // A POST without a body or headers of its own needs no preflight.
      'anonymousSessionInitiate',
      'xsrfToken',
      'bootstrapWebSession (preflight)',
      'bootstrapWebSession',
      'standaloneInitiate (preflight)',
      'standaloneInitiate',
      'standaloneAuthenticate (preflight)',
      'standaloneAuthenticate',
      'transfer (preflight)',
      'transfer',
      'scannerLogon (preflight)',
      'scannerLogon',
    ]);
  });

  it('against an API that is no sandbox, skips each case the config cannot drive, naming what it needs, and passes the rest', async () => {
    const sandbox = sandboxBackend();
    const bank: Backend = (request) => (new URL(request.url).pathname.startsWith('/__sandbox/') ? Promise.resolve(new Response('not found', { status: 404 })) : sandbox(request));
    const report = await verify(bank);
    expect(report.sandbox).toBe(false);
    const verdicts = Object.fromEntries(report.cases.map((result) => [result.name, result.skipped ?? result.verdict]));
    expect(verdicts).toEqual({
      'anonymous session': 'pass',
      'scanner logon': 'needs personas.scanner',
      'token refresh and revoke': 'needs the scanner logon case to pass with a refresh token (personas.scanner, responseCode)',
      'mobile QR logon': 'needs the approveQr hook',
      'link mode': 'needs the approveQr hook',
      'scanner activation': 'needs personas.activation',
      logout: 'pass',
      'trace logging': 'pass',
      'XSRF token refused when missing or wrong': 'pass',
      'wrong response code': 'needs personas.scanner',
      'unknown user': 'pass',
      'blocked user': 'needs personas.blocked',
      'lockout after five wrong codes': 'needs personas.lockout',
      'expired colour code': 'needs personas.scanner',
    });
    // Skipped is never passed: it is counted apart, and the table says what each case needs.
    expect(report.totals).toEqual({ passed: 5, failed: 0, skipped: 9 });
    expect(report.ok).toBe(true);
    expect(formatTable(report)).toMatch(/-\s+mobile QR logon\s+skipped\s+needs the approveQr hook/);
  });

  it("against an API that is no sandbox, drives every case with a config's hooks and personas", async () => {
    const sandbox = createSandbox();
    const bank: Backend = (request) => (new URL(request.url).pathname.startsWith('/__sandbox/') ? Promise.resolve(new Response('not found', { status: 404 })) : sandbox.fetch(request));
    // The bank's test scanner, app and mailbox: here the sandbox's, reached behind verify's back.
    const control = async (path: string, body?: unknown) => {
      const response = await sandbox.fetch(new Request(`http://localhost/__sandbox/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      return response.json();
    };
    sandbox.state.config.colourCodeExpirySeconds = 1;
    const report = await verify(bank, {
      responseCode: async ({ colourCode, userId }) => (await control('scanner/scan', { userId, image: colourCode })).display,
      approveQr: async ({ mode }) => void (await control('mobile/confirm', { mode })),
      registrationCode: async ({ userId }) => (await control(`outbox?userId=${userId}`)).at(-1).code,
      personas: { scanner: { userId: 'EMMA0005' }, lockout: { userId: 'HUGO0008' }, activation: { userId: 'BORIS002', email: 'boris.novak@example.com' }, blocked: { userId: 'GRETA007', email: 'greta.berg@example.com' } },
      waitForExpiry: true,
    });
    expect(report.sandbox).toBe(false);
    expect(report.cases.filter((result) => result.verdict !== 'pass').map((result) => [result.name, result.skipped ?? firstDifference({ ...report, cases: [result] })])).toEqual([]);
  });

  it('ends the activation where the persona\'s scanner status ends it, and says so', async () => {
    const report = await verify(sandboxBackend(), { cases: ['scanner activation'], personas: { activation: { userId: 'EMMA0005', email: 'emma.klein@example.com' } } });
    expect(report.cases[0]).toMatchObject({ verdict: 'pass', note: expect.stringContaining('the status is EFFECTIVE') });
  });

  it('refuses a case name it does not have', async () => {
    await expect(verify(sandboxBackend(), { cases: ['scanner logn'] })).rejects.toThrow('no case named "scanner logn"');
  });
});

describe('verifyApi catches each class of drift, naming the operation and the field', () => {
  const path = (op: { path: string }) => op.path;

  it.each<[string, (backend: Backend) => Backend, string[], RegExp]>([
    [
      'a missing required field',
      (backend) => driftOn(backend, 'POST', path(scanner.scannerLogon), (response) => rewriteBody(response, ({ url: _, ...rest }) => rest)),
      ['scanner logon'],
      /^scannerLogon 200: body\.url is missing \(required\)$/,
    ],
    [
      'a wrong type',
      (backend) => driftOn(backend, 'POST', path(scanner.standaloneInitiate), (response) => rewriteBody(response, (body) => ({ ...body, expirationDuration: String(body.expirationDuration) }))),
      ['scanner logon'],
      /^standaloneInitiate 200: body\.expirationDuration is a string \("120"\), expected number$/,
    ],
    [
      'an unexpected status',
      (backend) => driftOn(backend, 'GET', path(mobile.qr), () => new Response(`)]}'\n{}`, { status: 404, headers: { 'content-type': 'application/json', 'x-trace-id': 't' } })),
      ['mobile QR logon'],
      /^qr 404: unexpected status 404, expected 200; the widget handles 200, 400, 500 and 5xx only/,
    ],
    [
      'the prefix missing',
      (backend) => driftOn(backend, 'POST', path(session.bootstrapWebSession), (response) => rewriteBody(response, (body) => body, { prefix: false })),
      ['anonymous session'],
      /^bootstrapWebSession 200: body does not start with the anti-hijacking prefix/,
    ],
    [
      'a wrong content type',
      (backend) => driftOn(backend, 'POST', path(session.anonymousSessionInitiate), (response) => rewriteHeaders(response, (headers) => headers.set('content-type', 'text/plain'))),
      ['anonymous session'],
      /^anonymousSessionInitiate 200: Content-Type is "text\/plain", expected application\/json$/,
    ],
    [
      'no CORS for the origin',
      (backend) => driftOn(backend, 'POST', path(scanner.transfer), (response) => rewriteHeaders(response, (headers) => headers.delete('access-control-allow-origin'))),
      ['scanner logon'],
      /^transfer 200: no CORS for the origin: Access-Control-Allow-Origin is missing, expected http:\/\/app\.localhost:5173$/,
    ],
    [
      'no CORS in the preflight',
      (backend) => driftOn(backend, 'OPTIONS', path(scanner.standaloneInitiate), () => new Response(null, { status: 403 })),
      ['scanner logon'],
      /^standaloneInitiate \(preflight\) 403: no CORS for the origin: the preflight answered 403$/,
    ],
    [
      'credentials not allowed',
      (backend) => driftOn(backend, 'POST', path(session.bootstrapWebSession), (response) => rewriteHeaders(response, (headers) => headers.delete('access-control-allow-credentials'))),
      ['anonymous session'],
      /^bootstrapWebSession 200: credentials not allowed: Access-Control-Allow-Credentials is not "true"/,
    ],
    [
      'a header the page cannot read',
      (backend) => driftOn(backend, 'POST', path(scanner.standaloneInitiate), (response) => rewriteHeaders(response, (headers) => headers.set('access-control-expose-headers', 'x-trace-id, Date, Retry-After'))),
      ['scanner logon'],
      /^standaloneInitiate 200: Access-Control-Expose-Headers does not list x-encrypted-state/,
    ],
    [
      'the XSRF cookie not honoured',
      // The backend checks the header against some other token than the cookie it handed out.
      (backend) => async (request) => {
        const headers = new Headers(request.headers);
        if (headers.has('x-xsrf-token')) headers.set('cookie', (headers.get('cookie') ?? '').replace(/XSRF-TOKEN=[^;]*/, 'XSRF-TOKEN=another'));
        return backend(new Request(request, { headers }));
      },
      ['anonymous session'],
      /^bootstrapWebSession 403: unexpected status 403, expected 200; the widget handles 200, 400 and 5xx only \(is the XSRF-TOKEN cookie honoured\? X-XSRF-TOKEN echoed it\)$/,
    ],
    [
      'the XSRF header not checked',
      (backend) => async (request) => {
        const headers = new Headers(request.headers);
        const cookie = /XSRF-TOKEN=([^;]*)/.exec(headers.get('cookie') ?? '')?.[1];
        if (cookie) headers.set('x-xsrf-token', cookie);
        return backend(new Request(request, { headers }));
      },
      ['XSRF token refused when missing or wrong'],
      /^logTrace 200: unexpected status 200, expected 403$/,
    ],
    [
      'no XSRF token at all',
      (backend) => driftOn(backend, 'GET', '/access/', (response) => rewriteHeaders(response, (headers) => {
        headers.delete('set-cookie');
        headers.delete('x-xsrf-token');
      })),
      ['XSRF token refused when missing or wrong'],
      /^xsrfToken 200: neither an XSRF-TOKEN cookie nor an X-XSRF-TOKEN header/,
    ],
    [
      'a cookie a cross-site page cannot keep',
      (backend) => driftOn(backend, 'POST', path(session.bootstrapWebSession), (response) => rewriteHeaders(response, (headers) => {
        const lines = headers.getSetCookie();
        headers.delete('set-cookie');
        for (const line of lines) headers.append('set-cookie', line.replace(/; SameSite=None; Secure; Partitioned/, '; SameSite=Lax'));
      })),
      ['anonymous session'],
      /^bootstrapWebSession 200: cookie web-session: a page on http:\/\/app\.localhost:5173 calls the API across sites, so the cookie needs SameSite=None and Secure/,
    ],
    [
      'a Retry-After out of bounds',
      (backend) => driftOn(backend, 'GET', path(mobile.linkQrConfirmed), (response) => rewriteHeaders(response, (headers) => headers.set('retry-after', '3600'))),
      ['link mode'],
      /^linkQrConfirmed 200: Retry-After "3600" is out of the bounds the widget accepts \(0\.5 s to 300 s\)$/,
    ],
    [
      'a Retry-After the widget cannot read',
      (backend) => driftOn(backend, 'GET', path(mobile.linkQrConfirmed), (response) => rewriteHeaders(response, (headers) => headers.set('retry-after', 'soon'))),
      ['link mode'],
      /^linkQrConfirmed 200: Retry-After "soon" is neither a number of seconds nor an HTTP date$/,
    ],
    [
      'an expiry out of bounds',
      (backend) => driftOn(backend, 'POST', path(scanner.standaloneInitiate), (response) => rewriteBody(response, (body) => ({ ...body, expirationDuration: 7200 }))),
      ['scanner logon'],
      /^standaloneInitiate 200: body\.expirationDuration is 7200: outside the bounds the widget accepts \(1 s to 3600 s\)$/,
    ],
    [
      'a required response header missing',
      (backend) => driftOn(backend, 'POST', path(scanner.standaloneInitiate), (response) => rewriteHeaders(response, (headers) => headers.delete('x-encrypted-state'))),
      ['scanner logon'],
      /^standaloneInitiate 200: header x-encrypted-state is missing \(required\)$/,
    ],
    [
      'a wrong enum value',
      (backend) => driftOn(backend, 'POST', path(scanner.standaloneAuthenticate), (response) => rewriteBody(response, (body) => ({ ...body, authentication: { status: 'done' } }))),
      ['scanner logon'],
      /^standaloneAuthenticate 200: body\.authentication\.status is "done", expected one of "complete", "partial"$/,
    ],
    [
      'a negative case answered as a success',
      (backend) => driftOn(backend, 'POST', path(scanner.standaloneAuthenticate), (response) => (response.status === 400 ? new Response(`)]}'\n{}`, { status: 401, headers: { 'content-type': 'application/json', 'x-trace-id': 't', 'access-control-allow-origin': ORIGIN, 'access-control-allow-credentials': 'true' } }) : response)),
      ['wrong response code'],
      /^standaloneAuthenticate 401: unexpected status 401, expected 400; the widget handles 200, 400, 403, 500 and 5xx only$/,
    ],
  ])('%s', async (_, drift, cases, difference) => {
    const report = await verify(drift(sandboxBackend()), { cases });
    expect(report.ok).toBe(false);
    expect(firstDifference(report)).toMatch(difference);
    expect(formatTable(report)).toContain(firstDifference(report));
    expect(report.totals.failed).toBe(1);
  });

  it('an answer slower than the time-out', async () => {
    const slow = driftOn(sandboxBackend(), 'POST', path(session.logout), async (response) => {
      await sleep(400);
      return response;
    });
    const report = await verify(slow, { cases: ['logout'], timeouts: { access: 150 } });
    expect(firstDifference(report)).toBe("logout: no answer within 150 ms (the widget's time-out)");
  });
});

describe('the report', () => {
  it('as JUnit XML: a test case per case, failures with their differences, skips with what they need, all escaped', async () => {
    const drifting = driftOn(sandboxBackend(), 'POST', scanner.scannerLogon.path, (response) => rewriteBody(response, (body) => ({ ...body, url: 5 })));
    const report = await verify(drifting, { cases: ['scanner logon', 'link mode'], approveQr: undefined });
    report.cases.push({ name: 'a <case> & "more"', verdict: 'skip', skipped: 'needs the <approveQr> hook', calls: [] });
    report.totals.skipped += 1;
    const xml = formatJunit(report);
    expect(xml).toContain('<testsuites name="amwa-sandbox verify" tests="3" failures="1" skipped="1">');
    expect(xml).toContain('<testcase classname="amwa-verify" name="scanner logon"><failure message="scannerLogon 200: body.url is a number (5), expected string">');
    expect(xml).toContain('<testcase classname="amwa-verify" name="link mode"></testcase>');
    expect(xml).toContain('<testcase classname="amwa-verify" name="a &lt;case&gt; &amp; &quot;more&quot;"><skipped message="needs the &lt;approveQr&gt; hook"/></testcase>');
  });
});
