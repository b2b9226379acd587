// The update controller over a scripted updater: the schedule it keeps, the job count it follows, and a restart that
// closes the service (checkpointing running jobs) before electron-updater installs, and never while a job runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdateController } from '../../src/main/electron/updates/update-controller.js';
import type { UpdaterEvent } from '../../src/main/electron/updates/update-policy.js';
import type { UpdaterPort } from '../../src/main/electron/updates/updater-adapter.js';

afterEach(() => vi.useRealTimers());

/** An updater that answers each check with the given events, and records what it was asked. */
function scriptedUpdater(answer: UpdaterEvent[]) {
  const calls: string[] = [];
  let listener: (event: UpdaterEvent) => void = () => {};
  const port: UpdaterPort = {
    async check() {
      calls.push('check');
      for (const event of answer) listener(event);
    },
    quitAndInstall: () => void calls.push('quitAndInstall'),
    onEvent(next) {
      listener = next;
      return () => {};
    },
  };
  return { port, calls };
}

function controllerOver(answer: UpdaterEvent[], options: { enabled?: () => boolean; jobs?: number } = {}) {
  const { port, calls } = scriptedUpdater(answer);
  const jobListeners = new Set<() => void>();
  let jobs = options.jobs ?? 0;
  const controller = createUpdateController({
    updater: port,
    isEnabled: options.enabled ?? (() => true),
    countActiveJobs: async () => jobs,
    onJobsChange: (listener) => (jobListeners.add(listener), () => jobListeners.delete(listener)),
    closeService: async () => void calls.push('closeService'),
    log: () => {},
  });
  const setJobs = async (count: number) => {
    jobs = count;
    jobListeners.forEach((listener) => listener());
    await vi.waitFor(() => expect(controller.state()).toMatchObject({ jobsRunning: count > 0 }));
  };
  return { controller, calls, setJobs };
}

const DOWNLOADED: UpdaterEvent[] = [
  { type: 'checking' },
  { type: 'available', version: '0.2.0' },
  { type: 'downloaded', version: '0.2.0' },
];

describe('the update controller', () => {
  it('checks at start and again after a day; none while the setting is off', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 6) });
    let enabled = false;
    const { controller, calls } = controllerOver([{ type: 'checking' }, { type: 'not-available' }], {
      enabled: () => enabled,
    });
    controller.start();
    await vi.advanceTimersByTimeAsync(25 * 60 * 60 * 1000);
    expect(calls).toEqual([]);
    enabled = true;
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(calls).toEqual(['check']);
    await vi.advanceTimersByTimeAsync(23 * 60 * 60 * 1000);
    expect(calls).toEqual(['check']);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(calls).toEqual(['check', 'check']);
    controller.stop();
  });

  it('holds the restart while a job runs, then closes the service before installing', async () => {
    const { controller, calls, setJobs } = controllerOver(DOWNLOADED, { jobs: 1 });
    await controller.checkNow();
    await vi.waitFor(() =>
      expect(controller.state()).toEqual({ status: 'ready', version: '0.2.0', jobsRunning: true }),
    );
    expect(await controller.restart()).toBe(false);
    expect(calls).toEqual(['check']);
    await setJobs(0);
    expect(controller.state()).toEqual({ status: 'ready', version: '0.2.0', jobsRunning: false });
    await setJobs(2);
    expect(await controller.restart()).toBe(false);
    await setJobs(0);
    expect(await controller.restart()).toBe(true);
    expect(calls).toEqual(['check', 'closeService', 'quitAndInstall']);
  });

  it('tells subscribers each state, and a check asked for by hand runs with the setting off', async () => {
    const { controller } = controllerOver(DOWNLOADED, { enabled: () => false });
    const seen: string[] = [];
    controller.subscribe((state) => seen.push(state.status));
    controller.start();
    expect(seen).toEqual([]);
    await controller.checkNow();
    expect(seen).toEqual(['checking', 'downloading', 'ready']);
  });
});
