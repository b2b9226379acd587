import { describe, expect, it } from 'vitest';
import { formatSeconds, logTail, outcomeText } from '../../scripts/setup-log.mjs';

describe('the setup build log helpers', () => {
  it('keep the last non-empty lines of a build log, to show why a build failed', () => {
    const log = ['warning: a', '', 'warning: b', 'make: *** Error 2', '', 'gyp ERR! not ok', ''].join('\n');
    expect(logTail(log, 2)).toBe('make: *** Error 2\ngyp ERR! not ok');
    expect(logTail('one\r\ntwo\r\n', 25)).toBe('one\ntwo');
  });

  it('finish the progress line with the time taken, or where the full log is', () => {
    expect(formatSeconds(42_400)).toBe('42 s');
    expect(formatSeconds(163_000)).toBe('2 min 43 s');
    expect(outcomeText({ ok: true, ms: 58_000, logFile: '/x/build.log' })).toBe('done (58 s)');
    expect(outcomeText({ ok: false, ms: 1_000, logFile: '/x/build.log' })).toBe(
      'failed after 1 s; the full log is /x/build.log',
    );
  });
});
