// Human caches its loaded models in module state: every detector in a process shares them, so one disposed while
// another is in use breaks it. Engine sets (one per core) and tests lease the one detector of the process instead;
// the last release disposes it, and the next lease loads a fresh one.
import { createFaceDetector } from './human-detector.js';
import type { FaceDetector } from './types.js';

export interface FaceDetectorLease {
  /** The process's detector, loaded on the first call of any lease. */
  detector(): Promise<FaceDetector>;
  /** Ends this lease; the last one out disposes the detector. Calling it again does nothing. */
  release(): Promise<void>;
}

let holders = 0;
let current: Promise<FaceDetector> | undefined;
// A new detector loads only once the old one is disposed: both would share (and one free) Human's models.
let disposed: Promise<void> = Promise.resolve();

function load(): Promise<FaceDetector> {
  const loading = disposed.then(() => createFaceDetector());
  loading.catch(() => {
    // A failed load is not kept: the next call retries.
    if (current === loading) current = undefined;
  });
  return loading;
}

export function leaseFaceDetector(): FaceDetectorLease {
  holders++;
  let released = false;
  return {
    detector() {
      if (released) return Promise.reject(new Error('This face detector lease was released.'));
      current ??= load();
      return current;
    },
    async release() {
      if (released) return;
      released = true;
      holders--;
      if (holders > 0 || !current) return;
      const last = current;
      current = undefined;
      // A detector that failed to load, or to free its weights, must not block the next one.
      disposed = last.then((detector) => detector.dispose()).catch(() => undefined);
      await disposed;
    },
  };
}
