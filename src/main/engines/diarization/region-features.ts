// What a stretch of speech sounds like, as numbers to compare speakers by: the average timbre of its speech frames
// (MFCC c1..c12; c0 is only loudness) and its median pitch.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DubDeskError } from '../../../shared/errors.js';
import { resample } from '../../media/dsp/resample.js';
import type { SpeechRegion } from '../vad/types.js';
import { median, pitchTrack, voicedF0s } from '../voice-analysis/pitch.js';
import { mfcc, MFCC_SAMPLE_RATE } from './mfcc.js';

const COEFFICIENTS = 13;
/** Frames quieter than this fraction of the region's loudest frame are pauses or background, not the voice. */
const SPEECH_FRAME_FRACTION = 0.1;
/** Pitch needs only a few seconds of a region, and YIN is the costly part: long regions are measured on their start. */
const PITCH_SECONDS = 8;
const PITCH_HOP_SEC = 0.02;
/** Regions measured between two looks at the signal (about half a second of work). */
const REGIONS_PER_TURN = 25;

export interface RegionFeatures {
  region: SpeechRegion;
  /** Mean of c1..c12 over the region's speech frames; empty when the region holds no speech. */
  timbre: Float64Array;
  /** Seconds of speech frames the timbre is averaged over (its noise shrinks as this grows). */
  speechSeconds: number;
  /** Median F0 of the voiced frames in semitones above 100 Hz; undefined when too little is voiced. */
  pitchSemitones?: number;
}

export interface RecordingFeatures {
  regions: RegionFeatures[];
  /** Spread (standard deviation) of each of c1..c12 over every speech frame of the recording, to scale distances by. */
  timbreSpread: Float64Array;
}

/**
 * Features of each region of mono PCM; regions outside the audio give empty features. A film's lines take seconds,
 * so it yields to the event loop now and then and stops with `cancelled` once `signal` aborts.
 */
export async function regionFeatures(
  samples: Float32Array,
  sampleRate: number,
  regions: readonly SpeechRegion[],
  signal?: AbortSignal,
): Promise<RecordingFeatures> {
  const audio = sampleRate === MFCC_SAMPLE_RATE ? samples : resample(samples, sampleRate, MFCC_SAMPLE_RATE);
  const dims = COEFFICIENTS - 1;
  const sum = new Float64Array(dims);
  const sumSquares = new Float64Array(dims);
  let frames = 0;
  const result: RegionFeatures[] = [];
  for (const [index, region] of regions.entries()) {
    if (index % REGIONS_PER_TURN === 0) {
      await yieldToEventLoop();
      if (signal?.aborted)
        throw new DubDeskError('cancelled', 'Telling speakers apart was cancelled.', { cause: signal.reason });
    }
    result.push(measureRegion(region));
  }
  const timbreSpread = new Float64Array(dims);
  for (let c = 0; c < dims; c++) {
    const mean = frames > 0 ? sum[c] / frames : 0;
    const variance = frames > 1 ? sumSquares[c] / frames - mean * mean : 0;
    timbreSpread[c] = Math.sqrt(Math.max(variance, 1e-6));
  }
  return { regions: result, timbreSpread };

  function measureRegion(region: SpeechRegion): RegionFeatures {
    const start = Math.max(0, Math.round((region.startMs / 1000) * MFCC_SAMPLE_RATE));
    const end = Math.min(audio.length, Math.round((region.endMs / 1000) * MFCC_SAMPLE_RATE));
    const slice = audio.subarray(start, Math.max(start, end));
    const cepstra = mfcc(slice, COEFFICIENTS);
    let loudest = 0;
    for (let f = 0; f < cepstra.count; f++) loudest = Math.max(loudest, cepstra.rms[f]);
    const timbre = new Float64Array(dims);
    let speechFrames = 0;
    for (let f = 0; f < cepstra.count; f++) {
      if (cepstra.rms[f] < loudest * SPEECH_FRAME_FRACTION || cepstra.rms[f] < 1e-4) continue;
      speechFrames++;
      for (let c = 1; c < COEFFICIENTS; c++) {
        const value = cepstra.values[f * COEFFICIENTS + c];
        timbre[c - 1] += value;
        sum[c - 1] += value;
        sumSquares[c - 1] += value * value;
      }
    }
    frames += speechFrames;
    if (speechFrames === 0) return { region, timbre: new Float64Array(0), speechSeconds: 0 };
    for (let c = 0; c < dims; c++) timbre[c] /= speechFrames;
    const voiced = voicedF0s(
      pitchTrack(slice.subarray(0, PITCH_SECONDS * MFCC_SAMPLE_RATE), MFCC_SAMPLE_RATE, { hopSec: PITCH_HOP_SEC }),
    );
    // Fewer than ~0.2 s of voiced frames is too little to trust a median.
    const pitchSemitones = voiced.length >= 10 ? 12 * Math.log2(median(voiced) / 100) : undefined;
    return { region, timbre, speechSeconds: speechFrames * cepstra.hopSec, pitchSemitones };
  }
}
