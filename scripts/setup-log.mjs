// Pure helpers of scripts/setup.mjs: a long build is one progress line, its full output a log file.

/** The last `count` non-empty lines of a build log, to show why a build failed. */
export function logTail(text, count = 25) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.slice(-count).join('\n');
}

/** "12 s", "1 min 5 s": how long a step took. */
export function formatSeconds(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The words after the progress line's "..." once the step is over. */
export function outcomeText({ ok, ms, logFile }) {
  return ok ? `done (${formatSeconds(ms)})` : `failed after ${formatSeconds(ms)}; the full log is ${logFile}`;
}
