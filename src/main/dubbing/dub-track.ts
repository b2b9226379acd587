// Assembles the dub track: each synthesized line stretched as planned and placed at its cue in a
// silent track as long as the output, with short fades against clicks; written as a WAV atomically.
// writeDubTrack streams: one clip in memory at a time, so memory does not grow with the number of lines.
import { readFile, writeFile } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { writeHandleAtomic } from '../files/atomic-write.js';
import { pcm16, wavHeader } from '../media/audio.js';
import { resample } from '../media/dsp/resample.js';
import { timeStretch } from '../media/dsp/time-stretch.js';
import type { PlannedLine } from './timing-plan.js';

/** One synthesized line (mono, -1..1), matched to its plan line by cue index. */
export interface DubClip {
  index: number;
  samples: Float32Array;
  sampleRate: number;
}

/** A synthesized line kept on disk (saveClip: raw 32-bit float samples), read back only when it is placed. */
export interface StoredClip {
  index: number;
  /** Absolute path of the raw float32 little-endian file, or of a compressed one that `decode` reads. */
  file: string;
  sampleRate: number;
  /** Number of samples. */
  length: number;
  /** A compressed take (the project clip cache's FLAC): its samples at `sampleRate`. */
  decode?: (signal?: AbortSignal) => Promise<Float32Array>;
}

export type ClipSource = DubClip | StoredClip;

/** Writes a clip's samples to `file` and returns what the track needs to find it again. */
export async function saveClip(
  file: string,
  index: number,
  samples: Float32Array,
  sampleRate: number,
): Promise<StoredClip> {
  await writeFile(file, new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
  return { index, file, sampleRate, length: samples.length };
}

/** A clip's samples, from memory, its compressed file or its raw float32 one. */
export async function clipSamples(clip: ClipSource, signal?: AbortSignal): Promise<Float32Array> {
  if ('samples' in clip) return clip.samples;
  if (clip.decode) return clip.decode(signal);
  const bytes = await readFile(clip.file);
  // Float32Array needs a 4-byte aligned offset; a pooled Buffer may not have one.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.prototype.slice.call(bytes);
  return new Float32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / 4));
}

const clipLength = (clip: ClipSource): number => ('samples' in clip ? clip.samples.length : clip.length);

export interface DubTrackOptions {
  /** Output timeline length (plan.outputDurationMs). */
  durationMs: number;
  /**
   * Track rate. Default: the clips' own rate when they all share one (the mix resamples to 48 kHz with
   * ffmpeg's optimized resampler, about 3 s cheaper per 10 minutes than doing it here), else 48 kHz.
   */
  sampleRate?: number;
  fadeInMs?: number;
  fadeOutMs?: number;
  signal?: AbortSignal;
}

/** Where a line actually sounds in the written track (output timeline, ms). */
export interface PlacedClip {
  index: number;
  startMs: number;
  endMs: number;
  plannedStartMs: number;
  stretch: number;
  /** Audio cut at the line's limit because the clip came out longer than planned. */
  truncatedMs: number;
}

export interface DubTrack {
  samples: Float32Array;
  sampleRate: number;
  placed: PlacedClip[];
  worstStartErrorMs: number;
  /** Job log lines: truncations and the worst timing error. */
  log: string[];
}

export const DUB_TRACK_SAMPLE_RATE = 48000;

/** One line ready to write: its audio at the track rate, where it starts and how much of it fits. */
interface RenderedLine {
  start: number;
  audio: Float32Array;
  length: number;
}

interface Rendering {
  rate: number;
  trackLength: number;
  fadeIn: number;
  fadeOut: number;
  /** Yields each placed line in plan order, one clip in memory at a time. */
  lines(): AsyncGenerator<RenderedLine>;
  placed: PlacedClip[];
  log: string[];
}

