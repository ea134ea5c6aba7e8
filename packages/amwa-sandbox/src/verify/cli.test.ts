// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseProxyArgs, parseVerifyArgs, PROXY_HELP, VERIFY_HELP } from './cli';

describe('amwa-sandbox verify and proxy command lines', () => {
  it('verify takes the API, the security API, the origin, a config and the report files', () => {
    expect(parseVerifyArgs(['--api', 'http://localhost:4400/access'])).toEqual({ kind: 'run', api: 'http://localhost:4400/access' });
    const all = ['--api', 'https://test.bank.example/access', '--security-api', 'https://sec.bank.example', '--origin', 'https://www.bank.example', '--config', 'verify.config.mjs', '--junit', 'verify.xml', '--json', 'verify.json'];
    expect(parseVerifyArgs(all)).toEqual({ kind: 'run', api: 'https://test.bank.example/access', securityApi: 'https://sec.bank.example', origin: 'https://www.bank.example', config: 'verify.config.mjs', junit: 'verify.xml', json: 'verify.json' });
    expect(parseVerifyArgs(['-h'])).toEqual({ kind: 'help' });
    for (const option of ['--api', '--security-api', '--origin', '--config', '--junit', '--json']) expect(VERIFY_HELP).toContain(option);
  });

  it.each([
    [[], '--api <apiBaseUrl> is required'],
    [['--api', 'localhost:4400/access'], '--api localhost:4400/access is not an http(s) URL'],
    [['--api', 'http://localhost:4400/access', '--origin', 'https://www.bank.example/page'], '--origin https://www.bank.example/page is not an origin'],
    [['--api', 'http://localhost:4400/access', '--bogus'], "Unknown option '--bogus'"],
  ])('verify refuses %j', (args, message) => {
    const command = parseVerifyArgs(args);
    expect(command.kind === 'error' && command.message).toContain(message);
  });

  it('proxy takes the target, the security API, a port and a host', () => {
    expect(parseProxyArgs(['--to', 'http://localhost:4400/access'])).toEqual({ kind: 'run', to: 'http://localhost:4400/access', port: 4410, host: '127.0.0.1' });
    expect(parseProxyArgs(['--to', 'https://test.bank.example/access', '--security-api', 'https://sec.bank.example', '--port', '0', '--host', '0.0.0.0'])).toEqual({
      kind: 'run',
      to: 'https://test.bank.example/access',
      securityApi: 'https://sec.bank.example',
      port: 0,
      host: '0.0.0.0',
    });
    expect(parseProxyArgs(['--to', 'http://localhost:4400/access', '--port', '70000'])).toEqual({ kind: 'error', message: '--port 70000 is not a port number' });
    expect(parseProxyArgs([]).kind).toBe('error');
    expect(PROXY_HELP).toContain('/__proxy/report');
  });
});
