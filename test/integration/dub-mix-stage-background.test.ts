// The mix stage picks what plays under the dub from what the job has: speech regions from detect-speech (the
// original voice ducked there), or, for a job saved before that stage existed, the dub-keyed ducking; the log says which.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines } from '../../src/main/engines/registry.js';
import { createMdxNetSeparator } from '../../src/main/engines/separation/mdx-net.js';
import { decodeAudioPcm, encodeWav } from '../../src/main/media/audio.js';
import { toDb, toneLevel } from '../../src/main/media/dsp/envelope.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { mixStage } from '../../src/main/pipelines/translate/mix-stage.js';
import type { TranslateDeps } from '../../src/main/pipelines/translate/types.js';
import type { StageContext, StageOutput } from '../../src/main/pipelines/types.js';
import { makeMediaDir } from '../fixtures/media.js';

const RATE = 48000;
const VOICE_HZ = 2500;
const regions = [{ startMs: 1000, endMs: 3000 }];

let dir: string;
let cleanup: () => Promise<void>;
let outputs: Record<string, StageOutput>;

let store: ModelStore;
let deps: TranslateDeps;

async function runMix(stageOutputs: Record<string, StageOutput>): Promise<{ log: string[]; mixed: Float32Array }> {
  const log: string[] = [];
  const ctx: StageContext = {
    taskId: 't',
    workDir: dir,
    signal: new AbortController().signal,
    progress: () => {},
    log: (message) => log.push(message),
    warn: () => {},
  };
  const result = await mixStage(deps).run({ request: {} as never, outputs: stageOutputs }, ctx);
  return {
    log,
    mixed: await decodeAudioPcm(path.join(dir, (result as { audio: string }).audio), { sampleRate: RATE }),
  };
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeMediaDir('dubdesk-mix-stage-'));
  // The engines of a core whose separation model is not installed.
  const media = resolveMediaTools();
  store = createModelStore({ modelsDir: path.join(dir, 'models') });
  const engines = createEngines({ separators: [createMdxNetSeparator({ models: store, media })] }, store);
  deps = { media, engines, loudnessLufs: -16, fontconfigDir: path.join(dir, 'fontconfig'), maxStretch: 1.5 };
  await fs.mkdir(path.join(dir, 'audio'), { recursive: true });
  // The original: a 440 Hz bed with a 2500 Hz "voice" from 1 s to 3 s; the dub: one 1500 Hz line from 1 s to 1.5 s.
  const tone = (hz: number, amplitude: number, from: number, to: number) => (t: number) =>
    t >= from && t < to ? amplitude * Math.sin(2 * Math.PI * hz * t) : 0;
  const bed = tone(440, 0.1, 0, 5);
  const voice = tone(VOICE_HZ, 0.3, 1, 3);
  const line = tone(1500, 0.3, 1, 1.5);
  await fs.writeFile(
    path.join(dir, 'original.wav'),
    encodeWav(
      Float32Array.from({ length: 5 * RATE }, (_, i) => bed(i / RATE) + voice(i / RATE)),
      RATE,
    ),
  );
  await fs.writeFile(
    path.join(dir, 'audio/dub.wav'),
    encodeWav(
      Float32Array.from({ length: 5 * RATE }, (_, i) => line(i / RATE)),
      RATE,
    ),
  );
  outputs = {
    'prepare-media': {
      media: {
        path: 'original.wav',
        name: 'original.wav',
        durationSec: 5,
        hasVideo: false,
        audioCodec: 'pcm_s16le',
        orientation: 'landscape',
      },
      speechWav: 'original.wav',
    },
    synthesize: {
      dubTrack: 'audio/dub.wav',
      outputDurationMs: 5000,
      slowdowns: [],
      outputCues: [],
      videoFilters: [],
      voices: {},
    },
  };
});
afterAll(async () => {
  await store.close();
  await cleanup();
});

const voiceAfterLine = (mixed: Float32Array) => toDb(toneLevel(mixed, RATE, VOICE_HZ, 1.8 * RATE, 2.9 * RATE));
const bedLevel = (mixed: Float32Array) => toDb(toneLevel(mixed, RATE, 440, 3.5 * RATE, 4.9 * RATE));

describe('mix stage background', () => {
  it('ducks the original voice where detect-speech heard it, also after the dub line ended, and says so', async () => {
    const { log, mixed } = await runMix({ ...outputs, 'detect-speech': { regions, detector: 'Silero VAD v5' } });
    expect(log.join('\n')).toMatch(
      /mix: original voice ducked by 24 dB where it speaks \(VAD: Silero VAD v5, 1 region\)/,
    );
    // In the original the voice is 9.5 dB over the bed; ducked, it is far under it.
    expect(voiceAfterLine(mixed)).toBeLessThan(bedLevel(mixed) - 10);
  });

  it('falls back to ducking under the dub for a job without speech regions, and says why', async () => {
    const { log, mixed } = await runMix(outputs);
    expect(log.join('\n')).toContain(
      'no speech regions for this job (saved by an older version, or no voice activity detector): the original audio is ducked under the dubbed speech instead',
    );
    expect(log.join('\n')).toMatch(/mix: original audio ducked under the dub;/);
    // The old behaviour: once the dub line ends the original voice comes back at full level.
    expect(voiceAfterLine(mixed)).toBeGreaterThan(bedLevel(mixed) + 5);
  });
});
