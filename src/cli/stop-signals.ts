import { watchLauncher } from '../main/launcher-lifeline.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface StopRequest {
  /** Resolves at the first SIGINT/SIGTERM/SIGHUP (or when the `npm start` launcher is gone). */
  requested: Promise<void>;
  /** Stops listening: the start failed, nothing runs. */
  dispose(): void;
  /** The drain is over: the launcher is no longer watched, and signals stay answered until the process exits. */
  drained(): void;
}

/**
 * Waits for a stop from outside. A second signal while draining is answered, not obeyed: a terminal and a supervisor
 * may both signal, and dying half-way would only leave work to redo.
 */
export function listenForStop(out: NodeJS.WritableStream, drainMessage: string): StopRequest {
  let stopping = false;
  let stopped!: () => void;
  const requested = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const stop = (reason: string): void => {
    if (stopping) {
      out.write(`${reason}: already stopping, please wait...\n`);
      return;
    }
    stopping = true;
    // The terminal may be gone with the launcher: a failed write must not abort the drain.
    out.on('error', () => {});
    out.write(`${reason}: ${drainMessage}\n`);
    stopped();
  };
  // From before the start (a signal during it stops once running) until the process exits (a signal after the drain
  // must not kill it in its last moments).
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  const stopWatchingLauncher = watchLauncher(() => stop('The launcher exited'));
  return {
    // One turn of the event loop after the signal, so signals that arrived together are all answered before the
    // drain starts (starting it inside the first one's callback was seen to swallow the second).
    requested: requested.then(() => new Promise((resolve) => setImmediate(resolve))),
    dispose() {
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
      stopWatchingLauncher();
    },
    drained: stopWatchingLauncher,
  };
}
