// The Bergamot WASM engine in a worker thread of its own: a model that aborts the WASM runtime ends that thread, never
// the service. The package's own Node shim expects an ES-module worker file it cannot load (its worker is CommonJS in
// a "type":"module" package), so the worker script is read from the installed package and run as CommonJS here,
// without writing anything into node_modules.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const requirePackage = createRequire(import.meta.url);

/** The package's worker folder: translator-worker.js, the Emscripten glue and the .wasm. */
function workerDir(): string {
  // In a packaged app the package is unpacked from the asar, as espeak-ng is: the worker reads its files from disk.
  const entry = requirePackage
    .resolve('@browsermt/bergamot-translator/package.json')
    .replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return path.join(path.dirname(entry), 'worker');
}

// Runs translator-worker.js as the CommonJS script it is, with its own folder as __dirname (it loads the glue and the
// .wasm beside itself).
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const file = path.join(workerData.dir, 'translator-worker.js');
new Function('require', '__filename', '__dirname', fs.readFileSync(file, 'utf8'))(require, file, workerData.dir);
`;

/** A model's files as the worker takes them; one vocab serves both sides, or one per side. */
export interface BergamotBuffers {
  model: ArrayBuffer;
  shortlist: ArrayBuffer;
  vocabs: ArrayBuffer[];
}

export interface BergamotPair {
  from: string;
  to: string;
}

export interface BergamotWorker {
  loadModel(pair: BergamotPair, buffers: BergamotBuffers): Promise<void>;
  /** Frees a loaded model's memory (before loading a reinstalled copy). */
  freeModel(pair: BergamotPair): Promise<void>;
  /** Translates with one model, or two (pivoting through the first one's target). */
  translate(models: BergamotPair[], texts: { text: string; html: boolean }[]): Promise<string[]>;
  /** True once the thread has ended (a WASM abort ends it): start a new one. */
  readonly dead: boolean;
  terminate(): Promise<void>;
}

/** The engine's reason, which Emscripten writes to stderr while the error itself says only "Aborted()". */
function stderrReason(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]*\]\s*/, '').trim())
    .filter(Boolean);
  // Emscripten's own "Aborted()" line, printed after the cause, says nothing the error does not.
  const errors = lines.filter(
    (line) => /error|abort|exception|failed/i.test(line) && !/LOG\(INFO\)/.test(line) && !/^Aborted\(/.test(line),
  );
  return errors.at(-1)?.replace(/^Error:\s*/, '');
}

/** Starts the thread and loads the WASM runtime (about 0.2 s). */
export async function startBergamotWorker(): Promise<BergamotWorker> {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { dir: workerDir() }, stderr: true, stdout: true });
  let stderr = '';
  worker.stderr.on('data', (chunk: Buffer) => {
    // Keep the tail only: the cause of an abort is among the last lines.
    stderr = (stderr + chunk.toString('utf8')).slice(-8192);
  });
  worker.stdout.resume();
  let dead = false;
  let serial = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  const withReason = (message: string) => {
    const reason = stderrReason(stderr);
    return reason && !message.includes(reason) ? `${message}: ${reason}` : message;
  };
  // The thread's stderr arrives on its own stream, sometimes after the error that it explains: wait for it a little.
  const withSettledReason = async (message: string): Promise<string> => {
    for (let waited = 0; waited < 500 && !stderrReason(stderr); waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return withReason(message);
  };
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: { message?: string } }) => {
    const waiter = pending.get(id);
    if (!waiter) return;
    pending.delete(id);
    if (error)
      void withSettledReason(error.message ?? 'unknown error').then((message) => waiter.reject(new Error(message)));
    else waiter.resolve(result);
  });
  worker.on('error', (error) => {
    dead = true;
    void withSettledReason(error.message).then((message) => failAll(new Error(message)));
  });
  worker.on('exit', (code) => {
    dead = true;
    // stderr may still be draining: give the last lines a moment to arrive.
    setImmediate(() => failAll(new Error(withReason(`the engine stopped (exit code ${code})`))));
  });
  worker.unref();

  const call = <T>(name: string, args: unknown[], transfer: ArrayBuffer[] = []) =>
    new Promise<T>((resolve, reject) => {
      if (dead) {
        reject(new Error(withReason('the engine has stopped')));
        return;
      }
      const id = ++serial;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, name, args }, transfer);
    });

  const handle: BergamotWorker = {
    get dead() {
      return dead;
    },
    async loadModel(pair, buffers) {
      await call(
        'loadTranslationModel',
        [pair, buffers],
        [buffers.model, buffers.shortlist, ...new Set(buffers.vocabs)],
      );
    },
    async freeModel(pair) {
      await call('freeTranslationModel', [pair]);
    },
    async translate(models, texts) {
      const responses = await call<{ target: { text: string } }[]>('translate', [{ models, texts }]);
      return responses.map((response) => response.target.text);
    },
    async terminate() {
      dead = true;
      failAll(new Error('the engine was stopped'));
      await worker.terminate();
    },
  };
  try {
    await call('initialize', [{ cacheSize: 0 }]);
  } catch (error) {
    await handle.terminate();
    throw error;
  }
  return handle;
}
