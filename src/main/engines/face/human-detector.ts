// The built-in face engine: Human's BlazeFace detector + 468-point face mesh on tfjs' WASM backend, with the
// weights that ship inside the npm package. One detection costs about 45-70 ms of one core on a 720p frame; the
// finder alone about 35, the mesh alone on a known square (mesh-fit.ts) about 8.
import { DubDeskError } from '../../../shared/errors.js';
import { landmarksFromMesh } from './facemesh-landmarks.js';
import { fitMesh } from './mesh-fit.js';
import {
  installLocalModelLoader,
  loadHumanPackage,
  localModelBase,
  type HumanInstance,
  type TfTensor,
} from './human-package.js';
import type { Box, FaceDetector, FaceLandmarks, RgbFrame } from './types.js';

export interface FaceDetectorOptions {
  /** Frames larger than this on their long side are scaled down before detection; landmarks come back in frame pixels. */
  maxInputSide?: number;
  /** Faces considered per frame (by detector score) before the largest-first sort. */
  maxFaces?: number;
  /** Detector confidence below which a face is ignored, 0..1. */
  minConfidence?: number;
}

/** 720p passes through untouched: the mesh needs the face's own pixels for precise lips. */
const DEFAULT_MAX_INPUT_SIDE = 1280;
const DEFAULT_MAX_FACES = 5;
const DEFAULT_MIN_CONFIDENCE = 0.3;

function humanConfig(
  modelBasePath: string,
  wasmPath: string,
  options: Required<FaceDetectorOptions>,
): Record<string, unknown> {
  const off = { enabled: false };
  return {
    backend: 'wasm',
    wasmPath,
    modelBasePath,
    debug: false,
    warmup: 'none',
    cacheModels: false,
    // Human's own frame cache skips detection on wall-clock timers; tracking.ts decides key frames instead.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false, autoBrightness: false },
    gesture: off,
    face: {
      enabled: true,
      detector: {
        rotation: false,
        maxDetected: options.maxFaces,
        minConfidence: options.minConfidence,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: true },
      iris: off,
      attention: off,
      emotion: off,
      description: off,
      antispoof: off,
      liveness: off,
    },
    body: off,
    hand: off,
    object: off,
    segmentation: off,
  };
}

/** Loads the packaged face models (no network) and returns a detector; the WASM backend starts once per process. */
export async function createFaceDetector(options: FaceDetectorOptions = {}): Promise<FaceDetector> {
  const settings: Required<FaceDetectorOptions> = {
    maxInputSide: options.maxInputSide ?? DEFAULT_MAX_INPUT_SIDE,
    maxFaces: options.maxFaces ?? DEFAULT_MAX_FACES,
    minConfidence: options.minConfidence ?? DEFAULT_MIN_CONFIDENCE,
  };
  const pkg = loadHumanPackage();
  const human = new pkg.module.Human(humanConfig(localModelBase(pkg.modelsDir), pkg.wasmDir, settings));
  installLocalModelLoader(human.tf);
  try {
    await human.load();
  } catch (error) {
    throw engineFailure('could not load its models', error);
  }
  // Human logs and carries on when a model fails to load; a detector without them would find nothing.
  if (!human.models.models.blazeface || !human.models.models.facemesh) {
    throw engineFailure(`could not load its models from ${pkg.modelsDir}`);
  }
  return new HumanFaceDetector(human, settings);
}

