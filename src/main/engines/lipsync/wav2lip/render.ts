// Renders a lip-synced video from a reusable folder and driving audio: a precision_v1 job's own folder, or a
// reusable model's copy of it. Both paths run this same code, so the same audio gives the same video.
import path from 'node:path';
import { DubDeskError } from '../../../../shared/errors.js';
import { decodeAudioPcm } from '../../../media/audio.js';
import type { LipsyncFrame, LipsyncGenerator } from '../types.js';
import {
  melWindowStart,
  WAV2LIP_MEL_BANDS,
  WAV2LIP_MEL_WINDOW,
  wav2lipMel,
  writeMelWindow,
} from '../../../media/dsp/mel.js';
import { createFrameWriter } from '../../../media/frames.js';
import { decodeStillImage } from '../../../media/still-image.js';
import { applyIdleMotion, planIdleMotion } from '../mouth-warp/idle-motion.js';
import { scheduledReferenceFrames } from '../reference-frames.js';
import type { LipsyncEngineDeps, LipsyncMediaDeps, LipsyncRenderContext, PlannedRestoration } from '../types.js';
import { MaskCache, pasteGeneratedFace } from '../../../media/image/paste-face.js';
import { describeRestoreStats, openMouthRestorer, type RestoreStats, type RestoreTarget } from './restore.js';
import { openCropReader, readCropBoxes, readFaceTrackOf, type GeneratorManifest } from '../reusable-data.js';
import type { PixelBox } from '../../../media/image/rgb-image.js';

/** Frames waiting for their batch are held whole: this caps their memory for large pictures. */
const MAX_PENDING_BYTES = 256 * 1024 * 1024;

export type PrecisionDeps = LipsyncEngineDeps;

export interface PrecisionRenderJob {
  /** The reusable folder (absolute) and its manifest. */
  dir: string;
  manifest: GeneratorManifest;
  /** Absolute paths: the file muxed as the result's sound, and its 16 kHz mono WAV that drives the mouth. */
  audio: { path: string; wav16k: string };
  output: { fps: number; frameCount: number };
  /** Absolute path of the video to write. */
  video: string;
  /** The job's plan for restoring the face after the generator: restored exactly when it names an engine. */
  restoration: PlannedRestoration;
}

export interface PrecisionRenderStats {
  /** The generator's title: the engine that drew the mouths. */
  engine: string;
  frames: number;
  /** Frames whose face was generated (the rest had no face and passed through). */
  generated: number;
  /** Frames per model run, in order. */
  batches: number[];
  /** Time inside the model, in JS packing/unpacking and pasting, and overall, in ms. */
  modelMs: number;
  jsMs: number;
  totalMs: number;
  /** Present when a face-restoration model sharpened the mouths. */
  restoration?: RestoreStats;
}

interface PendingFrame {
  outputIndex: number;
  data: Buffer;
  box: PixelBox | null;
  /** Its place in the batch sent to the generator, -1 without a face. */
  slot: number;
}

/** The reference's frames in output order (ping-pong or cut), or the picture for every frame. */
async function* referenceFrames(
  job: PrecisionRenderJob,
  deps: LipsyncMediaDeps,
  signal: AbortSignal,
): AsyncGenerator<{ referenceIndex: number; data: Buffer }> {
  const { reference } = job.manifest;
  const file = path.join(job.dir, reference.file);
  if (reference.isImage) {
    const image = await decodeStillImage(file, { signal, ffmpeg: deps.media.ffmpeg, ffprobe: deps.media.ffprobe });
    for (let i = 0; i < job.output.frameCount; i++) yield { referenceIndex: 0, data: Buffer.from(image.data) };
    return;
  }
  yield* scheduledReferenceFrames(
    { path: file, fps: reference.fps, frameCount: reference.frameCount },
    job.output.frameCount,
    { signal, ffmpeg: deps.media.ffmpeg },
  );
}

/** Frames per generator run: a fixed batch exactly; a dynamic one the generator's preferred size, fewer for huge frames. */
function batchSizeFor(generator: LipsyncGenerator, frameBytes: number): number {
  const { size, fixed } = generator.batch;
  return fixed ? size : Math.max(1, Math.min(size, Math.floor(MAX_PENDING_BYTES / frameBytes)));
}

/**
 * Lip-syncs every output frame: its reference frame's stored crop goes to the generator (masked lower half plus
 * the whole crop) with the frame's mel window, in batches; each generated face is pasted back over the lower half
 * of its box. Frames without a face pass through unchanged.
 */
