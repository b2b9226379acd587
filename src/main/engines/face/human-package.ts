// Loads @vladmandic/human's Node+WASM build and wires tfjs to read model files and wasm binaries from the
// installed packages, so nothing is ever fetched: Node's fetch cannot read file:// URLs and this app is offline.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';

export const HUMAN_PACKAGE = '@vladmandic/human';
export const TFJS_WASM_PACKAGE = '@tensorflow/tfjs-backend-wasm';
/** Model URLs use this scheme; the load router below answers them from disk. */
const LOCAL_SCHEME = 'file://';

/** The few parts of a tfjs GraphModel's artifacts this module builds (tfjs' io.ModelArtifacts). */
interface ModelJson {
  weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
}

interface TfIo {
  registerLoadRouter(router: (url: unknown) => { load(): Promise<unknown> } | null): void;
  getModelArtifactsForJSON(
    json: ModelJson,
    loadWeights: (manifest: ModelJson['weightsManifest']) => Promise<[unknown[], ArrayBuffer]>,
  ): Promise<unknown>;
}

/** The slice of the tfjs namespace (as Human re-exports it) the face engine uses. */
export interface Tfjs {
  io: TfIo;
  tensor3d(
    values: Uint8Array | Int32Array | Float32Array,
    shape: [number, number, number],
    dtype: 'int32' | 'float32',
  ): TfTensor;
  tensor4d(
    values: Uint8Array | Int32Array | Float32Array,
    shape: [number, number, number, number],
    dtype: 'int32' | 'float32',
  ): TfTensor;
  slice(tensor: TfTensor, begin: number[], size: number[]): TfTensor;
  div(tensor: TfTensor, divisor: number): TfTensor;
  /** Runs `fn`, then frees every tensor it made except those it returns. */
  tidy<T extends TfTensor | TfTensor[]>(fn: () => T): T;
  image: {
    resizeBilinear(tensor: TfTensor, size: [number, number]): TfTensor;
    /** Boxes as [top, left, bottom, right] shares of the image's size (beyond 0..1 reads black). */
    cropAndResize(image: TfTensor, boxes: number[][], boxIndices: number[], size: [number, number]): TfTensor;
  };
  memory(): { numTensors: number };
  getBackend(): string;
}

export interface TfTensor {
  shape: number[];
  data(): Promise<Float32Array | Int32Array | Uint8Array>;
  dispose(): void;
}

/** A loaded tfjs graph model, as Human keeps them. */
export interface TfGraphModel {
  inputs: Array<{ shape?: number[] }>;
  execute(input: TfTensor): TfTensor | TfTensor[];
  dispose(): void;
}

export interface HumanFaceResult {
  score: number;
  /** The finder's square around the face (the one the mesh reads), as shares of the input's width and height: x, y, width, height. */
  boxRaw: [number, number, number, number];
  /** 468 points [x, y, z] in pixels of the input tensor. */
  mesh: number[][];
}

export interface HumanInstance {
  tf: Tfjs;
  load(): Promise<void>;
  /** Marks Human's module state as initial, so the next instance's load() drops the cached (disposed) models. */
  reset(): void;
  detect(input: TfTensor): Promise<{ face: HumanFaceResult[]; error?: string | null }>;
  /** The live configuration; detect() reads it on every call. */
  config: { face: { mesh: { enabled: boolean } } };
  models: { models: Record<string, TfGraphModel | null | undefined> };
}

export interface HumanModule {
  Human: new (config: Record<string, unknown>) => HumanInstance;
}

export interface HumanPackage {
  module: HumanModule;
  /** Folder of the packaged model files (json + bin). */
  modelsDir: string;
  /** Folder holding tfjs' wasm binaries, with a trailing separator as setWasmPaths wants. */
  wasmDir: string;
}

// Not named `require`: electron-vite declares its own `require` in bundles that call one.
const requirePackage = createRequire(import.meta.url);

/**
 * Finds and loads Human's Node WASM build. Its exports map names the file with keys that lack "./", so Node
 * refuses it by name; the file is required by path next to the package's main entry instead.
 */
export function loadHumanPackage(): HumanPackage {
  const humanMain = resolveOrExplain(HUMAN_PACKAGE);
  const wasmMain = resolveOrExplain(TFJS_WASM_PACKAGE);
  const distDir = path.dirname(humanMain);
  try {
    const module = requirePackage(path.join(distDir, 'human.node-wasm.js')) as HumanModule;
    return {
      module,
      modelsDir: path.join(distDir, '..', 'models'),
      wasmDir: path.dirname(wasmMain) + path.sep,
    };
  } catch (error) {
    throw missingPackage(HUMAN_PACKAGE, error);
  }
}

function resolveOrExplain(name: string): string {
  try {
    return requirePackage.resolve(name);
  } catch (error) {
    throw missingPackage(name, error);
  }
}

function missingPackage(name: string, cause: unknown): DubDeskError {
  return new DubDeskError(
    'engine_failed',
    `The built-in face engine needs the npm package ${name}, which is not installed or is ` +
      `damaged. Reinstall DubDesk's dependencies (npm install) and retry.`,
    { cause, retryable: false },
  );
}

/** The URL Human is given as its model folder; only the router below understands it. */
export function localModelBase(modelsDir: string): string {
  return LOCAL_SCHEME + modelsDir.split(path.sep).join('/') + '/';
}

let routerInstalled = false;

/** Teaches tfjs to load `file://` model URLs from disk (model JSON plus its weight shards), once per process. */
export function installLocalModelLoader(tf: Tfjs): void {
  if (routerInstalled) return;
  routerInstalled = true;
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith(LOCAL_SCHEME)) return null;
    const file = path.normalize(decodeURI(url.slice(LOCAL_SCHEME.length)));
    return { load: () => loadModelArtifacts(tf, file) };
  });
}

async function loadModelArtifacts(tf: Tfjs, file: string): Promise<unknown> {
  const json = JSON.parse(await fs.readFile(file, 'utf8')) as ModelJson;
  return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
    const specs: unknown[] = [];
    const shards: Buffer[] = [];
    for (const group of manifest) {
      specs.push(...group.weights);
      for (const shard of group.paths) shards.push(await fs.readFile(path.join(path.dirname(file), shard)));
    }
    const weights = Buffer.concat(shards);
    return [specs, weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer];
  });
}
