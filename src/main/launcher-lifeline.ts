// `npm start` (scripts/start.mjs) gives the service a stdin pipe it never writes to. The pipe closes
// when the launcher exits for any reason, kill -9 included, and that end-of-file tells the service
// to stop: a launcher killed alone never leaves the service running, holding the port and the lock.

/** Set by the launcher: stdin is its lifeline, not a terminal. */
export const LAUNCHER_LIFELINE_ENV = 'DUBDESK_STOP_ON_STDIN_EOF';

/**
 * Calls `onGone` once when the launcher's stdin pipe closes, if this process was started with the
 * lifeline; otherwise does nothing. Returns a function that stops watching (and lets the process exit).
 */
export function watchLauncher(
  onGone: () => void,
  env: NodeJS.ProcessEnv = process.env,
  stdin: NodeJS.ReadStream = process.stdin,
): () => void {
  if (env[LAUNCHER_LIFELINE_ENV] !== '1') return () => {};
  // Our own children (ffmpeg, ...) get their own stdin; the setting is not theirs.
  delete env[LAUNCHER_LIFELINE_ENV];
  let watching = true;
  const gone = (): void => {
    if (!watching) return;
    watching = false;
    onGone();
  };
  stdin.on('end', gone);
  stdin.on('close', gone);
  // An error on the pipe (e.g. EPIPE/ECONNRESET) means the launcher's end is gone too.
  stdin.on('error', gone);
  // Read and drop: the launcher never writes, so only the end-of-file ever arrives.
  stdin.resume();
  return () => {
    watching = false;
    stdin.pause();
    stdin.destroy();
  };
}
