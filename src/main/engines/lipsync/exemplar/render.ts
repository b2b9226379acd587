// Renders a lip-synced video with the exemplar engine from a reusable folder (a precision_v1 job's own, or a
// reusable model's copy of it) and the mouth shapes the new audio asks for. Both paths run this same code, so the
// same audio gives the same video.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createFrameWriter } from '../../../media/frames.js';
import { referenceFrameFor } from '../frame-schedule.js';
import type { MouthContours, MouthShape } from '../mouth-shape.js';
import { scheduledReferenceFrames } from '../reference-frames.js';
import { resultEncodeArgs } from '../result-encode.js';
import type { LipsyncMediaDeps, LipsyncModelName, LipsyncRenderContext } from '../types.js';
import { readFaceTrackOf, type ExemplarManifest } from '../reusable-data.js';
import { chooseExemplars, cutsBetween } from './choose-exemplars.js';
import type { FaceFrame } from './face-frame.js';
import { measureMouth, openMouthBank, readMouthBankIndex } from './mouth-bank.js';
import { frameMouth, planMouthSources, STEADY_RADIUS } from './mouth-sources.js';
import { pasteExemplar, type WeightedPatch } from './paste-exemplar.js';
import { lipsOnFace, steadyLipsInFace, synthesiseMouth } from './synthesise-mouth.js';

export interface ExemplarRenderJob {
  /** The reusable folder (absolute) and its manifest. */
  dir: string;
  manifest: ExemplarManifest;
  /** The shape each output frame should show, from the driving audio. */
  targets: readonly MouthShape[];
  /** Absolute path of the file muxed as the result's sound. */
  audio: string;
  fps: number;
  model: LipsyncModelName;
  /** Absolute path of the video to write. */
  video: string;
}

/** One line for the task log: how the mouths were picked. */
export interface ExemplarRenderStats {
  frames: number;
  bankSize: number;
  distinctMouths: number;
  cuts: number;
  meanDistance: number;
  /** Frames with a mouth drawn, and how many of them the mouth warp re-posed (a bank mouth, pasted or already in place). */
  drawn: number;
  synthesised: number;
  /** Share of the drawn frames that show the person's own mouths as the bank holds them (1 without any drawn). */
  bankCoverage: number;
}

/**
 * Every output frame shows the reference frame underneath (cut or ping-pong) with a real mouth of the same person
 * pasted over its own: the one that best matches the audio (choose-exemplars.ts), cross-faded at cuts. Openings the
 * reference never shows (a silent one) are drawn by the mouth warp on the mouth already in place (mouth-sources.ts).
 */