class HumanFaceDetector implements FaceDetector {
  #human: HumanInstance | null;
  readonly #settings: Required<FaceDetectorOptions>;
  // Human keeps per-call state in module globals, so calls run one at a time.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(human: HumanInstance, settings: Required<FaceDetectorOptions>) {
    this.#human = human;
    this.#settings = settings;
  }

  detect(frame: RgbFrame): Promise<FaceLandmarks[]> {
    return this.#inTurn(async (human) => {
      const { result, scaleX, scaleY } = await this.#runHuman(human, frame);
      return result.face
        .filter((face) => face.mesh.length > 0)
        .map((face) =>
          landmarksFromMesh(face.mesh, face.score, { width: frame.width, height: frame.height, scaleX, scaleY }),
        )
        .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    });
  }

  findFaces(frame: RgbFrame): Promise<Box[]> {
    return this.#inTurn(async (human) => {
      // Human skips the mesh when it is off, and then reports the finder's square itself; calls run one at a time.
      human.config.face.mesh.enabled = false;
      let found: Awaited<ReturnType<HumanInstance['detect']>>;
      try {
        ({ result: found } = await this.#runHuman(human, frame));
      } finally {
        human.config.face.mesh.enabled = true;
      }
      return found.face
        .map(({ boxRaw: [x, y, width, height] }) => ({
          x: x * frame.width,
          y: y * frame.height,
          width: width * frame.width,
          height: height * frame.height,
        }))
        .sort((a, b) => b.width * b.height - a.width * a.height);
    });
  }

  fitLandmarks(frame: RgbFrame, square: Box): Promise<FaceLandmarks | null> {
    return this.#inTurn(async (human) => {
      validateFrame(frame);
      try {
        // Human holds its mesh to the finder's bar too (a face whose mesh confidence is below it is dropped).
        return await fitMesh(human.tf, human.models.models.facemesh!, frame, square, this.#settings.minConfidence);
      } catch (error) {
        throw engineFailure('failed on a frame', error);
      }
    });
  }

  #inTurn<T>(work: (human: HumanInstance) => Promise<T>): Promise<T> {
    const run = this.#queue.then(() => {
      if (!this.#human) throw new Error('The face detector was disposed.');
      return work(this.#human);
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  async #runHuman(human: HumanInstance, frame: RgbFrame) {
    validateFrame(frame);
    const { tensor: input, scaleX, scaleY } = frameTensor(human, frame, this.#settings.maxInputSide);
    let result: Awaited<ReturnType<HumanInstance['detect']>>;
    try {
      result = await human.detect(input);
    } catch (error) {
      throw engineFailure('failed on a frame', error);
    } finally {
      input.dispose();
    }
    if (result.error) throw engineFailure(`failed on a frame: ${result.error}`);
    return { result, scaleX, scaleY };
  }

  /** Waits for detections already queued (freeing weights under a running one crashes tfjs), then frees them. */
  async dispose(): Promise<void> {
    await this.#queue;
    const human = this.#human;
    this.#human = null;
    if (!human) return;
    for (const model of Object.values(human.models.models)) model?.dispose?.();
    // Human caches its models in module state; reset() marks it so the next instance loads them afresh.
    human.reset();
  }
}

/** An RGB tensor of the frame (alpha dropped) no larger than maxSide, and the factors back to frame pixels. */
function frameTensor(
  human: HumanInstance,
  frame: RgbFrame,
  maxSide: number,
): { tensor: TfTensor; scaleX: number; scaleY: number } {
  const { tf } = human;
  const scale = Math.min(1, maxSide / Math.max(frame.width, frame.height));
  const pixels = tf.tensor3d(frame.data, [frame.height, frame.width, frame.channels], 'int32');
  let rgb = pixels;
  if (frame.channels === 4) {
    rgb = tf.slice(pixels, [0, 0, 0], [-1, -1, 3]);
    pixels.dispose();
  }
  if (scale >= 1) return { tensor: rgb, scaleX: 1, scaleY: 1 };
  const width = Math.max(1, Math.round(frame.width * scale));
  const height = Math.max(1, Math.round(frame.height * scale));
  const resized = tf.image.resizeBilinear(rgb, [height, width]);
  rgb.dispose();
  return { tensor: resized, scaleX: frame.width / width, scaleY: frame.height / height };
}

function validateFrame(frame: RgbFrame): void {
  const expected = frame.width * frame.height * frame.channels;
  if (
    !(frame.width > 0 && frame.height > 0) ||
    (frame.channels !== 3 && frame.channels !== 4) ||
    frame.data.length !== expected
  ) {
    throw new RangeError(
      `A ${frame.width}x${frame.height} frame with ${frame.channels} channels has ${expected} bytes, not ${frame.data.length}.`,
    );
  }
}

function engineFailure(what: string, cause?: unknown): DubDeskError {
  const reason = cause instanceof Error ? ` (${cause.message})` : '';
  return new DubDeskError('engine_failed', `The built-in face engine ${what}${reason}.`, { cause });
}
