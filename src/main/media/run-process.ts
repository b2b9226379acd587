import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { boundToParent } from './child-lifetime.js';

/** Keeps enough stderr to explain a failure without holding a long encode's log in memory. */
export const STDERR_TAIL_CHARS = 4096;
const DEFAULT_KILL_GRACE_MS = 2000;

export interface RunProcessOptions {
  signal?: AbortSignal;
  /** Name used in error messages; defaults to the binary's base name. */
  toolName?: string;
  /** Collect stdout into a Buffer (binary-safe, e.g. PCM samples). */
  captureStdout?: boolean;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
  /** Called once the child is running, e.g. to log or to check it is gone later. */
  onSpawn?: (pid: number) => void;
  /** Time between SIGTERM and SIGKILL when aborting. */
  killGraceMs?: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface ProcessResult {
  code: number;
  stdout?: Buffer;
  stderrTail: string;
}

/** A child process that could not start, exited non-zero or died from a signal it was not sent by us. */
export class ProcessError extends Error {
  readonly tool: string;
  readonly exitCode: number | null;
  readonly exitSignal: NodeJS.Signals | null;
  readonly stderrTail: string;

  constructor(
    message: string,
    details: { tool: string; exitCode: number | null; exitSignal: NodeJS.Signals | null; stderrTail: string },
    options: { cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ProcessError';
    this.tool = details.tool;
    this.exitCode = details.exitCode;
    this.exitSignal = details.exitSignal;
    this.stderrTail = details.stderrTail;
  }
}

/** The error every cancelled child rejects with; toDubDeskError maps the name to `cancelled`. */
export function abortError(tool: string, reason?: unknown): Error {
  const error = new Error(`${tool} was cancelled.`, { cause: reason });
  error.name = 'AbortError';
  return error;
}

/** The first line of an ffmpeg/ffprobe stderr tail, without its "[demuxer @ 0x...]" prefix. */
export function firstErrorLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  return line.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim();
}

/** Splits a byte stream into lines on \n, \r\n or a lone \r (ffmpeg redraws its stats line with \r). */
export function createLineSplitter(onLine: (line: string) => void): { push(chunk: string): void; flush(): void } {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      const parts = pending.split(/\r\n|\n|\r/);
      pending = parts.pop() ?? '';
      for (const line of parts) onLine(line);
    },
    flush() {
      if (pending !== '') onLine(pending);
      pending = '';
    },
  };
}

export interface StartProcessOptions {
  /** Name used in error messages; defaults to the binary's base name. */
  toolName?: string;
  /** Give the caller the child's stdin; otherwise the child reads nothing. */
  stdin?: boolean;
  /** Leave stdout paused for the caller to read at its own pace; otherwise it is drained (or split into lines). */
  readStdout?: boolean;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
  /** Called once the child is running, e.g. to log or to check it is gone later. */
  onSpawn?: (pid: number) => void;
  /** Aborting kills the child (SIGTERM, then SIGKILL after killGraceMs) and marks its exit as aborted. */
  signal?: AbortSignal;
  /** Time between SIGTERM and SIGKILL; 0 kills at once (for children that only write what is thrown away). */
  killGraceMs?: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** A Node child talking over an IPC channel (child.send / 'message'), with structured-clone messages (typed arrays). */
  ipc?: boolean;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the binary could not start. */
  spawnError?: Error;
  /** True when the child was killed by kill() or the abort signal. */
  aborted: boolean;
  stderrTail: string;
}

export interface StartedProcess {
  readonly tool: string;
  readonly child: ChildProcess;
  /** Present with `stdin: true`. */
  readonly stdin: Writable | null;
  readonly stdout: Readable;
  /** Resolves (never rejects) once the child has exited and its pipes have closed. */
  readonly exited: Promise<ProcessExit>;
  running(): boolean;
  /** Stops the child: SIGTERM then SIGKILL after graceMs, or SIGKILL at once with 0. */
  kill(graceMs?: number): void;
  /** The error an exit means (could not start, non-zero code, foreign signal), or null for a clean exit. */
  failure(exit: ProcessExit): ProcessError | null;
}

/**
 * The one spawn of DubDesk: no shell, stderr tail kept for the error message, the child bound to this process's
 * life (see child-lifetime.ts), cancellable. runProcess uses it for run-to-completion calls; streaming callers
 * (raw frames in and out of ffmpeg) use it directly and must await `exited`, so no process outlives them.
 */
