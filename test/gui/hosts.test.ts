/** The names `tama gui` answers to: loopback names, the `--host` given, its own port only. */
import { describe, expect, it } from 'vitest';
import {
  acceptedHostsText,
  answeringUrls,
  checkHost,
  reachableFromOtherMachines,
  urlHostOf,
  type HostRule,
} from '../../src/gui/hosts.js';

const loopback: HostRule = { listenHost: '127.0.0.1', port: 8080 };
const named: HostRule = { listenHost: 'Tama.LAN', port: 8080 };
const everywhere: HostRule = {
  listenHost: '0.0.0.0',
  port: 8080,
  interfaceAddresses: () => ['127.0.0.1', '192.168.1.5', 'fe80::1:2', '::1'],
};

describe('checkHost', () => {
  it.each([
    ['localhost:8080', loopback],
    ['LOCALHOST:8080', loopback],
    ['127.0.0.1:8080', loopback],
    ['127.1.2.3:8080', loopback],
    ['[::1]:8080', loopback],
    ['[0:0:0:0:0:0:0:1]:8080', loopback],
    ['tama.lan:8080', named],
    ['localhost:8080', named],
    ['192.168.1.5:8080', everywhere],
    ['[fe80::1:2]:8080', everywhere],
    ['127.0.0.1:8080', everywhere],
  ])('accepts %s', (header, rule) => {
    const checked = checkHost(header, rule);
    expect(checked).toEqual({ ok: true, value: header.toLowerCase() });
  });

  it.each([
    ['a foreign name', 'attacker.example:8080', loopback, 'foreign-host'],
    ['a name that ends like localhost', 'evil.localhost.example:8080', loopback, 'foreign-host'],
    ['a subdomain of localhost', 'a.localhost:8080', loopback, 'foreign-host'],
    ['another port', '127.0.0.1:8081', loopback, 'foreign-host'],
    ['no port (80)', 'localhost', loopback, 'foreign-host'],
    ['a LAN address not listened on', '192.168.1.5:8080', loopback, 'foreign-host'],
    ['the all-interfaces address', '0.0.0.0:8080', everywhere, 'foreign-host'],
    ['a name when listening everywhere', 'tama.lan:8080', everywhere, 'foreign-host'],
    ['another name than --host', 'other.lan:8080', named, 'foreign-host'],
    ['a non-loopback 127 look-alike', '127.0.0.1.attacker.example:8080', loopback, 'foreign-host'],
    ['user info', 'attacker.example@127.0.0.1:8080', loopback, 'bad-host'],
    ['a path', '127.0.0.1:8080/x', loopback, 'bad-host'],
    ['a bad IPv6 literal', '[::g]:8080', loopback, 'bad-host'],
    ['two ports', '127.0.0.1:80:8080', loopback, 'bad-host'],
    ['no header', undefined, loopback, 'no-host'],
    ['an empty header', '', loopback, 'no-host'],
  ])('refuses %s', (_, header, rule, code) => {
    const checked = checkHost(header, rule);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.code).toBe(code);
    expect(checked.error.message).toMatch(/^refused: /);
    expect(checked.error.message).toContain(`accepted: ${acceptedHostsText(rule)}`);
  });

  it('takes a Host without a port as port 80', () => {
    expect(checkHost('localhost', { listenHost: '127.0.0.1', port: 80 }).ok).toBe(true);
  });

  it('reads the interface addresses at each request', () => {
    const addresses = ['10.0.0.1'];
    const rule: HostRule = { ...everywhere, interfaceAddresses: () => addresses };
    expect(checkHost('10.0.0.2:8080', rule).ok).toBe(false);
    addresses.push('10.0.0.2');
    expect(checkHost('10.0.0.2:8080', rule).ok).toBe(true);
  });

  it('names what it accepts in one line', () => {
    expect(acceptedHostsText(loopback)).toBe('localhost, 127.0.0.1 (any 127.x.x.x), [::1] on port 8080'); // prettier-ignore
    expect(acceptedHostsText(named)).toBe('localhost, 127.0.0.1 (any 127.x.x.x), [::1], tama.lan on port 8080'); // prettier-ignore
    expect(acceptedHostsText(everywhere)).toBe("localhost, 127.0.0.1 (any 127.x.x.x), [::1], this machine's interface addresses on port 8080"); // prettier-ignore
    const refused = checkHost('attacker.example:8080', loopback);
    expect(!refused.ok && refused.error.message).toBe(
      'refused: this server does not answer to Host "attacker.example:8080"; accepted: localhost, 127.0.0.1 (any 127.x.x.x), [::1] on port 8080',
    );
  });
});

describe('urlHostOf', () => {
  it('gives the --host as written, or loopback when listening everywhere', () => {
    expect(urlHostOf('127.0.0.1')).toBe('127.0.0.1');
    expect(urlHostOf('Tama.LAN')).toBe('tama.lan');
    expect(urlHostOf('::1')).toBe('[::1]');
    expect(urlHostOf('0.0.0.0')).toBe('127.0.0.1');
    expect(urlHostOf('::')).toBe('[::1]');
  });
});

describe('who can reach the server', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.4.5.6', false],
    ['localhost', false],
    ['::1', false],
    ['0.0.0.0', true],
    ['::', true],
    ['192.168.1.5', true],
    ['tama.lan', true],
  ])('listening on %s reaches other machines: %s', (host, reaches) => {
    expect(reachableFromOtherMachines(host)).toBe(reaches);
  });

  const addresses = () => ['192.168.1.5', '127.0.0.1', 'fe80::1:2', '::1', '2001:db8::7'];
  it.each([
    ['0.0.0.0', ['http://127.0.0.1:8080/', 'http://192.168.1.5:8080/']],
    [
      '::',
      [
        'http://127.0.0.1:8080/',
        'http://[::1]:8080/',
        'http://192.168.1.5:8080/',
        'http://[2001:db8::7]:8080/',
      ],
    ],
    ['192.168.1.5', ['http://192.168.1.5:8080/']],
    ['Tama.LAN', ['http://tama.lan:8080/']],
  ])('listening on %s answers at %j', (host, urls) => {
    expect(answeringUrls(host, 8080, addresses)).toEqual(urls);
  });
});
