// The base of the URLs a request is answered with: the Host header's address on an all-interfaces bind, only when the
// header is of the host[:port] form; the service's own otherwise. And which extra loopback Host headers reach us.
import { describe, expect, it } from 'vitest';
import { isLoopbackAlias } from '../../src/main/api/bind-addresses.js';
import { hostHeaderBaseUrl, isHostHeaderForm } from '../../src/main/api/request-base-url.js';

describe('hostHeaderBaseUrl', () => {
  it('names the address a request came to when the service listens on every interface', () => {
    expect(hostHeaderBaseUrl('192.168.1.20:7860', '0.0.0.0')).toBe('http://192.168.1.20:7860');
    expect(hostHeaderBaseUrl('Studio.local:7860', '::')).toBe('http://studio.local:7860');
    expect(hostHeaderBaseUrl('[fd00::5]:7860', '::')).toBe('http://[fd00::5]:7860');
    expect(hostHeaderBaseUrl('127.0.0.2', '0.0.0.0')).toBe('http://127.0.0.2');
  });

  it("leaves a specific bind to the service's own address", () => {
    expect(hostHeaderBaseUrl('localhost:7860', '127.0.0.1')).toBeUndefined();
    expect(hostHeaderBaseUrl('192.168.1.20:7860', '192.168.1.20')).toBeUndefined();
  });

  it('takes nothing from a header with a path, user info, query, fragment, spaces or no host', () => {
    for (const bogus of [
      '127.0.0.2:7860/evil',
      'user@127.0.0.2:7860',
      'user:pw@127.0.0.2',
      '127.0.0.2:7860?x=1',
      '127.0.0.2:7860#x',
      'a b:7860',
      '127.0.0.2:7860\\evil',
      '127.0.0.2:78600',
      ':7860',
      '',
      'http://127.0.0.2',
      '[fd00::5',
      `${'a'.repeat(300)}.example`,
    ]) {
      expect(isHostHeaderForm(bogus), bogus).toBe(false);
      expect(hostHeaderBaseUrl(bogus, '0.0.0.0'), bogus).toBeUndefined();
    }
    expect(hostHeaderBaseUrl(undefined, '0.0.0.0')).toBeUndefined();
  });
});

describe('isLoopbackAlias', () => {
  it('lets every 127/8 address at the service port in on an all-interfaces bind only', () => {
    expect(isLoopbackAlias('0.0.0.0', '127.0.0.2:7860', 7860)).toBe(true);
    expect(isLoopbackAlias('::', '127.45.1.9:7860', 7860)).toBe(true);
    expect(isLoopbackAlias('127.0.0.1', '127.0.0.2:7860', 7860)).toBe(false);
    expect(isLoopbackAlias('0.0.0.0', '127.0.0.2:7861', 7860)).toBe(false);
    expect(isLoopbackAlias('0.0.0.0', '127.0.0.300:7860', 7860)).toBe(false);
    expect(isLoopbackAlias('0.0.0.0', '128.0.0.2:7860', 7860)).toBe(false);
    expect(isLoopbackAlias('0.0.0.0', '127.0.0.2', 7860)).toBe(false);
  });
});
