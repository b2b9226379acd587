// Speaker diarization: who speaks when, so each speaker gets a voice of their own.
import type { EngineIdentity } from '../quality.js';

export interface SpeakerSegment {
  startMs: number;
  endMs: number;
  /** Stable within one result: `speaker_0`, `speaker_1`, ... in order of first appearance. */
  speaker: string;
}

export interface Diarizer extends EngineIdentity {
  /** Segments of mono float PCM (-1..1) speech by speaker, in time order; silence belongs to no segment. */
  diarize(samples: Float32Array, sampleRate: number, options: { speakers?: { min?: number; max?: number }; signal: AbortSignal }): Promise<SpeakerSegment[]>;
}
