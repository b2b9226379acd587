import { medianF0 } from '../../engines/voice-analysis/pitch.js';
import type { SpeakerProfile } from './choose-voices.js';
import type { DubCue } from './types.js';

/** Each speaker's median F0, measured over the original speech of that speaker's lines (16 kHz mono). */
export function measureSpeakers(cues: readonly DubCue[], speech: Float32Array, sampleRate: number): SpeakerProfile[] {
  const bySpeaker = new Map<string, Float32Array[]>();
  for (const cue of cues) {
    const from = Math.max(0, Math.floor((cue.startMs / 1000) * sampleRate));
    const to = Math.min(speech.length, Math.ceil((cue.endMs / 1000) * sampleRate));
    if (to <= from) continue;
    const parts = bySpeaker.get(cue.speaker) ?? [];
    parts.push(speech.subarray(from, to));
    bySpeaker.set(cue.speaker, parts);
  }
  const speakers: SpeakerProfile[] = [];
  for (const speaker of new Set(cues.map((cue) => cue.speaker))) {
    const parts = bySpeaker.get(speaker) ?? [];
    const joined = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    speakers.push({ id: speaker, name: speaker, medianF0: joined.length ? medianF0(joined, sampleRate) : undefined });
  }
  return speakers;
}
