// Runs the eSpeak NG command line (WebAssembly, npm `espeak-ng`) in a few worker threads, so synthesis uses every core
// and never blocks the service's event loop.
//
// Speed: compiling the 18 MB module takes ~180 ms and setting up a fresh instance (its embedded data files) ~100 ms,
// while one sentence takes ~30 ms. So the module is compiled once and shared with the workers, each worker builds one
// instance, keeps a copy of its pristine linear memory, and before every run puts that copy back: each call then sees
// a freshly started program (libc's getopt state, eSpeak's globals) without paying the start-up again.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DubDeskError } from '../../../shared/errors.js';

// The worker's code travels as a string: the same pool then runs from sources (tsx, vitest) and from the bundle.
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { default: createEspeak } = await import(workerData.moduleUrl);
  const wasmModule = workerData.wasmModule;
  let wasm;
  const stdout = [];
  const stderr = [];
  const instance = await createEspeak({
    noInitialRun: true,
    // eSpeak's exit() must neither end nor set the exit code of the host process.
    quit: (status, toThrow) => { throw toThrow; },
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(wasmModule, imports).then((created) => { wasm = created.exports; receive(created, wasmModule); });
      return {};
    },
    print(line) { stdout.push(line); },
    printErr(line) { stderr.push(line); },
  });
  const FS = instance.FS;
  const pristine = new Uint8Array(wasm.memory.buffer).slice();
  const pristineStreams = new Set(FS.streams.map((stream, fd) => (stream ? fd : -1)));
  const encoder = new TextEncoder();

  function callMain(args) {
    const argv = ['espeak-ng', ...args];
    const top = wasm.stackSave();
    try {
      const heap = new Uint8Array(wasm.memory.buffer);
      const pointers = argv.map((arg) => {
        const bytes = encoder.encode(arg + '\0');
        const at = wasm.stackAlloc(bytes.length);
        heap.set(bytes, at);
        return at;
      });
      const table = wasm.stackAlloc(4 * (pointers.length + 1));
      new Uint32Array(wasm.memory.buffer, table, pointers.length + 1).set([...pointers, 0]);
      return wasm.__main_argc_argv(pointers.length, table);
    } catch (error) {
      if (error && error.name === 'ExitStatus') return error.status;
      throw error;
    } finally {
      wasm.stackRestore(top);
    }
  }

  function reset() {
    new Uint8Array(wasm.memory.buffer).set(pristine);
    // Files the last run left open would otherwise take descriptors forever.
    FS.streams.forEach((stream, fd) => { if (stream && !pristineStreams.has(fd)) FS.close(stream); });
    for (const file of ['/dubdesk-in.txt', '/dubdesk-out.wav']) { try { FS.unlink(file); } catch {} }
    stdout.length = 0;
    stderr.length = 0;
  }

  parentPort.on('message', (job) => {
    let fatal = false;
    try {
      reset();
      if (job.text !== undefined) FS.writeFile('/dubdesk-in.txt', job.text);
      const status = callMain(job.args);
      let file;
      if (job.readFile) { try { file = FS.readFile(job.readFile); } catch {} }
      if (status !== 0 || (job.readFile && !file)) {
        parentPort.postMessage({ id: job.id, error: stderr.filter((line) => line && !line.startsWith('program exited')).join('\n') || 'eSpeak NG exited with status ' + status });
      } else {
        parentPort.postMessage({ id: job.id, file, stdout: stdout.join('\n') }, file ? [file.buffer] : []);
      }
    } catch (error) {
      // A trap (out of bounds, abort) leaves the instance unusable: report it, and let the pool start a fresh worker.
      fatal = true;
      parentPort.postMessage({ id: job.id, error: String(error && error.message || error) });
    }
    if (fatal) process.exit(1);
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => {
  parentPort.postMessage({ startError: String(error && error.stack || error) });
  process.exit(1);
});
`;

/** Path of the UTF-8 text file inside the instance's file system (pass it to `-f`). */
export const ESPEAK_TEXT_FILE = '/dubdesk-in.txt';
/** Path of the WAV file inside the instance's file system (pass it to `-w`). */
export const ESPEAK_WAV_FILE = '/dubdesk-out.wav';

export interface EspeakRun {
  args: readonly string[];
  /** Written to ESPEAK_TEXT_FILE before the run. */
  text?: string;
  /** File to read back from the instance after the run (e.g. ESPEAK_WAV_FILE); the run fails when it is missing. */
  readFile?: string;
  signal?: AbortSignal;
}

export interface EspeakRunResult {
  /** The bytes of `readFile`. */
  file?: Uint8Array;
  /** What the program printed (e.g. the `--voices` table). */
  stdout: string;
}

export interface EspeakPoolOptions {
  /** Worker threads; default min(2, cores). */
  size?: number;
  /** An idle worker ends after this long (ms), giving back its ~70 MB. */
  idleMs?: number;
}

interface Job {
  id: number;
  run: EspeakRun;
  resolve: (result: EspeakRunResult) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

interface Slot {
  worker?: Worker;
  ready: boolean;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

interface WorkerMessage {
  ready?: boolean;
  startError?: string;
  id?: number;
  file?: Uint8Array;
  stdout?: string;
  error?: string;
}

const requirePackage = createRequire(import.meta.url);

/** Where the espeak-ng package's JS loader and .wasm are. */
export function espeakPackageFiles(): { moduleUrl: string; wasmPath: string } {
  // In a packaged app espeak-ng is unpacked from the asar: worker threads cannot import from inside the archive.
  const entry = requirePackage.resolve('espeak-ng').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return { moduleUrl: pathToFileURL(entry).href, wasmPath: path.join(path.dirname(entry), 'espeak-ng.wasm') };
}

export class EspeakPool {
  private readonly size: number;
  private readonly idleMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly bySignal = new WeakMap<AbortSignal, Set<Job>>();
  private compiled?: Promise<WebAssembly.Module>;
  private nextId = 1;
  private closed = false;

  constructor(options: EspeakPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, os.availableParallelism()));
    this.idleMs = options.idleMs ?? 60_000;
  }

  /** Runs the command line once in a pristine instance. */
  run(run: EspeakRun): Promise<EspeakRunResult> {
    if (this.closed) return Promise.reject(new DubDeskError('internal', 'The eSpeak NG pool is closed.'));
    if (run.signal?.aborted) return Promise.reject(cancelled(run.signal));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, run, resolve, reject, settled: false };
      if (run.signal) this.watch(run.signal, job);
      this.queue.push(job);
      this.pump();
    });
  }

  /**
   * One abort listener per signal, however many requests share it (a dub sends hundreds under one job signal).
   * A queued job leaves the queue; a running one finishes in its worker (tens of ms) and its result is dropped.
   */
  private watch(signal: AbortSignal, job: Job): void {
    let jobs = this.bySignal.get(signal);
    if (!jobs) {
      const watched = new Set<Job>();
      jobs = watched;
      this.bySignal.set(signal, watched);
      signal.addEventListener(
        'abort',
        () => {
          this.bySignal.delete(signal);
          for (const waiting of watched) {
            const queued = this.queue.indexOf(waiting);
            if (queued >= 0) this.queue.splice(queued, 1);
            this.fail(waiting, cancelled(signal));
          }
        },
        { once: true },
      );
    }
    jobs.add(job);
  }

  /** Compiles the module ahead of the first run, taking that latency off the first request. */
  async warmUp(): Promise<void> {
    await this.module();
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new DubDeskError('cancelled', 'The eSpeak NG pool was closed.');
    for (const job of this.queue.splice(0)) this.fail(job, error);
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        clearTimeout(slot.idleTimer);
        if (slot.job) this.fail(slot.job, error);
        await slot.worker?.terminate();
      }),
    );
  }

  private module(): Promise<WebAssembly.Module> {
    if (!this.compiled) {
      const compiling = fs.readFile(espeakPackageFiles().wasmPath).then((bytes) => WebAssembly.compile(bytes));
      // A failed compile (package files missing) is reported to the callers waiting now; the next run tries again.
      compiling.catch(() => {
        if (this.compiled === compiling) this.compiled = undefined;
      });
      this.compiled = compiling;
    }
    return this.compiled;
  }

  private pump(): void {
    for (let free = this.freeSlot(); free && this.queue.length > 0; free = this.freeSlot())
      this.assign(free, this.queue.shift()!);
    const starting = this.slots.filter((slot) => !slot.ready).length;
    for (let i = starting; i < this.queue.length && this.slots.length < this.size; i++) this.spawn();
  }

  private freeSlot(): Slot | undefined {
    return this.slots.find((slot) => slot.ready && !slot.job);
  }

  private spawn(): void {
    const slot: Slot = { ready: false };
    this.slots.push(slot);
    const remove = () => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      clearTimeout(slot.idleTimer);
    };
    this.module().then(
      (wasmModule) => {
        if (this.closed || !this.slots.includes(slot)) return;
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { moduleUrl: espeakPackageFiles().moduleUrl, wasmModule },
        });
        slot.worker = worker;
        worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
        worker.on('error', () => undefined); // 'exit' follows and reports
        worker.on('exit', (code) => {
          remove();
          if (slot.job)
            this.fail(
              slot.job,
              new DubDeskError('engine_failed', `eSpeak NG stopped unexpectedly (exit code ${code}).`),
            );
          if (!this.closed) this.pump();
        });
      },
      (error: unknown) => {
        remove();
        this.failQueue(
          new DubDeskError('engine_failed', `eSpeak NG could not be loaded: ${(error as Error).message}`, {
            cause: error,
          }),
        );
      },
    );
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.ready) {
      slot.ready = true;
      this.scheduleIdle(slot);
      this.pump();
      return;
    }
    if (message.startError !== undefined) {
      this.failQueue(new DubDeskError('engine_failed', `eSpeak NG could not start: ${message.startError}`));
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    slot.job = undefined;
    if (message.error !== undefined)
      this.fail(job, new DubDeskError('engine_failed', `eSpeak NG failed: ${message.error}`));
    else this.succeed(job, { file: message.file, stdout: message.stdout ?? '' });
    this.scheduleIdle(slot);
    this.pump();
  }

  private assign(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker!.ref();
    const { args, text, readFile } = job.run;
    slot.worker!.postMessage({ id: job.id, args: [...args], text, readFile });
  }

  private scheduleIdle(slot: Slot): void {
    // An idle worker must not keep a CLI process alive, and gives its memory back after a while.
    slot.worker!.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.job) void slot.worker!.terminate();
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private failQueue(error: unknown): void {
    for (const job of this.queue.splice(0)) this.fail(job, error);
  }

  private succeed(job: Job, result: EspeakRunResult): void {
    if (this.finish(job)) job.resolve(result);
  }

  private fail(job: Job, error: unknown): void {
    if (this.finish(job)) job.reject(error);
  }

  /** Marks a job settled once (abort, result and shutdown can race). */
  private finish(job: Job): boolean {
    if (job.settled) return false;
    job.settled = true;
    if (job.run.signal) this.bySignal.get(job.run.signal)?.delete(job);
    return true;
  }
}

function cancelled(signal: AbortSignal): DubDeskError {
  return new DubDeskError('cancelled', 'Speech synthesis was cancelled.', { cause: signal.reason });
}
