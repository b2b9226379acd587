import { open } from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';
import { medianF0 } from '../engines/voice-analysis/pitch.js';
import { concatSamples } from '../media/dsp/envelope.js';
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

/** All speakers together: past this much analysed speech the remaining speakers keep their voices' own pitch. */
const MAX_TOTAL_ANALYSED_MS = 20 * 60_000;

/** Where the samples of a 16-bit mono PCM WAV (prepare-media's speech track) start, and how many bytes they take. */
export async function wavData(
  handle: Awaited<ReturnType<typeof open>>,
  sampleRate: number,
): Promise<{ offset: number; bytes: number }> {
  const { size } = await handle.stat();
  const header = Buffer.alloc(12);
  await handle.read(header, 0, 12, 0);
  if (header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE')
    throw new DubDeskError('internal', 'The speech track is not a WAV file.');
  const chunk = Buffer.alloc(16);
  for (let at = 12; at + 8 <= size;) {
    await handle.read(chunk, 0, 16, at);
    const id = chunk.toString('ascii', 0, 4);
    const length = chunk.readUInt32LE(4);
    if (
      id === 'fmt ' &&
      (chunk.readUInt16LE(8) !== 1 || chunk.readUInt16LE(10) !== 1 || chunk.readUInt32LE(12) !== sampleRate)
    ) {
      throw new DubDeskError('internal', `The speech track is not ${sampleRate} Hz mono PCM.`);
    }
    // A placeholder length (a WAV written to a pipe) means "to the end of the file".
    if (id === 'data') return { offset: at + 8, bytes: Math.min(length, size - at - 8) };
    at += 8 + length + (length % 2);
  }
  throw new DubDeskError('internal', 'The speech track has no audio data.');
}

/**
 * Reads only the analysed lines' spans of the speech track, so memory depends on the analysed minute per speaker,
 * not on the media's length. Returns those lines rebased onto the concatenated speech, for measureSpeakers.
 */
export async function readAnalysisSpeech(
  file: string,
  cues: readonly DubCue[],
  sampleRate: number,
): Promise<{ cues: DubCue[]; speech: Float32Array }> {
  const handle = await open(file, 'r');
  try {
    const data = await wavData(handle, sampleRate);
    const total = Math.floor(data.bytes / 2);
    const spans: Array<{ cue: DubCue; from: number; to: number }> = [];
    let length = 0;
    for (const cue of analysisCues(cues)) {
      const from = Math.max(0, Math.floor((cue.startMs / 1000) * sampleRate));
      const to = Math.min(total, Math.ceil((cue.endMs / 1000) * sampleRate));
      if (to <= from) continue;
      if (((length + to - from) / sampleRate) * 1000 > MAX_TOTAL_ANALYSED_MS) break;
      spans.push({ cue, from, to });
      length += to - from;
    }
    const speech = new Float32Array(length);
    const rebased: DubCue[] = [];
    let at = 0;
    for (const { cue, from, to } of spans) {
      const bytes = Buffer.alloc((to - from) * 2);
      await handle.read(bytes, 0, bytes.length, data.offset + from * 2);
      for (let i = 0; i < to - from; i++) speech[at + i] = bytes.readInt16LE(i * 2) / 32768;
      rebased.push({ ...cue, startMs: (at / sampleRate) * 1000, endMs: ((at + to - from) / sampleRate) * 1000 });
      at += to - from;
    }
    return { cues: rebased, speech };
  } finally {
    await handle.close();
  }
}
