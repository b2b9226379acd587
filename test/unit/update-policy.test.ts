// The update policy: a check at start and once a day, none while the setting is off, and "Restart to update" only
// for a downloaded update while no job is unfinished.
import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../../src/shared/ipc.js';
import {
  CHECK_INTERVAL_MS,
  describeUpdateError,
  isCheckDue,
  mayRestart,
  nextState,
  withActiveJobs,
} from '../../src/main/electron/updates/update-policy.js';

const IDLE: UpdateState = { status: 'idle' };
const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 6, 9);

describe('when to check', () => {
  it('checks at start, then not again until a day has passed since the last check', () => {
    expect(isCheckDue({ enabled: true, lastCheckAt: undefined, now: NOW, state: IDLE })).toBe(true);
    expect(isCheckDue({ enabled: true, lastCheckAt: NOW, now: NOW + 23 * HOUR, state: IDLE })).toBe(false);
    expect(isCheckDue({ enabled: true, lastCheckAt: NOW, now: NOW + CHECK_INTERVAL_MS, state: IDLE })).toBe(true);
    // A failed check waits its day as well: no hammering of GitHub from an offline machine.
    const failed: UpdateState = { status: 'error', message: 'offline', rejected: false };
    expect(isCheckDue({ enabled: true, lastCheckAt: NOW, now: NOW + HOUR, state: failed })).toBe(false);
  });

  it('never checks while the setting is off, at start or a day later', () => {
    expect(isCheckDue({ enabled: false, lastCheckAt: undefined, now: NOW, state: IDLE })).toBe(false);
    expect(isCheckDue({ enabled: false, lastCheckAt: NOW, now: NOW + 2 * CHECK_INTERVAL_MS, state: IDLE })).toBe(false);
  });

  it('does not check again while a check or download is under way or an update is ready', () => {
    const later = { enabled: true, lastCheckAt: NOW, now: NOW + 2 * CHECK_INTERVAL_MS };
    expect(isCheckDue({ ...later, state: { status: 'checking' } })).toBe(false);
    expect(isCheckDue({ ...later, state: { status: 'downloading', percent: 40 } })).toBe(false);
    expect(isCheckDue({ ...later, state: { status: 'ready', version: '0.2.0', jobsRunning: false } })).toBe(false);
  });
});

describe('what is offered', () => {
  it('goes checking, downloading with a whole percent, then ready with the version', () => {
    let state = nextState(IDLE, { type: 'checking' }, 0);
    expect(state).toEqual({ status: 'checking' });
    state = nextState(state, { type: 'available', version: '0.2.0' }, 0);
    expect(state).toEqual({ status: 'downloading', percent: 0 });
    expect(nextState(state, { type: 'progress', percent: 41.7 }, 0)).toEqual({ status: 'downloading', percent: 41 });
    expect(nextState(state, { type: 'downloaded', version: '0.2.0' }, 0)).toEqual({
      status: 'ready',
      version: '0.2.0',
      jobsRunning: false,
    });
    expect(nextState({ status: 'checking' }, { type: 'not-available' }, 0)).toEqual(IDLE);
  });

  it('offers the restart only when no job runs; the moment one runs the offer waits, and comes back after', () => {
    const ready = nextState({ status: 'downloading', percent: 99 }, { type: 'downloaded', version: '0.2.0' }, 2);
    expect(ready).toEqual({ status: 'ready', version: '0.2.0', jobsRunning: true });
    expect(mayRestart(ready)).toBe(false);
    const free = withActiveJobs(ready, 0);
    expect(mayRestart(free)).toBe(true);
    expect(mayRestart(withActiveJobs(free, 1))).toBe(false);
    expect(mayRestart({ status: 'downloading', percent: 100 })).toBe(false);
    expect(mayRestart(IDLE)).toBe(false);
  });

  it('keeps a ready update through a later failed or empty check', () => {
    const ready: UpdateState = { status: 'ready', version: '0.2.0', jobsRunning: false };
    expect(nextState(ready, { type: 'error', message: 'offline', rejected: false }, 0)).toBe(ready);
    expect(nextState(ready, { type: 'checking' }, 0)).toBe(ready);
    expect(nextState(ready, { type: 'not-available' }, 0)).toBe(ready);
  });

  it('says plainly when a download failed its verification, and names any other failure', () => {
    const mismatch = Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), {
      code: 'ERR_CHECKSUM_MISMATCH',
    });
    expect(describeUpdateError(mismatch)).toEqual({
      message:
        'The downloaded update did not match the sha512 checksum in its release metadata: it was deleted, not installed.',
      rejected: true,
    });
    const unsigned = Object.assign(new Error('New version 0.2.0 is not signed by the application owner: x'), {
      code: 'ERR_UPDATER_INVALID_SIGNATURE',
    });
    expect(describeUpdateError(unsigned)).toMatchObject({
      message: expect.stringMatching(/not signed by DubDesk's publisher: it was deleted, not installed/),
      rejected: true,
    });
    expect(describeUpdateError(new Error('net::ERR_INTERNET_DISCONNECTED\n    at stack'))).toEqual({
      message: 'Could not check for or download an update: net::ERR_INTERNET_DISCONNECTED',
      rejected: false,
    });
  });
});
