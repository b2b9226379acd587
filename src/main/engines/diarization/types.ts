// Speaker diarization: who speaks when, so each speaker gets a voice of their own.
import type { EngineIdentity } from '../quality.js';
import type { SpeechRegion } from '../vad/types.js';

export interface SpeakerSegment {
  startMs: number;
  endMs: number;
  /** Stable within one result: `speaker_0`, `speaker_1`, ... in order of first appearance. */
  speaker: string;
  /**
   * Set where the speaker of this segment is uncertain: why, in a user's words (the built-in clustering sets it
   * when its decision to merge or keep apart lay near its margin; a diarizer without a measure leaves it unset).
   */
  uncertain?: string;
}

export interface DiarizeOptions {
  /** speaker_number of the request: the result has at least min and at most max speakers. */
  speakers?: { min?: number; max?: number };
  /** The transcript's lines: engines that label given stretches (the built-in clustering) label these. */
  regions?: SpeechRegion[];
  signal: AbortSignal;
}

export interface Diarizer extends EngineIdentity {
  /** Segments of mono float PCM (-1..1) speech by speaker, in time order; silence belongs to no segment. */
  diarize(samples: Float32Array, sampleRate: number, options: DiarizeOptions): Promise<SpeakerSegment[]>;
}
