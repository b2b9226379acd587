// Lip-sync: the engine interface every way of drawing new mouths implements (mouth warp, exemplar, Wav2Lip), and
// the generator a Wav2Lip-class model is: it redraws the lower half of a face crop to the sound around its frame.
import type { LipsyncRequest } from '../../../shared/schemas/jobs.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import type { RgbImage } from '../../media/image/rgb-image.js';
import type { EngineNeeds } from '../capability-table.js';
import type { FaceLandmarks } from '../face/types.js';
import type { EngineQuality } from '../quality.js';
import type { Engines } from '../registry.js';
import type { MouthShape } from './mouth-shape.js';
import type { PlanStepBody } from '../../../shared/schemas/job-plan.js';

/** One frame to lip-sync. */
export interface LipsyncFrame {
  /** The face, a square packed RGB crop of `cropSize` pixels. */
  face: RgbImage;
  /** The mel window around the frame: 80 bands x 16 steps, band-major, as media/dsp/mel.ts writes it. */
  mel: Float32Array;
}

export interface GeneratedFaces {
  /** One face per frame in, same order and size; reused by the generator's next run, so paste them before it. */
  faces: RgbImage[];
  /** Time inside the model runtime, ms (packing and unpacking excluded). */
  modelMs: number;
}

export interface LipsyncGenerator {
  /** Catalogue id of the model it runs. */
  readonly modelId: string;
  readonly title: string;
  /** Side of the square face crops it takes and draws. */
  readonly cropSize: number;
  /** Frames per model run: a file with a fixed batch runs exactly that many (fewer are padded), else a preferred count. */
  readonly batch: { size: number; fixed: boolean };
  run(frames: readonly LipsyncFrame[], signal: AbortSignal): Promise<GeneratedFaces>;
}

/** The request's model name: standard_v1 or precision_v1. */
export type LipsyncModelName = LipsyncRequest['model'];

/** The engines' ids; a plan stores one (plans saved before Wav2Lip had an id say 'generator', see engines.ts). */
export type LipsyncEngineId = 'mouth-warp' | 'exemplar' | 'wav2lip';

/** What a stage before the render prepares for an engine: named as the lip-sync pipeline's stage that writes it. */
export type LipsyncPreparation = 'mouth-targets' | 'face-crops' | 'mouth-bank';

/** The reference video or picture a job lip-syncs, as its plan settles it. */
export interface LipsyncReference {
  /** Relative to the work dir, or absolute for a local file, in a plan; absolute in a render job. */
  path: string;
  name: string;
  isImage: boolean;
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  /** The reference has its own sound (absent in plans saved before it was recorded). */
  hasAudio?: boolean;
}

export interface LipsyncMediaDeps {
  media: MediaTools;
}

/** What every engine may use: ffmpeg, and the model-backed engines (detector, generator, face restorer). */
export interface LipsyncEngineDeps extends LipsyncMediaDeps {
  engines: Pick<Engines, 'faceDetector' | 'requireLipsyncModel' | 'plannedFaceRestorer' | 'lipsyncGeneratorInstalled'>;
}

/** The job's cancel signal, progress (0..1 of the render) and log. */
export interface LipsyncRenderContext {
  signal: AbortSignal;
  progress(fraction: number): void;
  log(message: string, level?: 'info' | 'warn' | 'error'): void;
}

/** What the stages before the render prepared, read only by the engines that use it. */
export interface LipsyncPrepared {
  /** The face landmarks of every reference frame (null where none was found). */
  faceTrack(): Promise<(FaceLandmarks | null)[]>;
  /** The mouth shape each output frame should show, from the driving audio ('mouth-targets'). */
  mouthTargets(): Promise<(index: number) => MouthShape>;
  /** The absolute reusable folder the 'face-crops' or 'mouth-bank' stage wrote. */
  reusableFolder(): string;
}

/** The job's plan for the face restoration: its engine, or why it is skipped (absent: the plan has no such step). */
export type PlannedRestoration = Pick<PlanStepBody, 'engine' | 'skipped'> | undefined;

/** One render: the settled plan with absolute paths, and where to write the video. */
export interface LipsyncRenderJob {
  model: LipsyncModelName;
  reference: LipsyncReference;
  output: { fps: number; frameCount: number };
  /** The file muxed as the result's sound, and its 16 kHz mono WAV that drives the mouths. */
  audio: { path: string; wav16k: string };
  /** The video to write. */
  video: string;
  prepared: LipsyncPrepared;
  /** The job's plan for restoring the face after a Wav2Lip render (the other engines draw no face to restore). */
  restoration: PlannedRestoration;
}

export interface LipsyncRendered {
  /** What the task's stage list names as the engine that drew the mouths. */
  engine: string;
  /** One line for the job log: how the render went. */
  summary: string;
  /** What the engine adds to the render stage's output (e.g. bankCoverage, stats). */
  details: Record<string, unknown>;
}

/** A way of drawing the new mouths of a lip-sync job. */
export interface LipsyncEngine {
  readonly id: LipsyncEngineId;
  readonly title: string;
  readonly quality: EngineQuality;
  /** How the skipped stages' reasons name it: "used only by the mouth warp". */
  readonly inWords: string;
  /** The request models it draws for, and the references it takes. */
  readonly supports: { readonly models: readonly LipsyncModelName[]; readonly media: readonly ('picture' | 'video')[] };
  readonly needs: EngineNeeds;
  /** The stages before the render it reads (the others are skipped for it). */
  readonly uses: readonly LipsyncPreparation[];
  render(job: LipsyncRenderJob, deps: LipsyncEngineDeps, ctx: LipsyncRenderContext): Promise<LipsyncRendered>;
}
