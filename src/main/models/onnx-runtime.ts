// The one file that imports onnxruntime-node: sessions are created, cached, run and released only here.
import path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { DubDeskError } from '../../shared/errors.js';

export { Tensor };
export type OnnxSession = InferenceSession;
export type OnnxFeeds = InferenceSession.FeedsType;
export type OnnxResults = InferenceSession.ReturnType;

/** An input or output as the loaded file declares it; dims are numbers (fixed) or strings (symbolic). */
export interface MeasuredTensor {
  name: string;
  type?: string;
  dims?: (number | string)[];
}

export interface MeasuredSignature {
  inputs: MeasuredTensor[];
  outputs: MeasuredTensor[];
}

export interface OnnxRuntime {
  /** Cached by absolute path: a second call for the same file returns the same session. */
  createSession(file: string): Promise<OnnxSession>;
  run(session: OnnxSession, feeds: OnnxFeeds, options?: { signal?: AbortSignal }): Promise<OnnxResults>;
  /** Loads a file outside the cache, reads its signature and releases it (install-time verification). */
  inspect(file: string): Promise<MeasuredSignature>;
  /** Releases the cached session of one file, if any (before the file is deleted). */
  release(file: string): Promise<void>;
  /** Releases every cached session; the runtime stays usable and creates fresh sessions afterwards. */
  dispose(): Promise<void>;
  cachedFiles(): string[];
}

function measure(
  metadata: readonly InferenceSession.ValueMetadata[] | undefined,
  names: readonly string[],
): MeasuredTensor[] {
  if (!metadata) return names.map((name) => ({ name }));
  return metadata.map((m) => (m.isTensor ? { name: m.name, type: m.type, dims: [...m.shape] } : { name: m.name }));
}

export function readSignature(session: OnnxSession): MeasuredSignature {
  return {
    inputs: measure(session.inputMetadata, session.inputNames),
    outputs: measure(session.outputMetadata, session.outputNames),
  };
}

function cancelled(): DubDeskError {
  return new DubDeskError('cancelled', 'The task was cancelled.');
}

async function load(file: string): Promise<OnnxSession> {
  try {
    return await InferenceSession.create(file, { graphOptimizationLevel: 'all' });
  } catch (error) {
    throw new DubDeskError('engine_failed', `ONNX Runtime could not load ${file}: ${(error as Error).message}`, {
      cause: error,
      retryable: false,
    });
  }
}

export function createOnnxRuntime(): OnnxRuntime {
  const sessions = new Map<string, Promise<OnnxSession>>();

  async function releaseQuietly(pending: Promise<OnnxSession>): Promise<void> {
    // A session that failed to load has nothing to release.
    const session = await pending.catch(() => undefined);
    await session?.release();
  }

  return {
    createSession(file) {
      const key = path.resolve(file);
      let pending = sessions.get(key);
      if (!pending) {
        pending = load(key);
        sessions.set(key, pending);
        // A failed load must not stay cached: the next call retries (e.g. after a reinstall).
        pending.catch(() => {
          if (sessions.get(key) === pending) sessions.delete(key);
        });
      }
      return pending;
    },

    async run(session, feeds, options = {}) {
      if (options.signal?.aborted) throw cancelled();
      let results: OnnxResults;
      try {
        results = await session.run(feeds);
      } catch (error) {
        throw new DubDeskError('engine_failed', `The model failed while running: ${(error as Error).message}`, {
          cause: error,
        });
      }
      // ONNX Runtime cannot stop a run midway; the signal is honoured as soon as it returns.
      if (options.signal?.aborted) throw cancelled();
      return results;
    },

    async inspect(file) {
      const session = await load(path.resolve(file));
      try {
        return readSignature(session);
      } finally {
        await session.release();
      }
    },

    async release(file) {
      const key = path.resolve(file);
      const pending = sessions.get(key);
      if (!pending) return;
      sessions.delete(key);
      await releaseQuietly(pending);
    },

    async dispose() {
      const pending = [...sessions.values()];
      sessions.clear();
      await Promise.all(pending.map(releaseQuietly));
    },

    cachedFiles: () => [...sessions.keys()],
  };
}