export function startProcess(
  command: string,
  args: readonly string[],
  options: StartProcessOptions = {},
): StartedProcess {
  const tool = options.toolName ?? path.basename(command);
  const { signal } = options;
  // Bound to this process: a service killed even by SIGKILL takes the child with it.
  const bound = boundToParent(command, args, { cwd: options.cwd, env: options.env });
  const child = spawn(bound.command, bound.args, {
    shell: false,
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe', ...(options.ipc ? ['ipc' as const] : [])],
    serialization: options.ipc ? 'advanced' : undefined,
    windowsHide: true,
    cwd: options.cwd,
    env: options.env,
  });

  let stderrTail = '';
  let aborted = false;
  let spawnError: Error | undefined;
  let killTimer: NodeJS.Timeout | undefined;

  const stdoutLines = options.onStdoutLine ? createLineSplitter(options.onStdoutLine) : undefined;
  const stderrLines = options.onStderrLine ? createLineSplitter(options.onStderrLine) : undefined;
  if (stdoutLines) {
    // A decoder keeps a UTF-8 character that straddles two chunks whole.
    const stdoutText = new StringDecoder('utf8');
    child.stdout!.on('data', (chunk: Buffer) => stdoutLines.push(stdoutText.write(chunk)));
  } else if (!options.readStdout) {
    // Unread output is drained so the child never blocks on a full stdout pipe.
    child.stdout!.resume();
  }
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    stderrLines?.push(chunk);
  });

  const isRunning = (): boolean => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  const kill = (graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS): void => {
    if (aborted || child.exitCode !== null || child.signalCode !== null) return;
    aborted = true;
    if (graceMs <= 0) {
      child.kill('SIGKILL');
      return;
    }
    child.kill('SIGTERM');
    // A child that ignores SIGTERM (or hangs writing a trailer) is killed for good after the grace period.
    killTimer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    killTimer.unref();
  };
  const onAbort = (): void => kill();
  signal?.addEventListener('abort', onAbort, { once: true });
  // A signal aborted before the call never fires its event; the child is stopped at once instead.
  if (signal?.aborted) onAbort();

  child.once('spawn', () => {
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
  });
  child.on('error', (error) => {
    // Without a pid the binary could not start ('close' still follows and settles); a failed kill needs no report.
    if (child.pid === undefined) spawnError = error;
  });
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('close', (code, exitSignal) => {
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      stdoutLines?.flush();
      stderrLines?.flush();
      resolve({ code, signal: exitSignal, spawnError, aborted, stderrTail: stderrTail.trim() });
    });
  });

  return {
    tool,
    child,
    stdin: child.stdin,
    stdout: child.stdout!,
    exited,
    running: isRunning,
    kill,
    failure(exit) {
      const details = { tool, exitCode: exit.code, exitSignal: exit.signal, stderrTail: exit.stderrTail };
      if (exit.spawnError) {
        return new ProcessError(
          `Could not start ${tool} (${command}): ${exit.spawnError.message}`,
          { ...details, exitCode: null, exitSignal: null },
          {
            cause: exit.spawnError,
          },
        );
      }
      if (exit.code === 0) return null;
      const how = exit.code === null ? `was killed by signal ${exit.signal}` : `exited with code ${exit.code}`;
      return new ProcessError(`${tool} ${how}${exit.stderrTail ? `: ${exit.stderrTail}` : '.'}`, details);
    },
  };
}

/**
 * Runs an external binary to completion through startProcess: cancellable, stderr kept for the error message.
 * Resolves only after the child has exited, so an aborted call never leaves a process behind.
 */
export async function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions = {},
): Promise<ProcessResult> {
  const tool = options.toolName ?? path.basename(command);
  const { signal } = options;
  if (signal?.aborted) throw abortError(tool, signal.reason);
  const started = startProcess(command, args, { ...options, toolName: tool, readStdout: options.captureStdout });
  const stdoutChunks: Buffer[] = [];
  if (options.captureStdout) started.stdout.on('data', (chunk: Buffer) => stdoutChunks.push(chunk));
  const exit = await started.exited;
  if (exit.aborted) throw abortError(tool, signal?.reason);
  const failure = started.failure(exit);
  if (failure) throw failure;
  return {
    code: 0,
    stdout: options.captureStdout ? Buffer.concat(stdoutChunks) : undefined,
    stderrTail: exit.stderrTail,
  };
}
