// Pure: when the desktop app checks for updates, how the updater's events move its state, and when it may restart.
import type { UpdateState } from '../../../shared/ipc.js';

/** A check at start, then one a day. */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often the schedule is looked at: a setting turned back on, or a machine that slept, waits at most this. */
export const SCHEDULE_TICK_MS = 60 * 60 * 1000;

/** What electron-updater reports, as the policy reads it. */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'not-available' }
  | { type: 'available'; version: string }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; message: string; rejected: boolean };

export interface CheckSchedule {
  /** The "Check for updates automatically" setting. */
  enabled: boolean;
  /** When the last check started (ms), undefined before the first. */
  lastCheckAt: number | undefined;
  now: number;
  state: UpdateState;
}

/** Due at start and a day after the last check; never when the setting is off or while one is under way or ready. */
export function isCheckDue({ enabled, lastCheckAt, now, state }: CheckSchedule): boolean {
  if (!enabled) return false;
  if (state.status === 'checking' || state.status === 'downloading' || state.status === 'ready') return false;
  return lastCheckAt === undefined || now - lastCheckAt >= CHECK_INTERVAL_MS;
}

/** The state after an updater event; `activeJobs` is the count of unfinished jobs in the service. */
export function nextState(state: UpdateState, event: UpdaterEvent, activeJobs: number): UpdateState {
  switch (event.type) {
    case 'checking':
      // A later check never hides an update that is already downloaded.
      return state.status === 'ready' ? state : { status: 'checking' };
    case 'not-available':
      return state.status === 'ready' ? state : { status: 'idle' };
    case 'available':
      return { status: 'downloading', percent: 0 };
    case 'progress':
      return { status: 'downloading', percent: Math.max(0, Math.min(100, Math.floor(event.percent))) };
    case 'downloaded':
      return { status: 'ready', version: event.version, jobsRunning: activeJobs > 0 };
    case 'error':
      return state.status === 'ready' ? state : { status: 'error', message: event.message, rejected: event.rejected };
  }
}

/** The ready state as the job count changes: the offer waits while any job is unfinished. */
export function withActiveJobs(state: UpdateState, activeJobs: number): UpdateState {
  if (state.status !== 'ready' || state.jobsRunning === activeJobs > 0) return state;
  return { ...state, jobsRunning: activeJobs > 0 };
}

/** "Restart to update" is offered, and honoured, only for a downloaded update while no job runs. */
export function mayRestart(state: UpdateState): boolean {
  return state.status === 'ready' && !state.jobsRunning;
}

const VERIFICATION_FAILURES: Record<string, string> = {
  ERR_CHECKSUM_MISMATCH:
    'The downloaded update did not match the sha512 checksum in its release metadata: it was deleted, not installed.',
  ERR_UPDATER_INVALID_SIGNATURE:
    "The downloaded update is not signed by DubDesk's publisher: it was deleted, not installed.",
};

/** What the user reads of an updater error: a failed verification says so (rejected); anything else names the check. */
export function describeUpdateError(error: unknown): { message: string; rejected: boolean } {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && VERIFICATION_FAILURES[code])
    return { message: VERIFICATION_FAILURES[code], rejected: true };
  const message = error instanceof Error ? error.message : String(error);
  // electron-updater appends stacks and whole feeds to its messages; the first line says what went wrong.
  return { message: `Could not check for or download an update: ${message.split('\n')[0]}`, rejected: false };
}
