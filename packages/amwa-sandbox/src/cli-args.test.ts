// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HELP, parseCommandLine, USAGE } from './cli-args';

describe('amwa-sandbox command line', () => {
  it.each([['--help'], ['-h'], ['--port', '4401', '--help']])('%s asks for the help, which lists every option', (...args) => {
    expect(parseCommandLine(args)).toEqual({ kind: 'help' });
    for (const option of ['--port', '--host', '--cors-origin', '--allowed-host', '--public-url', '--trusted-proxy', '-h, --help']) expect(HELP).toContain(option);
    expect(HELP).toContain(USAGE);
    expect(HELP).toContain('X-Forwarded-Host');
  });

  it('starts with the defaults, and with every option given', () => {
    expect(parseCommandLine([])).toEqual({ kind: 'start', options: { port: 4400, host: '127.0.0.1', corsOrigins: [], allowedHosts: [], trustedProxies: [] } });
    const args = ['--port', '0', '--host', '0.0.0.0', '--cors-origin', 'http://192.168.1.20:5173', '--allowed-host', 'dev.bank.example', '--allowed-host', '.team.example', '--public-url', 'http://localhost:3000', '--trusted-proxy', '10.0.0.2'];
    expect(parseCommandLine(args)).toEqual({
      kind: 'start',
      options: { port: 0, host: '0.0.0.0', corsOrigins: ['http://192.168.1.20:5173'], allowedHosts: ['dev.bank.example', '.team.example'], publicUrl: 'http://localhost:3000', trustedProxies: ['10.0.0.2'] },
    });
  });

  it('takes --trusted-proxy once per proxy, IPv4 and IPv6 addresses', () => {
    const command = parseCommandLine(['--trusted-proxy', '10.0.0.2', '--trusted-proxy', 'fd00::2', '--trusted-proxy', '[::ffff:192.168.1.9]']);
    expect(command.kind === 'start' && command.options.trustedProxies).toEqual(['10.0.0.2', 'fd00::2', '[::ffff:192.168.1.9]']);
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--port', '70000'], '--port 70000 is not a port number'],
    [['--cors-origin', 'https://host.example/app'], '--cors-origin https://host.example/app is not an origin'],
    [['--allowed-host', 'http://dev.example'], '--allowed-host "http://dev.example" is not a host name'],
    [['--public-url', 'http://localhost:3000/api'], '--public-url "http://localhost:3000/api" is not an origin'],
    [['--trusted-proxy', 'proxy.example'], '--trusted-proxy "proxy.example" is not an IP address'],
    [['--trusted-proxy', '10.0.0.0/8'], '--trusted-proxy "10.0.0.0/8" is not an IP address'],
    [['--trusted-proxy', '10.0.0.256'], '--trusted-proxy "10.0.0.256" is not an IP address'],
    [['--trusted-proxy'], "Option '--trusted-proxy <value>' argument missing"],
  ])('refuses %j: %s', (args, message) => {
    const command = parseCommandLine(args);
    expect(command.kind).toBe('error');
    expect(command.kind === 'error' && command.message).toContain(message);
  });
});
