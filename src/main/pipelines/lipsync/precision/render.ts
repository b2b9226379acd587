// Renders a lip-synced video from a reusable folder and driving audio: a precision_v1 job's own folder, or a
// reusable model's copy of it. Both paths run this same code, so the same audio gives the same video.
import path from 'node:path';
import { DubDeskError } from '../../../../shared/errors.js';
import { decodeAudioPcm } from '../../../media/audio.js';
import { melWindowStart, wav2lipMel, writeMelWindow } from '../../../media/dsp/mel.js';
import { createFrameWriter } from '../../../media/frames.js';
import { decodeStillImage } from '../../../media/still-image.js';
import type { BoundSession, ModelStore } from '../../../models/model-store.js';
import { readSignature, Tensor } from '../../../models/onnx-runtime.js';
import { PRECISION_LIPSYNC_MODEL } from '../../../requests/job-specs.js';
import type { StageContext } from '../../types.js';
import { applyIdleMotion, planIdleMotion } from '../idle-motion.js';
import { scheduledReferenceFrames } from '../reference-frames.js';
import type { LipsyncDeps } from '../types.js';
import { FACE_CROP_SIZE } from './crop-box.js';
import { FACE_OUTPUT_FLOATS, FACES_INPUT_FLOATS, MEL_INPUT_FLOATS, readFaceOutput, writeFacesInput } from './model-io.js';
import { MaskCache, pasteGeneratedFace } from './paste.js';
import { describeRestoreStats, openMouthRestorer, type RestoreStats, type RestoreTarget } from './restore.js';
import { openCropReader, readCropBoxes, readFaceTrackOf, type ReusableManifest } from './reusable-data.js';
import type { PixelBox } from '../../../media/image/rgb-image.js';

/** The generator's file in its catalogue entry (src/main/models/catalogue.ts, 'wav2lip-gan-96'). */
export const WAV2LIP_MODEL_FILE = 'wav2lip_gan_96.onnx';
/** Frames per model run when the model's batch is dynamic: Wav2Lip-sized batches amortise the per-run cost. */
export const PREFERRED_BATCH = 16;
/** Frames waiting for their batch are held whole: this caps their memory for large pictures. */
const MAX_PENDING_BYTES = 256 * 1024 * 1024;

export interface PrecisionDeps extends LipsyncDeps {
  models: Pick<ModelStore, 'openSession' | 'isInstalled' | 'requireInstalled'>;
}

export interface PrecisionRenderJob {
  /** The reusable folder (absolute) and its manifest. */
  dir: string;
  manifest: ReusableManifest;
  /** Absolute paths: the file muxed as the result's sound, and its 16 kHz mono WAV that drives the mouth. */
  audio: { path: string; wav16k: string };
  output: { fps: number; frameCount: number };
  /** Absolute path of the video to write. */
  video: string;
}

export interface PrecisionRenderStats {
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
  slot: number;
}

/** The reference's frames in output order (ping-pong or cut), or the picture for every frame. */
async function* referenceFrames(job: PrecisionRenderJob, deps: LipsyncDeps, signal: AbortSignal): AsyncGenerator<{ referenceIndex: number; data: Buffer }> {
  const { reference } = job.manifest;
  const file = path.join(job.dir, reference.file);
  if (reference.isImage) {
    const image = await decodeStillImage(file, { signal, ffmpeg: deps.media.ffmpeg, ffprobe: deps.media.ffprobe });
    for (let i = 0; i < job.output.frameCount; i++) yield { referenceIndex: 0, data: Buffer.from(image.data) };
    return;
  }
  yield* scheduledReferenceFrames({ path: file, fps: reference.fps, frameCount: reference.frameCount }, job.output.frameCount, { signal, ffmpeg: deps.media.ffmpeg });
}

/** A model file with a fixed batch gets exactly that; a dynamic one the preferred size, fewer for huge frames. */
function batchSizeFor(bound: BoundSession, frameBytes: number): { size: number; fixed: boolean } {
  const first = readSignature(bound.session).inputs.find((input) => input.name === bound.inputs.faces)?.dims?.[0];
  if (typeof first === 'number' && first > 0) return { size: first, fixed: true };
  return { size: Math.max(1, Math.min(PREFERRED_BATCH, Math.floor(MAX_PENDING_BYTES / frameBytes))), fixed: false };
}

/**
 * Lip-syncs every output frame: its reference frame's stored crop goes to the generator (masked lower half plus
 * the whole crop) with the frame's mel window, in batches; each generated face is pasted back over the lower half
 * of its box. Frames without a face pass through unchanged.
 */
