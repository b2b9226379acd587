import { describe, expect, it } from 'vitest';
import { isAddressInUse, parseLaunchOptions } from '../../src/main/electron/launch-options.js';

describe('desktop launch options', () => {
  it('reads --port and --data-dir in both spellings and ignores Chromium switches and file paths', () => {
    expect(
      parseLaunchOptions(['--port', '8080', '--enable-logging', '/home/me/clip.mp4', '--data-dir=/tmp/d']),
    ).toEqual({ port: 8080, dataDir: '/tmp/d' });
    expect(parseLaunchOptions([])).toEqual({});
  });

  it('refuses a port that is not a port, and a flag without its value', () => {
    expect(() => parseLaunchOptions(['--port', 'http'])).toThrow(/0 to 65535/);
    expect(() => parseLaunchOptions(['--data-dir'])).toThrow(/needs a value/);
  });

  it('recognises a busy port through error causes', () => {
    expect(
      isAddressInUse(Object.assign(new Error('listen EADDRINUSE: address already in use'), { code: 'EADDRINUSE' })),
    ).toBe(true);
    expect(isAddressInUse(new Error('wrapped', { cause: { code: 'EADDRINUSE' } }))).toBe(true);
    expect(isAddressInUse(new Error('EACCES'))).toBe(false);
  });
});
