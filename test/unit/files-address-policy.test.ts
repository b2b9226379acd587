import { describe, expect, it } from 'vitest';
import { describeRefusal, literalAddress, refusedRange } from '../../src/main/files/address-policy.js';
import { configFromFlags, parseFlags, SERVICE_FLAGS } from '../../src/cli/options.js';
import { resolveConfig } from '../../src/main/config.js';

const STRICT = { refusePrivate: true };

describe('refusedRange', () => {
  it('refuses IPv4 link-local and unspecified addresses under any policy', () => {
    for (const address of ['169.254.169.254', '169.254.0.1', '169.254.255.255'])
      expect(refusedRange(address)).toBe('link-local');
    for (const address of ['0.0.0.0', '0.1.2.3']) expect(refusedRange(address)).toBe('unspecified');
  });

  it('refuses IPv6 link-local (fe80::/10) and the unspecified ::, brackets or not', () => {
    for (const address of ['fe80::1', 'fe80::a:b:c:d', 'febf::1', '[fe80::1]'])
      expect(refusedRange(address)).toBe('link-local');
    expect(refusedRange('::')).toBe('unspecified');
    expect(refusedRange('[::]')).toBe('unspecified');
    expect(refusedRange('fec0::1')).toBeNull();
  });

  it('sees through IPv4-mapped IPv6 addresses', () => {
    expect(refusedRange('::ffff:169.254.1.1')).toBe('link-local');
    expect(refusedRange('::ffff:a9fe:101')).toBe('link-local');
    expect(refusedRange('::ffff:0.0.0.0')).toBe('unspecified');
    expect(refusedRange('::ffff:10.1.2.3', STRICT)).toBe('private');
    expect(refusedRange('::ffff:127.0.0.1', STRICT)).toBeNull();
  });

  it('allows loopback and private ranges by default', () => {
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '::1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      'fd00::1',
      'fc00::1',
    ]) {
      expect(refusedRange(address)).toBeNull();
    }
  });

  it('refuses the private ranges, but never loopback, when the setting is on', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.255',
      'fd12:3456::1',
      'fc00::1',
    ]) {
      expect(refusedRange(address, STRICT)).toBe('private');
    }
    for (const address of ['127.0.0.1', '::1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '8.8.8.8', '2001:db8::1'])
      expect(refusedRange(address, STRICT)).toBeNull();
    expect(refusedRange('169.254.1.1', STRICT)).toBe('link-local');
  });

  it('judges only IP literals: a host name is checked after it resolves', () => {
    expect(refusedRange('metadata.google.internal')).toBeNull();
    expect(literalAddress('metadata.google.internal')).toBeNull();
    expect(literalAddress('[fe80::1]')).toBe('fe80::1');
    expect(literalAddress('169.254.169.254')).toBe('169.254.169.254');
  });

  it('says what was refused and why', () => {
    expect(describeRefusal('169.254.169.254', 'link-local')).toBe(
      '169.254.169.254 is a link-local address, which DubDesk does not connect to',
    );
    expect(describeRefusal('10.0.0.5', 'private', 'nas.lan')).toBe(
      'nas.lan resolves to 10.0.0.5, a private address, which DubDesk does not connect to while the refusePrivateAddresses setting is on',
    );
  });
});

describe('the refusePrivateAddresses setting', () => {
  it('is off by default and turned on by DUBDESK_REFUSE_PRIVATE_ADDRESSES=1 or --refuse-private-addresses', () => {
    expect(resolveConfig({}, {}).refusePrivateAddresses).toBe(false);
    expect(resolveConfig({}, { DUBDESK_REFUSE_PRIVATE_ADDRESSES: '1' }).refusePrivateAddresses).toBe(true);
    expect(resolveConfig({}, { DUBDESK_REFUSE_PRIVATE_ADDRESSES: '0' }).refusePrivateAddresses).toBe(false);
    const { values } = parseFlags(['--refuse-private-addresses'], SERVICE_FLAGS);
    expect(configFromFlags(values).refusePrivateAddresses).toBe(true);
  });
});
