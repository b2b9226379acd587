import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostsFor, listeningAddresses } from '../../src/main/api/bind-addresses.js';

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({
  address,
  family,
  internal,
  netmask: '',
  mac: '',
  cidr: null,
  ...(family === 'IPv6' ? { scopeid: 0 } : {}),
});
const INTERFACES = {
  eth0: [entry('192.168.1.20', 'IPv4'), entry('fd00::20', 'IPv6'), entry('fe80::1', 'IPv6')],
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
} as ReturnType<typeof os.networkInterfaces>;

describe('bound to all interfaces', () => {
  it("0.0.0.0 lists loopback first, then the machine's IPv4 addresses", () => {
    expect(listeningAddresses('0.0.0.0', INTERFACES)).toEqual(['127.0.0.1', '192.168.1.20']);
  });

  it(':: lists IPv6 too, without link-local addresses (a URL cannot carry their zone id)', () => {
    expect(listeningAddresses('::', INTERFACES)).toEqual(['127.0.0.1', '::1', '192.168.1.20', 'fd00::20']);
  });

  it('accepts the listening addresses, the loopback names and the machine name as Host, nothing else', () => {
    expect([...hostsFor('0.0.0.0', 7860, INTERFACES, 'Studio-PC')].sort()).toEqual([
      '127.0.0.1:7860',
      '192.168.1.20:7860',
      '[::1]:7860',
      'localhost:7860',
      'studio-pc:7860',
    ]);
    expect(hostsFor('::', 7860, INTERFACES, 'studio-pc').has('[fd00::20]:7860')).toBe(true);
  });
});

describe('bound to one address', () => {
  it('accepts only that address, in brackets for IPv6', () => {
    expect([...hostsFor('192.168.1.20', 7860, INTERFACES, 'studio-pc')]).toEqual(['192.168.1.20:7860']);
    expect([...hostsFor('fd00::20', 7860, INTERFACES, 'studio-pc')]).toEqual(['[fd00::20]:7860']);
  });
});