/** Stretches, resamples and positions each clip as planned; yields between clips so the service stays responsive. */
function renderDubTrack(
  clips: readonly ClipSource[],
  lines: readonly PlannedLine[],
  options: DubTrackOptions,
): Rendering {
  const rates = new Set(clips.map((clip) => clip.sampleRate));
  const rate = options.sampleRate ?? (rates.size === 1 ? [...rates][0] : DUB_TRACK_SAMPLE_RATE);
  const toSample = (ms: number): number => Math.round((ms * rate) / 1000);
  const trackLength = toSample(options.durationMs);
  const byIndex = new Map(clips.map((clip) => [clip.index, clip]));
  const placed: PlacedClip[] = [];
  const log: string[] = [];

  async function* render(): AsyncGenerator<RenderedLine> {
    for (const line of lines) {
      options.signal?.throwIfAborted();
      const clip = byIndex.get(line.index);
      if (!clip || clipLength(clip) === 0) continue;
      const samples = await clipSamples(clip, options.signal);
      // Stretch before resampling: fewer samples to process at the TTS's lower rate.
      const stretched = line.stretch === 1 ? samples : timeStretch(samples, clip.sampleRate, line.stretch);
      const audio = clip.sampleRate === rate ? stretched : resample(stretched, clip.sampleRate, rate);
      const start = toSample(line.placedStartMs);
      const limit = Math.min(trackLength, Math.floor((line.limitEndMs * rate) / 1000));
      const length = Math.max(0, Math.min(audio.length, limit - start));
      const truncatedMs = ((audio.length - length) * 1000) / rate;
      if (truncatedMs > 1)
        log.push(
          `warning: cue ${line.index} came out ${truncatedMs.toFixed(0)} ms longer than planned; ` +
            `its end was faded out to keep it before the next line`,
        );
      placed.push({
        index: line.index,
        startMs: (start * 1000) / rate,
        endMs: ((start + length) * 1000) / rate,
        plannedStartMs: line.placedStartMs,
        stretch: line.stretch,
        truncatedMs,
      });
      yield { start, audio, length };
      await yieldToEventLoop();
    }
    const worst = worstStartError(placed);
    log.push(`dub track: ${placed.length} lines placed, worst start error ${worst.toFixed(2)} ms`);
  }

  return {
    rate,
    trackLength,
    fadeIn: toSample(options.fadeInMs ?? 5),
    fadeOut: toSample(options.fadeOutMs ?? 15),
    lines: render,
    placed,
    log,
  };
}

const worstStartError = (placed: readonly PlacedClip[]): number =>
  placed.reduce((worst, clip) => Math.max(worst, Math.abs(clip.startMs - clip.plannedStartMs)), 0);

/** The whole track in memory (for tests and short tracks); writeDubTrack streams the same samples to a WAV. */
export async function assembleDubTrack(
  clips: readonly ClipSource[],
  lines: readonly PlannedLine[],
  options: DubTrackOptions,
): Promise<DubTrack> {
  const rendering = renderDubTrack(clips, lines, options);
  const track = new Float32Array(rendering.trackLength);
  for await (const { start, audio, length } of rendering.lines())
    placeWithFades(track, audio, start, length, rendering.fadeIn, rendering.fadeOut, 0);
  return {
    samples: track,
    sampleRate: rendering.rate,
    placed: rendering.placed,
    worstStartErrorMs: worstStartError(rendering.placed),
    log: rendering.log,
  };
}

/** Copies `length` samples of `audio` to `track` at `start - origin`, ramping the first and last few ms. */
function placeWithFades(
  track: Float32Array,
  audio: Float32Array,
  start: number,
  length: number,
  fadeIn: number,
  fadeOut: number,
  origin: number,
): void {
  const rampIn = Math.min(fadeIn, Math.floor(length / 2));
  const rampOut = Math.min(fadeOut, Math.floor(length / 2));
  for (let i = 0; i < length; i++) {
    let gain = 1;
    if (i < rampIn) gain = i / rampIn;
    const fromEnd = length - 1 - i;
    if (fromEnd < rampOut) gain = Math.min(gain, fromEnd / rampOut);
    track[start - origin + i] = audio[i] * gain;
  }
}

export interface WrittenDubTrack extends Omit<DubTrack, 'samples'> {
  file: string;
}

/** Samples converted to 16-bit PCM per write: silence and clips go out in blocks of this size. */
const WRITE_BLOCK = 1 << 16;

/**
 * Assembles the track and writes it as a 16-bit mono WAV (temp file + rename); mixDub takes it as is.
 * Lines are written in order, each padded with silence, so only one clip and one block are in memory.
 */
export async function writeDubTrack(
  file: string,
  clips: readonly ClipSource[],
  lines: readonly PlannedLine[],
  options: DubTrackOptions,
): Promise<WrittenDubTrack> {
  const rendering = renderDubTrack(clips, lines, options);
  await writeHandleAtomic(file, async (handle) => {
    let written = 0;
    const writeSamples = async (samples: Float32Array): Promise<void> => {
      for (let from = 0; from < samples.length; from += WRITE_BLOCK)
        await handle.write(pcm16(samples.subarray(from, from + WRITE_BLOCK)));
      written += samples.length;
    };
    const silenceUntil = async (end: number): Promise<void> => {
      while (written < end) await writeSamples(new Float32Array(Math.min(WRITE_BLOCK, end - written)));
    };
    await handle.write(wavHeader(rendering.trackLength, rendering.rate));
    for await (const { start, audio, length } of rendering.lines()) {
      // Plan lines never overlap (each ends before the next starts); a line starting early is cut, not mixed.
      const skip = Math.max(0, written - start);
      if (skip >= length) continue;
      await silenceUntil(start);
      const block = new Float32Array(length);
      placeWithFades(block, audio, start, length, rendering.fadeIn, rendering.fadeOut, start);
      await writeSamples(block.subarray(skip));
    }
    await silenceUntil(rendering.trackLength);
    options.signal?.throwIfAborted();
  });
  return {
    file,
    sampleRate: rendering.rate,
    placed: rendering.placed,
    worstStartErrorMs: worstStartError(rendering.placed),
    log: rendering.log,
  };
}
