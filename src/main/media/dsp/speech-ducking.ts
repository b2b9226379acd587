// Ducking of the original voice where it speaks: a gain envelope, low inside the speech regions that voice activity
// detection found in the original and 1 elsewhere, written as a low-rate WAV that ffmpeg upsamples and multiplies
// into the original. The filter graph stays the same size whatever the number of regions.
import fs from 'node:fs/promises';
import { pcm16, wavHeader } from '../audio.js';
import { createTimeMap, type SlowdownSegment } from '../video-retime.js';

export interface SpeechDucking {
  /** How far the original is pulled down inside speech, dB. */
  depthDb?: number;
  /** Length of the fade down before a region and back up after it, ms. */
  fadeMs?: number;
  /** Gaps shorter than this stay ducked (no pumping between words), ms; at least two fades. */
  bridgeMs?: number;
}

export const DEFAULT_SPEECH_DUCKING: Required<SpeechDucking> = { depthDb: 24, fadeMs: 80, bridgeMs: 250 };

/** Envelope samples per second: 1 ms steps, smoothed further by ffmpeg's resampler. */
export const ENVELOPE_RATE = 1000;

/** Where the original speaks, on the input timeline (a voice activity detector's region fits). */
export interface SpeechSpan {
  startMs: number;
  endMs: number;
}

export interface DuckedSpan {
  startMs: number;
  endMs: number;
}

/** The regions on the output timeline (after align_video slowdowns), sorted and merged across short gaps. */
export function duckedSpans(
  regions: readonly SpeechSpan[],
  slowdowns: readonly SlowdownSegment[] = [],
  ducking: SpeechDucking = {},
): DuckedSpan[] {
  const { fadeMs, bridgeMs } = { ...DEFAULT_SPEECH_DUCKING, ...ducking };
  const bridge = Math.max(bridgeMs, 2 * fadeMs);
  const map = createTimeMap(slowdowns);
  const spans = regions
    .filter((region) => region.endMs > region.startMs)
    .map((region) => ({ startMs: map.toOutputMs(Math.max(0, region.startMs)), endMs: map.toOutputMs(region.endMs) }))
    .sort((a, b) => a.startMs - b.startMs);
  const merged: DuckedSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.startMs - last.endMs < bridge) last.endMs = Math.max(last.endMs, span.endMs);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * Gain (linear) at each 1 ms step from 0 to `durationMs` (plus one second, so the mix never runs past its end):
 * full depth inside a span, a fade linear in dB over fadeMs before its start and after its end.
 */
export function* envelopeBlocks(
  spans: readonly DuckedSpan[],
  durationMs: number,
  ducking: SpeechDucking = {},
  blockSize = ENVELOPE_RATE,
): Generator<Float32Array> {
  const { depthDb, fadeMs } = { ...DEFAULT_SPEECH_DUCKING, ...ducking };
  const total = Math.ceil(durationMs) + ENVELOPE_RATE;
  const fade = Math.max(1, fadeMs);
  let next = 0;
  for (let from = 0; from < total; from += blockSize) {
    const block = new Float32Array(Math.min(blockSize, total - from));
    for (let i = 0; i < block.length; i++) {
      const t = from + i;
      // Spans are disjoint and at least two fades apart, so only the first not yet faded out can act on t.
      while (next < spans.length && spans[next].endMs + fade <= t) next++;
      const span = spans[next];
      const down = span ? Math.min(1, Math.max(0, (t - (span.startMs - fade)) / fade)) : 0;
      const up = span ? Math.min(1, Math.max(0, (span.endMs + fade - t) / fade)) : 0;
      block[i] = 10 ** ((-depthDb * Math.min(down, up)) / 20);
    }
    yield block;
  }
}

/** Writes the envelope as a 16-bit mono WAV at ENVELOPE_RATE (2 hours: 14 MB, written a second at a time). */
export async function writeDuckingEnvelope(
  file: string,
  spans: readonly DuckedSpan[],
  durationMs: number,
  ducking: SpeechDucking = {},
): Promise<void> {
  const total = Math.ceil(durationMs) + ENVELOPE_RATE;
  const handle = await fs.open(file, 'w');
  try {
    await handle.write(wavHeader(total, ENVELOPE_RATE));
    for (const block of envelopeBlocks(spans, durationMs, ducking)) await handle.write(pcm16(block));
  } finally {
    await handle.close();
  }
}
