// Runs every sherpa-onnx call in one supervised child process. A bad model makes sherpa-onnx end its process
// (`_Exit(255)`, a segfault, an abort) without a JS exception; in a child that fails one call, never the service.
//
// One child, started on first use, runs the calls one at a time (sherpa's calls are synchronous) and keeps the
// engines it loaded (cache by config). A child that dies fails the call it was running (`engine_failed`, naming the
// model and how it ended); the next call starts a fresh one. An aborted call kills the child (a synchronous call
// cannot be interrupted) and rejects `cancelled`. An idle child ends after a while, giving back the models' memory.
import { createRequire } from 'node:module';
import { DubDeskError, isErrorCode } from '../../../shared/errors.js';
import { startProcess, type ProcessExit, type StartedProcess } from '../../media/run-process.js';
import { SHERPA_CHILD_SOURCE } from './child-source.js';
import type { SherpaOp, SherpaOpSource } from './op.js';
import { SHERPA_OPS } from './ops/index.js';

/** What a call runs, for its error messages: the model (title and catalogue id) or a built-in engine (title only). */
export interface SherpaSubject {
  /** "Whisper tiny", "Silero VAD (built in)". */
  title: string;
  /** The catalogue id of the model; a crash then tells the user to remove and reinstall it. */
  modelId?: string;
}

export interface SherpaRunOptions {
  subject: SherpaSubject;
  /** Aborting a running call kills the child (it restarts for the next call); a queued call just leaves the queue. */
  signal?: AbortSignal;
}

export interface SherpaHostOptions {
  /** The operations the child knows; default: every op of ops/index.ts. */
  ops?: readonly SherpaOpSource[];
  /** An idle child ends after this long (ms); default 2 minutes. */
  idleMs?: number;
}

interface Call {
  id: number;
  op: string;
  args: unknown;
  subject: SherpaSubject;
  signal?: AbortSignal;
  resolve(result: unknown): void;
  reject(error: unknown): void;
  settled: boolean;
  /** Set when the call's signal (or dispose) killed the child: its exit is then no crash. */
  cancelled?: DubDeskError;
  stopWatching?(): void;
}

interface ChildState {
  process: StartedProcess;
  ready: boolean;
  call?: Call;
  /** What sherpa printed during the running call: its reason for a thrown "Please check your config!". */
  callStderr: string;
  idleTimer?: NodeJS.Timeout;
}

type ChildMessage =
  | { type: 'ready'; version?: string }
  | { type: 'startError'; message: string }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; message: string; code?: string };

const requirePackage = createRequire(import.meta.url);
/** Enough of sherpa's own stderr to say why it stopped ("key 'n_mels' does not exist in the metadata"). */
const STDERR_IN_MESSAGE_CHARS = 400;
const STDERR_SETTLE_MS = 30;

/** Where sherpa-onnx-node's entry is, resolved here so the child (started with `-e`, no module paths) can require it. */
export function sherpaPackagePath(): string {
  // In a packaged app the native addon is unpacked from the asar.
  return requirePackage.resolve('sherpa-onnx-node').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
}

export class SherpaHost {
  private readonly ops: readonly SherpaOpSource[];
  private readonly idleMs: number;
  private readonly queue: Call[] = [];
  private child?: ChildState;
  private nextId = 1;
  private closed = false;

  constructor(options: SherpaHostOptions = {}) {
    this.ops = options.ops ?? SHERPA_OPS;
    this.idleMs = options.idleMs ?? 120_000;
  }

  /** The child's pid while one runs (tests check it is gone). */
  get pid(): number | undefined {
    return this.child?.process.child.pid;
  }

