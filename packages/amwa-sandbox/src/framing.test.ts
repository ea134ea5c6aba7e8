// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { STRICT_CSP } from './examples';
import { FRAME_ANCESTORS, withFrameAncestors } from './framing';
import { createSandbox } from './index';

const ORIGIN = 'http://localhost:4400';

// Every kind of HTML page the sandbox serves: index, the three examples, end pages, gallery and its tiles, bench hosts, the not-found page.
const PAGES = [
  '/',
  '/access/',
  '/access/pages/logon/scanner',
  '/react/access/',
  '/csp/access/pages/activate-scanner',
  '/__sandbox/logged-on',
  '/__sandbox/corporate/precheck',
  '/__sandbox/gallery',
  '/__sandbox/gallery/tile/home',
  '/__sandbox/bench/widget/',
  '/__sandbox/bench/empty',
  '/no/such/page',
];

describe('framing (clickjacking)', () => {
  it("lets no other origin frame any sandbox page: frame-ancestors 'self' and X-Frame-Options: SAMEORIGIN", async () => {
    const sandbox = createSandbox();
    for (const path of PAGES) {
      const answer = await sandbox.fetch(new Request(ORIGIN + path));
      expect(answer.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(answer.headers.get('Content-Security-Policy'), path).toContain(FRAME_ANCESTORS);
      expect(answer.headers.get('X-Frame-Options'), path).toBe('SAMEORIGIN');
    }
  });

  it('keeps the strict policy of the CSP example and adds frame-ancestors to it, in one header', async () => {
    const answer = await createSandbox().fetch(new Request(`${ORIGIN}/csp/access/`));
    expect(answer.headers.get('Content-Security-Policy')).toBe(`${STRICT_CSP}; frame-ancestors 'self'`);
  });

  it('leaves answers that are no page alone', async () => {
    const sandbox = createSandbox();
    for (const path of ['/__sandbox/personas', '/access/v1/api/public/nothing', '/__sandbox/bench/floor.js']) {
      const answer = await sandbox.fetch(new Request(ORIGIN + path));
      expect(answer.headers.get('X-Frame-Options'), path).toBeNull();
      expect(answer.headers.get('Content-Security-Policy'), path).toBeNull();
    }
  });

  it('merges frame-ancestors into a policy, unless the policy already names its framers', () => {
    expect(withFrameAncestors(null)).toBe("frame-ancestors 'self'");
    expect(withFrameAncestors(' ')).toBe("frame-ancestors 'self'");
    expect(withFrameAncestors("default-src 'self';")).toBe("default-src 'self'; frame-ancestors 'self'");
    expect(withFrameAncestors("default-src 'self'; frame-ancestors 'none'")).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(withFrameAncestors("FRAME-ANCESTORS https://portal.example")).toBe('FRAME-ANCESTORS https://portal.example');
    expect(withFrameAncestors("default-src 'self'; frame-ancestors-x a")).toBe("default-src 'self'; frame-ancestors-x a; frame-ancestors 'self'");
  });
});
