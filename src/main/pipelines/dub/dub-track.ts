// Assembles the dub track: each synthesized line stretched as planned and placed at its cue in a
// silent track as long as the output, with short fades against clicks; written as a WAV atomically.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { encodeWav } from '../../media/audio.js';
import { resample } from '../../media/dsp/resample.js';
import { timeStretch } from '../../media/dsp/time-stretch.js';
import { writeFileAtomic } from '../run-stages.js';
import type { PlannedLine } from './timing-plan.js';

/** One synthesized line (mono, -1..1), matched to its plan line by cue index. */
export interface DubClip {
  index: number;
  samples: Float32Array;
  sampleRate: number;
}

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

/** Stretches, resamples and places every clip; yields between clips so the service stays responsive. */
export async function assembleDubTrack(clips: readonly DubClip[], lines: readonly PlannedLine[], options: DubTrackOptions): Promise<DubTrack> {
  const rates = new Set(clips.map((clip) => clip.sampleRate));
  const rate = options.sampleRate ?? (rates.size === 1 ? [...rates][0] : DUB_TRACK_SAMPLE_RATE);
  const toSample = (ms: number): number => Math.round((ms * rate) / 1000);
  const track = new Float32Array(toSample(options.durationMs));
  const byIndex = new Map(clips.map((clip) => [clip.index, clip]));
  const placed: PlacedClip[] = [];
  const log: string[] = [];

  for (const line of lines) {
    options.signal?.throwIfAborted();
    const clip = byIndex.get(line.index);
    if (!clip || clip.samples.length === 0) continue;
    // Stretch before resampling: fewer samples to process at the TTS's lower rate.
    const stretched = line.stretch === 1 ? clip.samples : timeStretch(clip.samples, clip.sampleRate, line.stretch);
    const audio = clip.sampleRate === rate ? stretched : resample(stretched, clip.sampleRate, rate);
    const start = toSample(line.placedStartMs);
    const limit = Math.min(track.length, Math.floor((line.limitEndMs * rate) / 1000));
    const length = Math.max(0, Math.min(audio.length, limit - start));
    placeWithFades(track, audio, start, length, toSample(options.fadeInMs ?? 5), toSample(options.fadeOutMs ?? 15));
    const truncatedMs = ((audio.length - length) * 1000) / rate;
    if (truncatedMs > 1) log.push(`warning: cue ${line.index} came out ${truncatedMs.toFixed(0)} ms longer than planned; its end was faded out to keep it before the next line`);
    placed.push({
      index: line.index,
      startMs: (start * 1000) / rate,
      endMs: ((start + length) * 1000) / rate,
      plannedStartMs: line.placedStartMs,
      stretch: line.stretch,
      truncatedMs,
    });
    await yieldToEventLoop();
  }

  const worstStartErrorMs = placed.reduce((worst, clip) => Math.max(worst, Math.abs(clip.startMs - clip.plannedStartMs)), 0);
  log.push(`dub track: ${placed.length} lines placed, worst start error ${worstStartErrorMs.toFixed(2)} ms`);
  return { samples: track, sampleRate: rate, placed, worstStartErrorMs, log };
}

/** Copies `length` samples of `audio` to `track` at `start`, ramping the first and last few ms. */
function placeWithFades(track: Float32Array, audio: Float32Array, start: number, length: number, fadeIn: number, fadeOut: number): void {
  const rampIn = Math.min(fadeIn, Math.floor(length / 2));
  const rampOut = Math.min(fadeOut, Math.floor(length / 2));
  for (let i = 0; i < length; i++) {
    let gain = 1;
    if (i < rampIn) gain = i / rampIn;
    const fromEnd = length - 1 - i;
    if (fromEnd < rampOut) gain = Math.min(gain, fromEnd / rampOut);
    track[start + i] = audio[i] * gain;
  }
}

export interface WrittenDubTrack extends Omit<DubTrack, 'samples'> {
  file: string;
}

/** Assembles the track and writes it as a 16-bit mono WAV (temp file + rename); mixDub takes it as is. */
export async function writeDubTrack(file: string, clips: readonly DubClip[], lines: readonly PlannedLine[], options: DubTrackOptions): Promise<WrittenDubTrack> {
  const { samples, ...rest } = await assembleDubTrack(clips, lines, options);
  options.signal?.throwIfAborted();
  await writeFileAtomic(file, encodeWav(samples, rest.sampleRate));
  return { file, ...rest };
}
