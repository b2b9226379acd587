// Ties an external binary's life to the service: when the service dies, even by SIGKILL, its
// children must not keep encoding, holding files open or burning CPU.
//
// Linux: util-linux `setpriv --pdeathsig KILL -- <binary>` sets PR_SET_PDEATHSIG and then execs the
// binary (same pid), so the kernel kills it as soon as the spawning thread exits. Spawned from Node's
// main thread, that is the moment the service process ends (from a worker thread we do not wrap).
// Elsewhere (macOS, Windows) or without setpriv there is no such kernel hook: a child notices its
// parent is gone only when it next writes to a pipe the service held (SIGPIPE/EPIPE), which an
// encode with progress on a pipe does within a second or two.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const SETPRIV_CANDIDATES = ['/usr/bin/setpriv', '/bin/setpriv'];

let setprivPath: string | null | undefined;

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** setpriv with --pdeathsig, looked up once; null where there is none (not Linux, or util-linux too old). */
export function findSetpriv(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  setprivPath = process.platform === 'linux' ? (SETPRIV_CANDIDATES.find(isExecutableFile) ?? null) : null;
  return setprivPath;
}

/** Where spawn would find `command` (PATH lookup as execvp does it), or undefined if it cannot start. */
function resolveExecutable(command: string, options: { cwd?: string; env?: NodeJS.ProcessEnv }): string | undefined {
  if (command.includes('/')) {
    const file = path.resolve(options.cwd ?? process.cwd(), command);
    return isExecutableFile(file) ? file : undefined;
  }
  const searchPath = (options.env ?? process.env).PATH ?? '';
  for (const dir of searchPath.split(path.delimiter)) {
    const file = path.resolve(options.cwd ?? process.cwd(), dir || '.', command);
    if (isExecutableFile(file)) return file;
  }
  return undefined;
}

/**
 * The command and arguments to spawn so the child is killed when this process dies. Same pid as the
 * binary itself (setpriv execs it), so signals, AbortSignal cancellation and exit codes are unchanged.
 * A binary that cannot be found is returned unwrapped, so spawn still reports it as "could not start".
 */
export function boundToParent(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { command: string; args: string[] } {
  // PDEATHSIG follows the spawning thread: from a worker thread it would fire when that worker ends.
  const setpriv = isMainThread ? findSetpriv() : null;
  const binary = setpriv ? resolveExecutable(command, options) : undefined;
  if (!setpriv || !binary) return { command, args: [...args] };
  return { command: setpriv, args: ['--pdeathsig', 'KILL', '--', binary, ...args] };
}