export async function renderPrecision(
  job: PrecisionRenderJob,
  deps: PrecisionDeps,
  ctx: LipsyncRenderContext,
): Promise<PrecisionRenderStats> {
  const started = performance.now();
  const { manifest, output } = job;
  const { reference } = manifest;
  const generator = await deps.engines.requireLipsyncModel();
  if (generator.cropSize !== manifest.cropSize) {
    throw new DubDeskError(
      'invalid_request',
      `The stored face crops are ${manifest.cropSize}x${manifest.cropSize}, ` +
        `but ${generator.title} draws ${generator.cropSize}x${generator.cropSize}; make them again ` +
        `with a new lip-sync task.`,
    );
  }
  const restorer = await openMouthRestorer(deps.engines, job.restoration, ctx.log);
  const samples = await decodeAudioPcm(job.audio.wav16k, {
    sampleRate: 16_000,
    signal: ctx.signal,
    ffmpeg: deps.media.ffmpeg,
  });
  const mel = wav2lipMel(samples);
  if (mel.steps === 0) throw new DubDeskError('no_audio', 'The driving audio holds no sound to lip-sync to.');
  const boxes = await readCropBoxes(job.dir, manifest);
  const crops = await openCropReader(job.dir, manifest);
  const batchSize = batchSizeFor(generator, reference.width * reference.height * 3);
  // The batch's faces and mel windows; one window buffer per slot, refilled for every batch.
  const batch: LipsyncFrame[] = [];
  const melWindows = Array.from({ length: batchSize }, () => new Float32Array(WAV2LIP_MEL_BANDS * WAV2LIP_MEL_WINDOW));
  const masks = new MaskCache();
  // A still picture gets the same blinks and head sway as standard_v1 (seeded by the frame count: reproducible).
  const idle = reference.isImage
    ? {
        plan: planIdleMotion(output.frameCount, output.fps),
        face: (await readFaceTrackOf(job.dir, manifest))[0] ?? null,
      }
    : undefined;
  const stats: PrecisionRenderStats = {
    engine: generator.title,
    frames: 0,
    generated: 0,
    batches: [],
    modelMs: 0,
    jsMs: 0,
    totalMs: 0,
  };

  const writer = createFrameWriter({
    output: job.video,
    width: reference.width,
    height: reference.height,
    fps: output.fps,
    pixelFormat: 'rgb24',
    audio: { file: job.audio.path },
    durationSec: output.frameCount / output.fps,
    signal: ctx.signal,
    ffmpeg: deps.media.ffmpeg,
  });
  let pending: PendingFrame[] = [];
  let last: Buffer | undefined;

  const flush = async () => {
    if (batch.length > 0) {
      let before = performance.now();
      const generated = await generator.run(batch, ctx.signal);
      stats.modelMs += generated.modelMs;
      // Packing and unpacking the generator's tensors counts as JS; modelMs is the runtime alone.
      stats.jsMs += performance.now() - before - generated.modelMs;
      before = performance.now();
      const faces: (RestoreTarget & { outputIndex: number })[] = [];
      for (const frame of pending) {
        if (!frame.box) continue;
        const picture = { data: frame.data, width: reference.width, height: reference.height };
        pasteGeneratedFace(picture, generated.faces[frame.slot]!, frame.box, masks);
        faces.push({ picture, box: frame.box, outputIndex: frame.outputIndex });
      }
      stats.jsMs += performance.now() - before;
      // Restored before the sway, while each face is still inside its box.
      if (restorer) await restorer.restore(faces, masks, ctx.signal);
      before = performance.now();
      // Sway last, so the new mouth moves with the head.
      if (idle?.face)
        for (const face of faces) applyIdleMotion(face.picture, idle.face, idle.plan.poseAt(face.outputIndex));
      stats.jsMs += performance.now() - before;
      stats.batches.push(batch.length);
      stats.generated += batch.length;
    }
    for (const frame of pending) {
      await writer.write(frame.data);
      last = frame.data;
      ctx.progress(++stats.frames / output.frameCount);
    }
    pending = [];
    batch.length = 0;
  };

  try {
    let outputIndex = 0;
    for await (const frame of referenceFrames(job, deps, ctx.signal)) {
      if (outputIndex >= output.frameCount) break;
      const box = boxes[frame.referenceIndex] ?? null;
      if (box) {
        const face = await crops.read(frame.referenceIndex);
        const before = performance.now();
        const slot = batch.length;
        writeMelWindow(mel, melWindowStart(outputIndex, output.fps), melWindows[slot]!);
        batch.push({ face, mel: melWindows[slot]! });
        stats.jsMs += performance.now() - before;
        pending.push({ outputIndex, data: frame.data, box, slot });
      } else {
        pending.push({ outputIndex, data: frame.data, box: null, slot: -1 });
      }
      outputIndex++;
      if (batch.length === batchSize) await flush();
    }
    await flush();
    // A reference can hold fewer frames than its duration promised: the last one fills the rest.
    while (last && stats.frames < output.frameCount) {
      await writer.write(last);
      ctx.progress(++stats.frames / output.frameCount);
    }
    await writer.end();
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await crops.close();
  }
  stats.totalMs = performance.now() - started;
  if (restorer) stats.restoration = restorer.stats;
  return stats;
}

/** One line for the task log: where the time went. */
export function describeRenderStats(stats: PrecisionRenderStats, fps: number): string {
  const perFrame = (ms: number) => (stats.frames ? ms / stats.frames : 0).toFixed(1);
  const restoring = stats.restoration ? stats.restoration.modelMs + stats.restoration.jsMs : 0;
  return (
    `rendered ${stats.frames} frames at ${fps.toFixed(2)} fps, ${stats.generated} generated in ${stats.batches.length} model runs; ` +
    `per frame: model ${perFrame(stats.modelMs)} ms, tensors, paste and idle motion in ` +
    `JS ${perFrame(stats.jsMs)} ms, everything else (decode, ` +
    `encode) ${perFrame(stats.totalMs - stats.modelMs - stats.jsMs - restoring)} ms` +
    (stats.restoration ? `; ${describeRestoreStats(stats.restoration)}` : '')
  );
}
