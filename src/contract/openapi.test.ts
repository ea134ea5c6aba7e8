// @vitest-environment node
// The committed contract files are what the schemas generate; UPDATE_OPENAPI=1 rewrites them.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATION_DOCS, TRACE_DOCS } from './descriptions';
import { OPERATIONS, TRACED } from './index';
import { renderContractMarkdown } from './markdown';
import { openApiDocument } from './openapi';

const file = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const update = process.env.UPDATE_OPENAPI === '1';

/** Compares a committed file with what the schemas generate, or rewrites it when asked. */
function expectCommitted(path: string, generated: string) {
  if (update) writeFileSync(file(path), generated);
  let committed = '';
  try {
    committed = readFileSync(file(path), 'utf8');
  } catch {
    // missing: the comparison below says so
  }
  expect(committed, `${path} is stale: run UPDATE_OPENAPI=1 npx vitest run src/contract/openapi.test.ts`).toBe(generated);
}

const refs = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(refs)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refs(inner)))
      : [];

describe('the API contract', () => {
  const doc = openApiDocument();

  it('openapi.json is the generated document', () => {
    expectCommitted('openapi.json', `${JSON.stringify(doc, null, 2)}\n`);
  });

  it('docs/api-contract.md is the generated page', () => {
    expectCommitted('docs/api-contract.md', renderContractMarkdown(doc));
  });

  it('names every operation once, each with its documentation', () => {
    const ids = OPERATIONS.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(OPERATIONS.map((op) => `${op.api} ${op.method} ${op.path}`)).size).toBe(ids.length);
    expect(Object.keys(OPERATION_DOCS).sort()).toEqual([...ids].sort());
    expect(Object.keys(TRACE_DOCS).sort()).toEqual(Object.values(TRACED).sort());
  });

  it('covers every call of spec section 7', () => {
    const calls = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    for (const call of [
      'POST /v1/api/public/scanner/activation/otp/request',
      'POST /v1/api/public/scanner/activation/otp/authenticate',
      'POST /v1/api/public/scanner/activation/finish',
      'POST /v1/api/public/scanner/logon',
      'POST /v1/api/public/scanner/deactivate',
      'POST /v1/api/public/scanner/provision',
      'POST /v1/api/public/scanner/status',
      'POST /v1/api/public/log/trace',
      'POST /v1/api/public/log/trace-error',
      'GET /v1/api/public/qr',
      'GET /v1/api/public/qr/confirmed',
      'POST /v1/api/public/mobile/logon',
      'GET /v1/api/public/link/qr',
      'GET /v1/api/public/link/qr/confirmed',
      'POST /v1/public/session/anonymous/initiate',
      'POST /v1/private/logout',
      'POST /security-means/transfers',
      'POST /security-means/transfers/access-tokens',
      'POST /security/means/bootstrap/web/sessions',
      'POST /oauth2/token',
      'POST /oauth2/token/revoke',
      'GET /security-means/cronto-hardware-token/actions/management/enrolment/identification',
      'POST /security-means/cronto-hardware-token/actions/enrolment/initiate',
      'POST /security-means/cronto-hardware-token/actions/enrolment/validate',
      'POST /security-means/cronto-hardware-token/actions/activation/initiate',
      'POST /security-means/cronto-hardware-token/actions/activation/validate',
      'POST /security-means/cronto-hardware-token/actions/authentication/initiate',
      'POST /security-means/cronto-hardware-token/actions/authentication/authenticate',
      'POST /security-means/cronto-hardware-token/actions/authentication/standalone/initiate',
      'POST /security-means/cronto-hardware-token/actions/authentication/standalone/authenticate',
      'GET /security-means/cronto-hardware-token/actions/management/agreements/latest',
      'GET /',
    ]) {
      expect(calls).toContain(call);
    }
    expect(OPERATIONS.filter((op) => op.serverSide).map((op) => op.id)).toEqual(['transferAccessTokens']);
  });

  it('is an OpenAPI 3.1 document whose references all resolve', () => {
    expect(doc.openapi).toBe('3.1.0');
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    for (const ref of refs(doc)) expect(Object.keys(schemas)).toContain(ref.replace('#/components/schemas/', ''));
    const json = JSON.stringify(doc);
    expect(json).not.toContain('"$schema"');
    expect(json).not.toContain('#/$defs/');
  });

  it('documents the statuses of spec section 8 where they happen', () => {
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const statuses = (path: string) => Object.keys(Object.values(paths[path]!).find((item) => typeof item === 'object' && 'responses' in item)!.responses);
    expect(statuses('/v1/api/public/scanner/activation/otp/request')).toEqual(expect.arrayContaining(['400']));
    expect(statuses('/v1/api/public/scanner/activation/otp/authenticate')).toEqual(expect.arrayContaining(['400']));
    expect(statuses('/security-means/cronto-hardware-token/actions/enrolment/initiate')).toEqual(expect.arrayContaining(['500']));
    expect(statuses('/security-means/cronto-hardware-token/actions/activation/validate')).toEqual(expect.arrayContaining(['400', '403']));
    expect(statuses('/security-means/cronto-hardware-token/actions/authentication/standalone/authenticate')).toEqual(expect.arrayContaining(['400', '403']));
    expect(statuses('/oauth2/token')).toEqual(expect.arrayContaining(['401']));
    expect(statuses('/v1/api/public/qr')).toEqual(expect.arrayContaining(['400']));
  });
});

describe('names spelled out on the first load', () => {
  it('keeps the trace header of the API client equal to the contract', async () => {
    const [{ TRACE_HEADER: client }, { TRACE_HEADER: contract }] = await Promise.all([import('../core/trace-id'), import('./operation')]);
    expect(client).toBe(contract);
  });
});
