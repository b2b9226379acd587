// The built-in Silero VAD (sherpa-onnx in its supervised child) finds where people speak in real audio: eSpeak
// speech on a quiet music bed, with a stretch of digital silence and a stretch of hiss that must stay speech-free.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/main/media/audio.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { SherpaHost } from '../../src/main/engines/sherpa/host.js';
import { createSileroVad, tidyRegions, SILERO_VAD_DEFAULTS } from '../../src/main/engines/vad/silero.js';
import type { SpeechRegion } from '../../src/main/engines/vad/types.js';
import { makeMediaDir } from '../fixtures/media.js';
import { renderSpokenTrack } from '../fixtures/speech.js';

const TOLERANCE_MS = 150;
const NOISE = { startMs: 9_000, endMs: 11_000 };
const SILENCE = { startMs: 4_500, endMs: 6_000 };

let dir: string;
let cleanup: () => Promise<void>;
let wavFile: string;
let spoken: SpeechRegion[];
const host = new SherpaHost();

/** 16 kHz mono 16-bit, as the pipeline hands audio to the engines. */
async function toSpeechWav(source: string, target: string): Promise<void> {
  await runProcess(
    resolveMediaTools().ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      source,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      target,
    ],
    { toolName: 'ffmpeg' },
  );
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeMediaDir('dubdesk-vad-'));
  const track = await renderSpokenTrack({
    cues: [
      { startMs: 1_000, endMs: 3_500, text: 'The weather is lovely today, so we walk to the harbour.' },
      { startMs: 6_500, endMs: 8_500, text: 'Boats are leaving for the island.' },
    ],
    durationSec: 12,
  });
  spoken = track.spoken;
  const rate = track.sampleRate;
  // Digital silence where the music bed stops, and a hiss (seeded white noise, about -26 dBFS RMS) with no voice.
  for (let i = Math.round((SILENCE.startMs / 1000) * rate); i < (SILENCE.endMs / 1000) * rate; i++)
    track.samples[i] = 0;
  let seed = 7;
  for (let i = Math.round((NOISE.startMs / 1000) * rate); i < (NOISE.endMs / 1000) * rate; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    track.samples[i] += ((seed / 2 ** 31) * 2 - 1) * 0.09;
  }
  const source = path.join(dir, 'spoken-22k.wav');
  await fs.writeFile(source, encodeWav(track.samples, rate));
  wavFile = path.join(dir, 'spoken-16k.wav');
  await toSpeechWav(source, wavFile);
}, 60_000);

afterAll(async () => {
  await host.dispose();
  await cleanup();
});

describe('Silero VAD (built in)', () => {
  it('finds each spoken sentence within 150 ms and nothing in the silence or the hiss', async () => {
    const vad = createSileroVad(host);
    const progress: number[] = [];
    const regions = await vad.detect(wavFile, {
      signal: new AbortController().signal,
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(regions).toHaveLength(2);
    for (const [i, region] of regions.entries()) {
      expect(
        Math.abs(region.startMs - spoken[i]!.startMs),
        `start of sentence ${i + 1}: ${JSON.stringify(region)} vs ${JSON.stringify(spoken[i])}`,
      ).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(
        Math.abs(region.endMs - spoken[i]!.endMs),
        `end of sentence ${i + 1}: ${JSON.stringify(region)} vs ${JSON.stringify(spoken[i])}`,
      ).toBeLessThanOrEqual(TOLERANCE_MS);
    }
    const overlaps = (a: SpeechRegion, b: SpeechRegion) => a.startMs < b.endMs && b.startMs < a.endMs;
    expect(regions.some((region) => overlaps(region, NOISE) || overlaps(region, SILENCE))).toBe(false);
    expect(progress.at(-1)).toBe(1);
  }, 30_000);

  it('a cancelled detection rejects cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(createSileroVad(host).detect(wavFile, { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
  });

  it('pads regions without letting them touch, and joins tiny gaps only up to the longest region', () => {
    const settings = { ...SILERO_VAD_DEFAULTS, padStartMs: 50, padEndMs: 50, mergeGapMs: 100, maxSpeechMs: 5_000 };
    expect(
      tidyRegions(
        [
          { startMs: 20, endMs: 1_000 },
          { startMs: 1_040, endMs: 2_000 },
          { startMs: 2_060, endMs: 2_500 },
        ],
        2_520,
        settings,
      ),
    ).toEqual([{ startMs: 0, endMs: 2_520 }]);
    // A joined region would outgrow maxSpeechMs: kept apart, padded up to half the gap each.
    expect(
      tidyRegions(
        [
          { startMs: 0, endMs: 4_000 },
          { startMs: 4_040, endMs: 6_000 },
          { startMs: 6_500, endMs: 7_000 },
        ],
        8_000,
        settings,
      ),
    ).toEqual([
      { startMs: 0, endMs: 4_020 },
      { startMs: 4_020, endMs: 6_050 },
      { startMs: 6_450, endMs: 7_050 },
    ]);
  });
});
