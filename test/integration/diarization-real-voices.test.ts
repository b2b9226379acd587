// The built-in speaker clustering on real recorded speech (pocketsphinx-testdata): one reader's lines stay one
// speaker, two different readers stay two, and close calls carry the uncertainty the quality report turns into
// speaker_uncertain review items. Each clip is one line, laid end to end 300 ms apart as the diarize stage lays them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFeatureClusteringDiarizer } from '../../src/main/engines/diarization/feature-clustering.js';
import type { SpeakerSegment } from '../../src/main/engines/diarization/types.js';
import { LIBRIVOX_DIR, systemEngineMissing } from '../fixtures/system-engines.js';

const TESTDATA = path.dirname(LIBRIVOX_DIR);
const RATE = 16_000;
const GAP_MS = 300;
// One LibriVox reader ("Sense and Sensibility", chapter 1); 0880 he reads markedly lower (median F0 82 Hz, the others 94-108).
const LIBRIVOX = Object.fromEntries(
  ['0870', '0880', '0890', '0920', '0930'].map((id) => [id, `librivox/sense_and_sensibility_01_austen_64kb-${id}.wav`]),
);
// CMU lab recordings shipped with pocketsphinx (a different man from the audiobook reader): raw 16 kHz 16-bit.
const CMU = { goforward: 'goforward.raw', numbers: 'numbers.raw', something: 'something.raw' };
const CARDS = ['001', '002', '003', '004', '005'].map((id) => `cards/${id}.wav`);

const present = existsSync(path.join(TESTDATA, CMU.goforward)) && existsSync(path.join(TESTDATA, LIBRIVOX['0870']));
const skip = systemEngineMissing('pocketsphinx-testdata', present);

/** 16-bit mono PCM of a WAV (its data chunk) or a raw file, as floats. */
function readSpeech(file: string): Float32Array {
  const bytes = readFileSync(path.join(TESTDATA, file));
  let offset = 0;
  let length = bytes.length;
  if (file.endsWith('.wav')) {
    for (
      offset = 12;
      bytes.toString('ascii', offset, offset + 4) !== 'data';
      offset += 8 + bytes.readUInt32LE(offset + 4)
    );
    length = Math.min(bytes.readUInt32LE(offset + 4), bytes.length - offset - 8);
    offset += 8;
  }
  const samples = new Float32Array(Math.floor(length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(offset + i * 2) / 32768;
  return samples;
}

/** The clips end to end, each one line. */
function joined(files: readonly string[]) {
  const clips = files.map(readSpeech);
  const gap = (GAP_MS / 1000) * RATE;
  const samples = new Float32Array(clips.reduce((sum, clip) => sum + clip.length + gap, 0));
  let at = 0;
  const regions = clips.map((clip) => {
    samples.set(clip, at);
    const region = { startMs: (at / RATE) * 1000, endMs: ((at + clip.length) / RATE) * 1000 };
    at += clip.length + gap;
    return region;
  });
  return { samples, regions };
}

const diarizer = createFeatureClusteringDiarizer();
async function diarize(files: readonly string[]): Promise<SpeakerSegment[]> {
  const { samples, regions } = joined(files);
  return diarizer.diarize(samples, RATE, {
    regions,
    speakers: { min: 1, max: 4 },
    signal: new AbortController().signal,
  });
}

describe.skipIf(skip)('built-in speaker clustering on real voices', () => {
  it('keeps one reader one speaker, including his lower-read line next to ordinary ones (split in two before)', async () => {
    for (const ids of [
      ['0880', '0920'],
      ['0880', '0930'],
      ['0870', '0880'],
      ['0870', '0880', '0890', '0920', '0930'],
    ]) {
      const segments = await diarize(ids.map((id) => LIBRIVOX[id]));
      expect(
        segments.map((segment) => segment.speaker),
        ids.join('+'),
      ).toEqual(ids.map(() => 'speaker_0'));
    }
  });

  it('keeps another real speaker, the pocketsphinx "cards" reader, one speaker over five short lines', async () => {
    const segments = await diarize(CARDS);
    expect(segments.map((segment) => segment.speaker)).toEqual(CARDS.map(() => 'speaker_0'));
  });

  it('tells two different real readers apart, line by line', async () => {
    const files = [LIBRIVOX['0870'], CMU.goforward, LIBRIVOX['0890'], CMU.numbers, LIBRIVOX['0920'], CMU.something];
    const segments = await diarize(files);
    expect(segments.map((segment) => segment.speaker)).toEqual([
      'speaker_0',
      'speaker_1',
      'speaker_0',
      'speaker_1',
      'speaker_0',
      'speaker_1',
    ]);
  });

  it('marks a close call as uncertain and says why, and leaves a clear case unmarked', async () => {
    // 0880 and 0920 differ by about 2.2 spreads of one speaker's lines: merged (under 2.6), but not by much.
    const close = await diarize([LIBRIVOX['0880'], LIBRIVOX['0920']]);
    expect(new Set(close.map((segment) => segment.speaker)).size).toBe(1);
    expect(close.filter((segment) => segment.uncertain)).toHaveLength(1);
    expect(close.find((segment) => segment.uncertain)!.uncertain).toMatch(
      /differ by \d\.\d spreads .*2\.6 or more tells two voices apart.*another person/,
    );
    const clear = await diarize([LIBRIVOX['0870'], LIBRIVOX['0890'], LIBRIVOX['0930']]);
    expect(clear.map((segment) => segment.speaker)).toEqual(['speaker_0', 'speaker_0', 'speaker_0']);
    expect(clear.filter((segment) => segment.uncertain)).toEqual([]);
  });
});
