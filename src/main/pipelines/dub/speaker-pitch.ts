import { medianF0 } from '../../engines/voice-analysis/pitch.js';
import { concatSamples } from '../../media/dsp/envelope.js';
import type { SpeakerProfile } from './choose-voices.js';
import type { DubCue } from './types.js';

/** A minute of a speaker's voice gives a stable median F0; analysing hours of it would only cost time. */
const MAX_ANALYSED_MS = 60_000;

/** The lines whose original speech is analysed: each speaker's first minute of lines. */
export function analysisCues(cues: readonly DubCue[]): DubCue[] {
  const collected = new Map<string, number>();
  return cues.filter((cue) => {
    const sofar = collected.get(cue.speaker) ?? 0;
    if (sofar >= MAX_ANALYSED_MS) return false;
    collected.set(cue.speaker, sofar + (cue.endMs - cue.startMs));
    return true;
  });
}

/** Each speaker's median F0 over the original speech of their analysed lines (16 kHz mono from the start of the media). */
export function measureSpeakers(cues: readonly DubCue[], speech: Float32Array, sampleRate: number): SpeakerProfile[] {
  const bySpeaker = new Map<string, Float32Array[]>(cues.map((cue) => [cue.speaker, []]));
  for (const cue of analysisCues(cues)) {
    const from = Math.max(0, Math.floor((cue.startMs / 1000) * sampleRate));
    const to = Math.min(speech.length, Math.ceil((cue.endMs / 1000) * sampleRate));
    if (to > from) bySpeaker.get(cue.speaker)!.push(speech.subarray(from, to));
  }
  return [...bySpeaker].map(([speaker, parts]) => {
    const joined = concatSamples(parts);
    return { id: speaker, name: speaker, medianF0: joined.length ? medianF0(joined, sampleRate) : undefined };
  });
}
