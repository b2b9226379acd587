// ONNX sessions of installed models, opened once per file and shared, with the catalogue's input and output names
// bound to the file's; released when a model is replaced or removed.
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import type { CatalogueEntry, ModelFile } from './catalogue.js';
import { readSignature, type OnnxFeeds, type OnnxResults, type OnnxRuntime, type OnnxSession } from './onnx-runtime.js';
import { checkSignature, signatureMismatchMessage, type Binding } from './verify-signature.js';

/** A cached session with the catalogue's names bound to the file's (they differ only for bindByShape models). */
export interface BoundSession {
  session: OnnxSession;
  inputs: Binding;
  outputs: Binding;
  /** Runs with feeds keyed by the catalogue's names; results come back under the catalogue's names too (plus any extra outputs). */
  run(feeds: OnnxFeeds, options?: { signal?: AbortSignal }): Promise<OnnxResults>;
}

export interface SessionCache {
  /** The session of `file` at `full` (opened on first use, then shared), its signature checked on load. */
  open(entry: CatalogueEntry, file: ModelFile, full: string): Promise<BoundSession>;
  /** Closes the sessions of every file of the entry installed in `dir`. */
  release(entry: CatalogueEntry, dir: string): Promise<void>;
  /** Forgets every session and disposes of the runtime. */
  close(): Promise<void>;
}

async function bindSession(
  runtime: OnnxRuntime,
  entry: CatalogueEntry,
  file: ModelFile,
  full: string,
): Promise<BoundSession> {
  const session = await runtime.createSession(full);
  let inputs: Binding = Object.fromEntries(session.inputNames.map((n) => [n, n]));
  let outputs: Binding = Object.fromEntries(session.outputNames.map((n) => [n, n]));
  if (file.signature) {
    const measured = readSignature(session);
    const check = checkSignature(file.signature, measured, { bindByShape: entry.bindByShape });
    if (!check.ok) {
      await runtime.release(full);
      throw new DubDeskError(
        'engine_failed',
        `${signatureMismatchMessage(full, entry.title, file.signature, measured, check.problems)} Remove it and install it again.`,
        { retryable: false },
      );
    }
    inputs = check.inputs;
    outputs = check.outputs;
  }
  const toFile = (feeds: OnnxFeeds) =>
    Object.fromEntries(Object.entries(feeds).map(([k, v]) => [inputs[k] ?? k, v])) as OnnxFeeds;
  const fromFile = Object.fromEntries(Object.entries(outputs).map(([role, name]) => [name, role]));
  return {
    session,
    inputs,
    outputs,
    async run(feeds, runOptions = {}) {
      const results = await runtime.run(session, toFile(feeds), runOptions);
      return Object.fromEntries(Object.entries(results).map(([k, v]) => [fromFile[k] ?? k, v])) as OnnxResults;
    },
  };
}

export function createSessionCache(runtime: OnnxRuntime): SessionCache {
  const bound = new Map<string, Promise<BoundSession>>();
  return {
    open(entry, file, full) {
      let pending = bound.get(full);
      if (!pending) {
        pending = bindSession(runtime, entry, file, full);
        bound.set(full, pending);
        // A failed open is not cached: the next call tries again.
        pending.catch(() => {
          if (bound.get(full) === pending) bound.delete(full);
        });
      }
      return pending;
    },
    async release(entry, dir) {
      for (const file of entry.files) {
        const full = path.join(dir, file.name);
        bound.delete(full);
        await runtime.release(full);
      }
    },
    async close() {
      bound.clear();
      await runtime.dispose();
    },
  };
}
