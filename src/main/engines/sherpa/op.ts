// A sherpa-onnx operation: one function that runs inside the host's child process, where a crash cannot reach the
// service. Its code travels as a string (like the eSpeak worker's), so it runs the same from sources and the bundle.

/**
 * `source` is a JavaScript function expression `(sherpa, args, cache) => result`, evaluated in the child:
 * - `sherpa`: the `sherpa-onnx-node` module;
 * - `args`: what the caller passed (structured clone: plain data, typed arrays);
 * - `cache`: a Map kept for the child's life, with `cache.once(key, make)` returning the value under `key`,
 *   made on first use (load an engine once per config: `cache.once('vad:' + JSON.stringify(config), () => new sherpa.Vad(config, 60))`).
 * It returns plain data or typed arrays (sent back with structured clone). It runs synchronously; a thrown Error
 * fails the call with `engine_failed` (or with its `code` when that is an error code of src/shared/errors.ts).
 * The type parameters only describe args and result for the callers; nothing checks them at run time.
 */
/** What the child needs of an op: its name and code (the list of ops is typed by this). */
export interface SherpaOpSource {
  readonly name: string;
  readonly source: string;
}

export interface SherpaOp<Args = unknown, Result = unknown> extends SherpaOpSource {
  /** Phantom: carries the types to SherpaHost.run. */
  readonly _types?: { args: Args; result: Result };
}

export function defineSherpaOp<Args, Result>(name: string, source: string): SherpaOp<Args, Result> {
  return { name, source };
}
