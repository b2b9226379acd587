// Runs the update policy: checks on schedule, follows the updater's events and the service's jobs, restarts on request.
import type { UpdateState } from '../../../shared/ipc.js';
import type { UpdaterPort } from './updater-adapter.js';
import { isCheckDue, mayRestart, nextState, SCHEDULE_TICK_MS, withActiveJobs } from './update-policy.js';

export interface UpdateControllerOptions {
  updater: UpdaterPort;
  /** The "Check for updates automatically" setting, read before each scheduled check. */
  isEnabled(): boolean;
  /** Unfinished jobs in the in-process service (queued or running). */
  countActiveJobs(): Promise<number>;
  /** Called on every job change; returns a function that stops listening. */
  onJobsChange(listener: () => void): () => void;
  /** Closes the service (running jobs are checkpointed and resume at the next start) before the install. */
  closeService(): Promise<void>;
  log(message: string): void;
  now?: () => number;
}

export interface UpdateController {
  state(): UpdateState;
  subscribe(listener: (state: UpdateState) => void): () => void;
  /** Starts the schedule: a check now when the setting allows it, then a look every hour. */
  start(): void;
  /** A check asked for by the user: runs whatever the setting says, unless one is under way or an update is ready. */
  checkNow(): Promise<UpdateState>;
  /** False, and nothing happens, unless an update is ready and no job runs. */
  restart(): Promise<boolean>;
  stop(): void;
}

export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const now = options.now ?? Date.now;
  const listeners = new Set<(state: UpdateState) => void>();
  let state: UpdateState = { status: 'idle' };
  let activeJobs = 0;
  let lastCheckAt: number | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let recounting: Promise<void> | undefined;

  const set = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(state);
  };
  // One count at a time: job events arrive with every progress step.
  const recount = () =>
    (recounting ??= options
      .countActiveJobs()
      .then((count) => {
        activeJobs = count;
        set(withActiveJobs(state, count));
      })
      .catch((error: unknown) => options.log(`Could not count the running jobs: ${String(error)}`))
      .finally(() => (recounting = undefined)));

  const stopEvents = options.updater.onEvent((event) => {
    set(nextState(state, event, activeJobs));
    if (event.type === 'downloaded') void recount();
  });
  const stopJobs = options.onJobsChange(() => {
    if (state.status === 'ready') void recount();
  });

  const check = async () => {
    lastCheckAt = now();
    await options.updater.check();
    return state;
  };
  const tick = () => {
    if (isCheckDue({ enabled: options.isEnabled(), lastCheckAt, now: now(), state })) void check();
  };

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      tick();
      timer ??= setInterval(tick, SCHEDULE_TICK_MS);
      timer.unref?.();
    },
    async checkNow() {
      if (state.status === 'checking' || state.status === 'downloading' || state.status === 'ready') return state;
      return check();
    },
    async restart() {
      await recount();
      if (!mayRestart(state)) return false;
      await options.closeService();
      options.updater.quitAndInstall();
      return true;
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      stopEvents();
      stopJobs();
      listeners.clear();
    },
  };
}
