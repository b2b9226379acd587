// The delivery loop's pause between passes: it ends after the poll interval, or at once when woken.

export interface PollSleep {
  /** Waits `ms`, or not at all when woken since the last wait or when `skip()` says so. */
  sleep(ms: number): Promise<void>;
  /** Ends the current wait, or the next one before it starts. */
  wake(): void;
  /** Ends the current wait without marking the next one. */
  interrupt(): void;
}

/** A pause that `skip()` (the loop stopping) cuts to nothing. */
export function createPollSleep(skip: () => boolean): PollSleep {
  let wakeUp: (() => void) | null = null;
  let woken = false;

  function sleep(ms: number): Promise<void> {
    if (woken || skip()) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      };
      // The server or CLI owns the process's lifetime, not this poller.
      const timer = setTimeout(done, ms);
      timer.unref();
      wakeUp = done;
    });
  }

  return {
    sleep,
    wake() {
      woken = true;
      wakeUp?.();
    },
    interrupt: () => wakeUp?.(),
  };
}