export async function renderExemplar(
  job: ExemplarRenderJob,
  deps: LipsyncMediaDeps,
  ctx: Pick<LipsyncRenderContext, 'signal' | 'progress'>,
): Promise<ExemplarRenderStats> {
  const { reference } = job.manifest;
  const frameCount = job.targets.length;
  const faces = await readFaceTrackOf(job.dir, job.manifest);
  const bank = await readMouthBankIndex(job.dir);

  // How far each reference frame's head is turned, measured once, then read for every output frame that shows it.
  const turnOf = faces.map((face) => (face ? (measureMouth(face)?.noseU ?? null) : null));
  const noseU = job.targets.map((_, i) => turnOf[referenceFrameFor(i, reference.frameCount)] ?? null);
  const sources = planMouthSources(job.targets, bank);
  const choice = chooseExemplars(job.targets, noseU, sources.entries, { opening: sources.opening });
  // The bank slot of each reference frame: the mouth already in place under an output frame.
  const slotOfFrame = new Map(sources.entries.map((entry, slot) => [entry.frame, slot]));
  const faceFrames = JSON.parse(
    await readFile(path.join(job.dir, job.manifest.faceFrames), 'utf8'),
  ) as (FaceFrame | null)[];
  // The steady lips of each bank mouth the warp reshapes, measured once per reference frame.
  const lipsCache = new Map<number, MouthContours | null>();
  const lipsOf = (frame: number) => {
    if (!lipsCache.has(frame)) lipsCache.set(frame, steadyLipsInFace(frame, faces, faceFrames, STEADY_RADIUS));
    return lipsCache.get(frame)!;
  };

  const writer = createFrameWriter({
    output: job.video,
    width: reference.width,
    height: reference.height,
    fps: job.fps,
    pixelFormat: 'rgb24',
    encode: resultEncodeArgs(job.model, reference.isImage),
    audio: { file: job.audio },
    durationSec: frameCount / job.fps,
    signal: ctx.signal,
    ffmpeg: deps.media.ffmpeg,
  });
  const mouths = await openMouthBank(job.dir, bank);
  let written = 0;
  let drawn = 0;
  let synthesised = 0;
  let cuts = 0;
  const shown = new Set<number>();
  let previous: number | null = null;
  try {
    let last: Buffer | undefined;
    const frames = scheduledReferenceFrames(
      { path: path.join(job.dir, reference.file), fps: reference.fps, frameCount: reference.frameCount },
      frameCount,
      { signal: ctx.signal, ffmpeg: deps.media.ffmpeg },
    );
    for await (const frame of frames) {
      if (written >= frameCount) break;
      const faceFrame = faceFrames[frame.referenceIndex] ?? null;
      if (faceFrame) {
        const mouth = frameMouth(
          sources,
          job.targets[written]!,
          choice.slots[written]!,
          slotOfFrame.get(frame.referenceIndex) ?? null,
        );
        const { slot } = mouth;
        // A cut to another part of the reference is cross-faded with the mouth before it, so it never pops.
        const cut = previous !== null && cutsBetween(bank.entries[previous]!, bank.entries[slot]!);
        const patches: WeightedPatch[] = mouth.pasted || cut ? [{ patch: await mouths.read(slot), weight: 1 }] : [];
        if (cut) patches.push({ patch: await mouths.read(previous!), weight: 1 });
        const image = { data: frame.data, width: reference.width, height: reference.height };
        if (patches.length === 0 || pasteExemplar(image, faceFrame, bank, patches)) {
          drawn++;
          if (cut) cuts++;
          shown.add(slot);
          previous = slot;
          const lips = mouth.synthesis ? lipsOf(sources.entries[slot]!.frame) : null;
          if (mouth.synthesis && lips && synthesiseMouth(image, lipsOnFace(lips, faceFrame), mouth.synthesis))
            synthesised++;
        }
      }
      await writer.write(frame.data);
      last = frame.data;
      ctx.progress(++written / frameCount);
    }
    // A reference can hold fewer frames than its duration promised: the last one fills the rest.
    while (last && written < frameCount) {
      await writer.write(last);
      ctx.progress(++written / frameCount);
    }
    await writer.end();
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await mouths.close();
  }
  return {
    frames: written,
    bankSize: bank.entries.length,
    distinctMouths: shown.size,
    cuts,
    meanDistance: choice.meanDistance,
    drawn,
    synthesised,
    bankCoverage: drawn > 0 ? (drawn - synthesised) / drawn : 1,
  };
}

export function describeExemplarStats(stats: ExemplarRenderStats, fps: number): string {
  return (
    `rendered ${stats.frames} frames at ${fps.toFixed(2)} fps: ${stats.distinctMouths} different mouths of ${stats.bankSize}, ` +
    `${stats.cuts} cuts (cross-faded), mean shape distance ${stats.meanDistance.toFixed(3)}; ${describeMouthSources(stats)}`
  );
}

/** How much of the result shows the reference's own mouths and how much the warp drew (the two shares add up to 100). */
export function describeMouthSources(stats: Pick<ExemplarRenderStats, 'bankCoverage'>): string {
  const own = Math.round(stats.bankCoverage * 100);
  return `mouths: ${own} % from the reference's own, ${100 - own} % synthesised`;
}
