// The eSpeak NG command line as DubDesk drives it: pure argument builder and parsers of its outputs.

/** eSpeak's normal speed, words per minute (`-s` default). */
export const DEFAULT_WORDS_PER_MINUTE = 175;
/** `-s` range of this build: below 80 it stops slowing down, above 450 it stops speeding up (no libsonic in the WASM build). */
export const MIN_WORDS_PER_MINUTE = 80;
export const MAX_WORDS_PER_MINUTE = 450;

/**
 * Measured pitch shift of `-p` values, semitones from `-p 50` (median F0 of an English sentence, en and en+f2 averaged:
 * e.g. en 68 / 100 / 168 Hz at -p 0 / 50 / 99). The curve is not a pure exponential, so the mapping interpolates it.
 */
export const PITCH_CURVE: readonly (readonly [p: number, semitones: number])[] = [
  [0, -6.8],
  [10, -5.85],
  [25, -3.8],
  [40, -1.66],
  [50, 0],
  [60, 1.72],
  [75, 4.4],
  [90, 7.2],
  [99, 8.85],
];

/** Relative speaking rate (1 = normal) -> `-s` words per minute, within what this build can do. */
export function wordsPerMinute(rate = 1): number {
  const value = Number.isFinite(rate) && rate > 0 ? rate : 1;
  return Math.min(MAX_WORDS_PER_MINUTE, Math.max(MIN_WORDS_PER_MINUTE, Math.round(DEFAULT_WORDS_PER_MINUTE * value)));
}

/** Pitch shift in semitones -> `-p` 0..99 on the measured curve (shifts beyond -6.8 / +8.85 st are clamped). */
export function pitchArgument(semitones = 0): number {
  const first = PITCH_CURVE[0];
  const last = PITCH_CURVE[PITCH_CURVE.length - 1];
  if (!Number.isFinite(semitones)) return 50;
  if (semitones <= first[1]) return first[0];
  if (semitones >= last[1]) return last[0];
  for (let i = 1; i < PITCH_CURVE.length; i++) {
    const [p1, s1] = PITCH_CURVE[i];
    const [p0, s0] = PITCH_CURVE[i - 1];
    if (semitones <= s1) return Math.round(p0 + ((semitones - s0) / (s1 - s0)) * (p1 - p0));
  }
  return last[0];
}

export interface SynthesisArgumentsInput {
  /** eSpeak voice with optional variant, e.g. `de+f2`, `en-us`. */
  voice: string;
  rate?: number;
  pitchSemitones?: number;
  /** Path inside the WASM file system of the UTF-8 text to speak. */
  textFile: string;
  /** Path inside the WASM file system of the WAV to write. */
  wavFile: string;
}

/** Arguments for one synthesis. Text goes through a file (`-f`): nothing in it can be read as an option. */
export function synthesisArguments(input: SynthesisArgumentsInput): string[] {
  return [
    '-v',
    input.voice,
    '-s',
    String(wordsPerMinute(input.rate)),
    '-p',
    String(pitchArgument(input.pitchSemitones)),
    '-b',
    '1', // the text file is UTF-8
    '-z', // no sentence-final pause: the dub timeline places each cue itself
    '-w',
    input.wavFile,
    '-f',
    input.textFile,
  ];
}

/**
 * Text as eSpeak should read it: subtitle formatting (`<i>`, `{\an8}`) removed, as eSpeak would spell it out; no NULs
 * or control characters (they end or garble the input); whitespace collapsed.
 */
export function cleanSpeechText(text: string): string {
  return text
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/\{\\[^{}]*\}/g, ' ')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface EspeakVoiceRow {
  /** eSpeak's language tag, e.g. `en-gb`, `cmn`, `pt-br`. */
  language: string;
  gender: 'male' | 'female' | 'neutral';
  /** eSpeak's display name with underscores for spaces, e.g. `English_(Great_Britain)`. */
  name: string;
  /** Voice file under espeak-ng-data/voices, e.g. `gmw/en`. */
  file: string;
}

/** Parses `espeak-ng --voices` (or `--voices=<lang>`) output: `Pty Language Age/Gender VoiceName File Other Languages`. */
export function parseVoicesTable(output: string): EspeakVoiceRow[] {
  const rows: EspeakVoiceRow[] = [];
  for (const line of output.split('\n')) {
    const match = /^\s*\d+\s+(\S+)\s+\S*\/([MF-])\s+(\S+)\s+(\S+)/.exec(line);
    if (!match) continue;
    const [, language, gender, name, file] = match;
    rows.push({ language, gender: gender === 'M' ? 'male' : gender === 'F' ? 'female' : 'neutral', name, file });
  }
  return rows;
}

export interface WavPcm {
  samples: Float32Array;
  sampleRate: number;
}

/** A 16-bit PCM mono WAV (what eSpeak writes) -> float samples; walks the chunks rather than assuming a 44-byte header. */
export function decodeWavPcm16(bytes: Uint8Array): WavPcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) =>
    String.fromCharCode(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]);
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    // eSpeak writes its output streaming, so the data chunk's size may be a placeholder: trust the file length.
    const size = id === 'data' ? bytes.length - offset - 8 : view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('WAV data chunk before its fmt chunk');
      if (bits !== 16 || channels !== 1)
        throw new Error(`expected 16-bit mono PCM, got ${bits}-bit ${channels}-channel`);
      const count = Math.floor(size / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(body + i * 2, true) / 32768;
      return { samples, sampleRate };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('WAV file has no data chunk');
}
