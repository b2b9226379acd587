import { spawn } from 'node:child_process';
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

/**
 * The one way DubDesk runs an external binary: no shell, cancellable, stderr kept for the error message.
 * Resolves only after the child has exited, so an aborted call never leaves a process behind,
 * and the child dies with this process (see child-lifetime.ts).
 */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<ProcessResult> {
  const tool = options.toolName ?? path.basename(command);
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(tool, signal.reason));

  return new Promise<ProcessResult>((resolve, reject) => {
    // Bound to this process: a service killed even by SIGKILL takes the child with it.
    const bound = boundToParent(command, args, { cwd: options.cwd, env: options.env });
    const child = spawn(bound.command, bound.args, {
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      cwd: options.cwd,
      env: options.env,
    });

    const stdoutChunks: Buffer[] = [];
    let stderrTail = '';
    let aborted = false;
    let spawnError: Error | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    const stdoutLines = options.onStdoutLine ? createLineSplitter(options.onStdoutLine) : undefined;
    const stderrLines = options.onStderrLine ? createLineSplitter(options.onStderrLine) : undefined;

    // A decoder keeps a UTF-8 character that straddles two chunks whole.
    const stdoutText = new StringDecoder('utf8');
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.captureStdout) stdoutChunks.push(chunk);
      stdoutLines?.push(stdoutText.write(chunk));
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
      stderrLines?.push(chunk);
    });

    const onAbort = (): void => {
      if (aborted || child.exitCode !== null || child.signalCode !== null) return;
      aborted = true;
      child.kill('SIGTERM');
      // A child that ignores SIGTERM (or hangs writing a trailer) is killed for good after the grace period.
      killTimer = setTimeout(() => child.kill('SIGKILL'), options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
      killTimer.unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.once('spawn', () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    });
    child.on('error', (error) => {
      // Without a pid the binary could not start ('close' still follows and settles); a failed kill needs no report.
      if (child.pid === undefined) spawnError = error;
    });

    child.once('close', (code, exitSignal) => {
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      stdoutLines?.flush();
      stderrLines?.flush();
      const tail = stderrTail.trim();
      if (aborted) return reject(abortError(tool, signal?.reason));
      if (spawnError) {
        const failure = new ProcessError(
          `Could not start ${tool} (${command}): ${spawnError.message}`,
          { tool, exitCode: null, exitSignal: null, stderrTail: tail },
          { cause: spawnError },
        );
        return reject(failure);
      }
      if (code !== 0) {
        const how = code === null ? `was killed by signal ${exitSignal}` : `exited with code ${code}`;
        return reject(
          new ProcessError(`${tool} ${how}${tail ? `: ${tail}` : '.'}`, { tool, exitCode: code, exitSignal, stderrTail: tail }),
        );
      }
      resolve({
        code,
        stdout: options.captureStdout ? Buffer.concat(stdoutChunks) : undefined,
        stderrTail: tail,
      });
    });
  });
}