  /** Runs one operation in the child; calls run one at a time, in order. */
  run<Args, Result>(op: SherpaOp<Args, Result>, args: Args, options: SherpaRunOptions): Promise<Result> {
    const { subject, signal } = options;
    if (this.closed)
      return Promise.reject(
        new DubDeskError('cancelled', `${subject.title} cannot run: the speech engines were shut down.`),
      );
    if (signal?.aborted) return Promise.reject(cancelledError(subject, signal.reason));
    if (!this.ops.some((known) => known.name === op.name)) {
      return Promise.reject(
        new DubDeskError(
          'internal',
          `The sherpa-onnx operation '${op.name}' is not listed in engines/sherpa/ops/index.ts.`,
        ),
      );
    }
    return new Promise<Result>((resolve, reject) => {
      const call: Call = {
        id: this.nextId++,
        op: op.name,
        args,
        subject,
        signal,
        resolve: resolve as (result: unknown) => void,
        reject,
        settled: false,
      };
      if (signal) {
        const onAbort = () => this.cancel(call, cancelledError(subject, signal.reason));
        signal.addEventListener('abort', onAbort, { once: true });
        call.stopWatching = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(call);
      this.pump();
    });
  }

  /** Ends the child; calls waiting or running reject `cancelled`. Later calls are refused. */
  async dispose(): Promise<void> {
    this.closed = true;
    for (const call of this.queue.splice(0))
      this.settle(
        call,
        new DubDeskError('cancelled', `${call.subject.title} was stopped: the speech engines were shut down.`),
      );
    const child = this.child;
    if (!child) return;
    if (child.call)
      child.call.cancelled = new DubDeskError(
        'cancelled',
        `${child.call.subject.title} was stopped: the speech engines were shut down.`,
      );
    // Held until it is gone: the caller awaits its exit.
    setReferenced(child.process, true);
    child.process.kill(0);
    await child.process.exited;
  }

  private cancel(call: Call, error: DubDeskError): void {
    const queued = this.queue.indexOf(call);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(call, error);
      return;
    }
    const child = this.child;
    if (child?.call === call) {
      // A synchronous sherpa call cannot be interrupted: the child goes, and the exit handler rejects the call.
      call.cancelled = error;
      child.process.kill(0);
    }
  }

  private pump(): void {
    if (this.closed || this.queue.length === 0) return;
    const child = this.child ?? this.start();
    if (!child || !child.ready || child.call) return;
    const call = this.queue.shift()!;
    clearTimeout(child.idleTimer);
    child.call = call;
    child.callStderr = '';
    setReferenced(child.process, true);
    try {
      child.process.child.send({ type: 'call', id: call.id, op: call.op, args: call.args });
    } catch (error) {
      // Arguments that cannot be cloned (a function, a class instance with native state) never reach the child.
      child.call = undefined;
      this.settle(
        call,
        new DubDeskError(
          'internal',
          `${call.subject.title}: the arguments of '${call.op}' cannot be sent to the sherpa-onnx process (${(error as Error).message}).`,
          { cause: error },
        ),
      );
      this.idle(child);
      this.pump();
    }
  }

  private start(): ChildState | undefined {
    let sherpaPath: string;
    try {
      sherpaPath = sherpaPackagePath();
    } catch (error) {
      const failure = new DubDeskError(
        'engine_failed',
        `The speech engine package sherpa-onnx-node is missing from this installation: ${(error as Error).message}`,
        { cause: error },
      );
      for (const call of this.queue.splice(0)) this.settle(call, failure);
      return undefined;
    }
    const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
    // The service's loaders (tsx under tests) are not needed by the child's plain JS and slow its start.
    delete env.NODE_OPTIONS;
    let state: ChildState | undefined;
    const started = startProcess(process.execPath, ['-e', SHERPA_CHILD_SOURCE], {
      ipc: true,
      toolName: 'sherpa-onnx',
      killGraceMs: 0,
      env,
      onStderrLine: (line) => {
        if (state?.call) state.callStderr = `${state.callStderr}\n${line}`.slice(-STDERR_IN_MESSAGE_CHARS);
      },
    });
    state = { process: started, ready: false, callStderr: '' };
    this.child = state;
    started.child.on('message', (message: ChildMessage) => this.onMessage(state, message));
    // A send to a child that just died fails here; its exit is reported by `exited`.
    started.child.on('error', () => undefined);
    void started.exited.then((exit) => this.onExit(state, exit));
    try {
      started.child.send({ type: 'init', sherpaPath, ops: this.ops.map(({ name, source }) => ({ name, source })) });
    } catch {
      // The child could not start: its exit reports why.
      started.kill(0);
    }
    return state;
  }

  private onMessage(state: ChildState, message: ChildMessage): void {
    if (message.type === 'ready') {
      state.ready = true;
      this.idle(state);
      this.pump();
      return;
    }
    if (message.type === 'startError') {
      const error = new DubDeskError(
        'engine_failed',
        `The speech engine (sherpa-onnx) could not be loaded: ${message.message}`,
      );
      for (const call of this.queue.splice(0)) this.settle(call, error);
      return;
    }
    const call = state.call;
    if (!call || call.id !== message.id) return;
    const finish = (error?: DubDeskError) => {
      if (state.call !== call) return;
      state.call = undefined;
      if (error) this.settle(call, error);
      else this.settle(call, undefined, message.type === 'result' ? message.result : undefined);
      this.idle(state);
      this.pump();
    };
    if (message.type === 'result') {
      finish();
      return;
    }
    // sherpa prints its reason on stderr just before it throws, and that pipe may lag the IPC message a little.
    setTimeout(() => finish(opError(call, message.message, message.code, state.callStderr)), STDERR_SETTLE_MS);
  }