export async function renderPrecision(job: PrecisionRenderJob, deps: PrecisionDeps, ctx: Pick<StageContext, 'signal' | 'progress' | 'log'>): Promise<PrecisionRenderStats> {
  const started = performance.now();
  const { manifest, output } = job;
  const { reference } = manifest;
  const bound = await deps.models.openSession(PRECISION_LIPSYNC_MODEL, WAV2LIP_MODEL_FILE);
  const restorer = await openMouthRestorer(deps.models, ctx.log);
  const samples = await decodeAudioPcm(job.audio.wav16k, { sampleRate: 16_000, signal: ctx.signal, ffmpeg: deps.media.ffmpeg });
  const mel = wav2lipMel(samples);
  if (mel.steps === 0) throw new DubDeskError('no_audio', 'The driving audio holds no sound to lip-sync to.');
  const boxes = await readCropBoxes(job.dir, manifest);
  const crops = await openCropReader(job.dir, manifest);
  const batch = batchSizeFor(bound, reference.width * reference.height * 3);
  const melInput = new Float32Array(batch.size * MEL_INPUT_FLOATS);
  const facesInput = new Float32Array(batch.size * FACES_INPUT_FLOATS);
  const masks = new MaskCache();
  // A still picture gets the same blinks and head sway as standard_v1 (seeded by the frame count: reproducible).
  const idle = reference.isImage ? { plan: planIdleMotion(output.frameCount, output.fps), face: (await readFaceTrackOf(job.dir, manifest))[0] ?? null } : undefined;
  const stats: PrecisionRenderStats = { frames: 0, generated: 0, batches: [], modelMs: 0, jsMs: 0, totalMs: 0 };

  const writer = createFrameWriter({
    output: job.video, width: reference.width, height: reference.height, fps: output.fps, pixelFormat: 'rgb24',
    audio: { file: job.audio.path }, durationSec: output.frameCount / output.fps, signal: ctx.signal, ffmpeg: deps.media.ffmpeg,
  });
  let pending: PendingFrame[] = [];
  let slots = 0;
  let last: Buffer | undefined;

  const runBatch = async (): Promise<Float32Array> => {
    // A fixed-batch model gets its full batch (unused slots hold stale data whose output is ignored).
    const n = batch.fixed ? batch.size : slots;
    const before = performance.now();
    const results = await bound.run({
      mel: new Tensor('float32', melInput.subarray(0, n * MEL_INPUT_FLOATS), [n, 1, 80, 16]),
      faces: new Tensor('float32', facesInput.subarray(0, n * FACES_INPUT_FLOATS), [n, 6, FACE_CROP_SIZE, FACE_CROP_SIZE]),
    }, { signal: ctx.signal });
    stats.modelMs += performance.now() - before;
    const generated = results.output;
    if (!generated || generated.type !== 'float32' || generated.data.length < slots * FACE_OUTPUT_FLOATS) {
      throw new DubDeskError('engine_failed', `The lip-sync model returned ${generated ? `${generated.type} [${generated.dims.join(', ')}]` : 'nothing'}, not ${slots} faces of 3x96x96.`);
    }
    return generated.data as Float32Array;
  };

  const flush = async () => {
    if (slots > 0) {
      const generated = await runBatch();
      let before = performance.now();
      const faces: (RestoreTarget & { outputIndex: number })[] = [];
      for (const frame of pending) {
        if (!frame.box) continue;
        const picture = { data: frame.data, width: reference.width, height: reference.height };
        pasteGeneratedFace(picture, readFaceOutput(generated, frame.slot), frame.box, masks);
        faces.push({ picture, box: frame.box, outputIndex: frame.outputIndex });
      }
      stats.jsMs += performance.now() - before;
      // Restored before the sway, while each face is still inside its box.
      if (restorer) await restorer.restore(faces, masks, ctx.signal);
      before = performance.now();
      // Sway last, so the new mouth moves with the head.
      if (idle?.face) for (const face of faces) applyIdleMotion(face.picture, idle.face, idle.plan.poseAt(face.outputIndex));
      stats.jsMs += performance.now() - before;
      stats.batches.push(slots);
      stats.generated += slots;
    }
    for (const frame of pending) {
      await writer.write(frame.data);
      last = frame.data;
      ctx.progress(++stats.frames / output.frameCount);
    }
    pending = [];
    slots = 0;
  };

  try {
    let outputIndex = 0;
    for await (const frame of referenceFrames(job, deps, ctx.signal)) {
      if (outputIndex >= output.frameCount) break;
      const box = boxes[frame.referenceIndex] ?? null;
      if (box) {
        const crop = await crops.read(frame.referenceIndex);
        const before = performance.now();
        writeFacesInput(crop, facesInput, slots);
        writeMelWindow(mel, melWindowStart(outputIndex, output.fps), melInput, slots * MEL_INPUT_FLOATS);
        stats.jsMs += performance.now() - before;
        pending.push({ outputIndex, data: frame.data, box, slot: slots++ });
      } else {
        pending.push({ outputIndex, data: frame.data, box: null, slot: -1 });
      }
      outputIndex++;
      if (slots === batch.size) await flush();
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
  return `rendered ${stats.frames} frames at ${fps.toFixed(2)} fps, ${stats.generated} generated in ${stats.batches.length} model runs; `
    + `per frame: model ${perFrame(stats.modelMs)} ms, tensors, paste and idle motion in JS ${perFrame(stats.jsMs)} ms, everything else (decode, encode) ${perFrame(stats.totalMs - stats.modelMs - stats.jsMs - restoring)} ms`
    + (stats.restoration ? `; ${describeRestoreStats(stats.restoration)}` : '');
}