  private onExit(state: ChildState, exit: ProcessExit): void {
    clearTimeout(state.idleTimer);
    if (this.child === state) this.child = undefined;
    const call = state.call;
    state.call = undefined;
    if (call) this.settle(call, call.cancelled ?? crashError(call, exit));
    if (!state.ready && !call) {
      // It died before it could take a call (node missing, the package unloadable): retrying would loop.
      const reason = exit.spawnError?.message ?? lastLines(exit.stderrTail) ?? describeExit(exit);
      const error = new DubDeskError('engine_failed', `The speech engine (sherpa-onnx) could not start: ${reason}`);
      for (const waiting of this.queue.splice(0)) this.settle(waiting, error);
    }
    this.pump();
  }

  /** A child with nothing to do must not keep a CLI process alive, and ends after idleMs. */
  private idle(state: ChildState): void {
    if (state.call) return;
    setReferenced(state.process, false);
    clearTimeout(state.idleTimer);
    state.idleTimer = setTimeout(() => {
      if (state.call || this.child !== state) return;
      // Forgotten before it exits: a call arriving meanwhile starts a fresh child instead of dying with this one.
      this.child = undefined;
      state.process.kill(0);
    }, this.idleMs);
    state.idleTimer.unref();
  }

  private settle(call: Call, error: unknown, result?: unknown): void {
    if (call.settled) return;
    call.settled = true;
    call.stopWatching?.();
    if (error) call.reject(error);
    else call.resolve(result);
  }
}

function setReferenced(started: StartedProcess, referenced: boolean): void {
  const { child } = started;
  // The pipes are sockets (ref/unref), though typed as plain streams.
  const handles = [child, child.channel, child.stdout, child.stderr] as (
    { ref?(): void; unref?(): void } | null | undefined
  )[];
  for (const handle of handles) {
    if (referenced) handle?.ref?.();
    else handle?.unref?.();
  }
}

function cancelledError(subject: SherpaSubject, reason?: unknown): DubDeskError {
  return new DubDeskError('cancelled', `${subject.title} was cancelled.`, { cause: reason });
}

function reinstallAdvice(subject: SherpaSubject): string {
  if (!subject.modelId) return '';
  return (
    ` Its files may be damaged or incomplete: remove the model (\`dubdesk models ` +
    `remove ${subject.modelId}\` or the Models page) and install it again.`
  );
}

function describeExit(exit: ProcessExit): string {
  return exit.code !== null ? `exit status ${exit.code}` : `signal ${exit.signal}`;
}

/** sherpa's log lines without their source locations ("/shared/sherpa-onnx/csrc/x.cc:Init:355 "), as one sentence. */
function lastLines(text: string): string | undefined {
  const said = text
    .split('\n')
    .map((line) => line.replace(/^\S+\.(?:cc|h|cpp):\S+\s*/, '').trim())
    .filter(Boolean)
    .join(' ');
  if (!said) return undefined;
  const tail = said.length > STDERR_IN_MESSAGE_CHARS ? `…${said.slice(-STDERR_IN_MESSAGE_CHARS)}` : said;
  return sentence(tail);
}

/** Ends a message with exactly one full stop. */
function sentence(text: string): string {
  return `${text.replace(/[\s.!]+$/, '')}.`;
}

function crashError(call: Call, exit: ProcessExit): DubDeskError {
  const said = lastLines(exit.stderrTail);
  return new DubDeskError(
    'engine_failed',
    `${named(call.subject)} stopped the speech engine process during ${call.op} ` +
      `(${describeExit(exit)})${said ? `: ${said}` : '.'}${reinstallAdvice(call.subject)}`,
  );
}

function opError(call: Call, message: string, code: string | undefined, stderr: string): DubDeskError {
  if (code && isErrorCode(code)) return new DubDeskError(code, message);
  const said = lastLines(stderr);
  return new DubDeskError(
    'engine_failed',
    `${named(call.subject)} failed during ${call.op}: ${sentence(message)}${said ? ` ${said}` : ''}${reinstallAdvice(call.subject)}`,
  );
}

function named(subject: SherpaSubject): string {
  return `${subject.title}${subject.modelId ? ` (model ${subject.modelId})` : ''}`;
}
