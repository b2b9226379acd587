// UVR MDX-Net separation with a stand-in model installed through the model store: a "voice" tone over "music"
// (another tone) is split into a background without the voice and a vocal stem without the music, in chunks; a
// translate job then dubs over the separated background.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMdxNetSeparator, MDX_NET_MODEL } from '../../src/main/engines/separation/mdx-net.js';
import { decodeAudioPcm, encodeWav } from '../../src/main/media/audio.js';
import { toDb, toneLevel } from '../../src/main/media/dsp/envelope.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { createCatalogue } from '../../src/main/models/catalogue.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { mdxNetMaskStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { startTestService } from '../fixtures/service.js';

const RATE = 48000;
const VOICE_HZ = 2500;
const MUSIC_HZ = 440;
const media = resolveMediaTools();
// Speech crosses the seams between chunks (every 254,976 samples at 44.1 kHz: 5.78 s, 11.56 s).
const VOICE = [
  { startMs: 2000, endMs: 5000 },
  { startMs: 9000, endMs: 12500 },
];
const DURATION_MS = 14000;

let dir: string;
let cleanup: () => Promise<void>;
let original: string;
let standin: string;

/** 1 inside the speech, with 30 ms raised-cosine edges: a voice starts softly, not with a click the mask would not remove. */
const voiceGain = (t: number) => {
  const ms = t * 1000;
  const r = VOICE.find((v) => ms >= v.startMs && ms < v.endMs);
  if (!r) return 0;
  const edge = Math.min(1, (ms - r.startMs) / 30, (r.endMs - ms) / 30);
  return 0.5 - 0.5 * Math.cos(Math.PI * edge);
};
const bandDb = (samples: Float32Array, rate: number, hz: number, fromMs: number, toMs: number) =>
  toDb(toneLevel(samples, rate, hz, (fromMs * rate) / 1000, (toMs * rate) / 1000));

beforeAll(async () => {
  ({ dir, cleanup } = await makeMediaDir('dubdesk-mdx-'));
  const mono = path.join(dir, 'original.mono.wav');
  await fs.writeFile(
    mono,
    encodeWav(
      Float32Array.from({ length: (DURATION_MS * RATE) / 1000 }, (_, i) => {
        const t = i / RATE;
        return 0.2 * Math.sin(2 * Math.PI * MUSIC_HZ * t) + 0.3 * voiceGain(t) * Math.sin(2 * Math.PI * VOICE_HZ * t);
      }),
      RATE,
    ),
  );
  original = path.join(dir, 'original.wav');
  await runProcess(media.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    mono,
    '-af',
    'pan=stereo|c0=c0|c1=c0',
    '-c:a',
    'pcm_s16le',
    original,
  ]);
  standin = writeStandin(dir, 'mdx-standin.onnx', mdxNetMaskStandin({ silencedHz: VOICE_HZ }));
});
afterAll(() => cleanup());

describe('MDX-Net separator', () => {
  let store: ModelStore;
  beforeAll(() => {
    store = createModelStore({ modelsDir: path.join(dir, 'models'), catalogue: createCatalogue() });
  });
  afterAll(() => store.close());

  it('is unavailable until its model is installed, then splits the voice from the music across chunk seams', async () => {
    const separator = createMdxNetSeparator({ models: store, media });
    expect(separator.isAvailable()).toBe(false);
    await store.importFrom(MDX_NET_MODEL, standin);
    expect(separator.isAvailable()).toBe(true);
    expect(separator.quality).toBe('standard');

    const fractions: number[] = [];
    const stems = await separator.separate(original, path.join(dir, 'stems'), {
      signal: new AbortController().signal,
      onProgress: (f) => fractions.push(f),
    });
    expect(fractions.length).toBeGreaterThanOrEqual(3);
    expect(fractions.at(-1)).toBe(1);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);

    const source = await decodeAudioPcm(original, { sampleRate: RATE });
    const background = await decodeAudioPcm(stems.background, { sampleRate: RATE });
    const vocals = await decodeAudioPcm(stems.vocals, { sampleRate: RATE });
    expect(Math.abs(background.length - source.length)).toBeLessThan(RATE * 0.002);
    expect(Math.abs(vocals.length - source.length)).toBeLessThan(RATE * 0.002);

    for (const { startMs, endMs } of VOICE) {
      const voice = bandDb(source, RATE, VOICE_HZ, startMs + 100, endMs - 100);
      expect(
        bandDb(background, RATE, VOICE_HZ, startMs + 100, endMs - 100),
        `voice left in the background ${startMs} ms`,
      ).toBeLessThan(voice - 30);
      expect(
        Math.abs(bandDb(vocals, RATE, VOICE_HZ, startMs + 100, endMs - 100) - voice),
        `voice in the vocal stem ${startMs} ms`,
      ).toBeLessThan(1);
    }
    // The music keeps its level everywhere (UVR's 1.022 compensation: +0.19 dB), seams included, and stays out of the vocals.
    for (const [from, to] of [
      [0, 1900],
      [5500, 6100],
      [6000, 8800],
      [11300, 11900],
      [12700, 13900],
    ]) {
      const music = bandDb(source, RATE, MUSIC_HZ, from, to);
      expect(Math.abs(bandDb(background, RATE, MUSIC_HZ, from, to) - music), `music ${from}-${to} ms`).toBeLessThan(
        0.5,
      );
      expect(bandDb(vocals, RATE, MUSIC_HZ, from, to), `music in the vocals ${from}-${to} ms`).toBeLessThan(music - 30);
    }
    // No click at a seam: at 44.1 kHz the 440 Hz music moves at most 0.0126 a sample.
    const native = await decodeAudioPcm(stems.background, { sampleRate: 44100 });
    let steepest = 0;
    for (let i = 1; i < native.length; i++) steepest = Math.max(steepest, Math.abs(native[i] - native[i - 1]));
    expect(steepest).toBeLessThan(0.025);
  }, 120_000);

  it('stops when cancelled', async () => {
    const separator = createMdxNetSeparator({ models: store, media });
    const controller = new AbortController();
    const run = separator.separate(original, path.join(dir, 'cancelled'), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  }, 60_000);
});

describe('translate job with a separation model installed', () => {
  it('dubs over the separated background: the log says so and the original voice is gone where the dub is silent', async () => {
    const svc = await startTestService();
    try {
      await svc.service.core.models.importFrom(MDX_NET_MODEL, standin);
      // One short line at the start of each stretch of speech: the rest of the speech is left without dub.
      const srt = VOICE.map(
        (r, i) => `${i + 1}\n${formatSrtTime(r.startMs)} --> ${formatSrtTime(r.startMs + 800)}\n<v Anna>Ja.\n`,
      ).join('\n');
      const subtitles = await makeTextFile(dir, 'original.de.srt', srt);
      const created = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'audio',
          media_url: pathToFileURL(original).href,
          subtitle_url: pathToFileURL(subtitles).href,
          subtitle_usage_type: 'final_translated',
          source_language: 'en',
          target_language: 'de',
          export_type: 'auto',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
      expect(task.status, JSON.stringify(task)).toBe('done');
      const log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
        .map((line: { message: string }) => line.message)
        .join('\n');
      expect(log).toContain('separating the original voice from music and ambience with UVR MDX-Net Inst HQ 3 (ONNX)');
      expect(log).toMatch(/mix: separated background \(UVR MDX-Net Inst HQ 3 \(ONNX\)\) under the dub/);

      const result = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
      const dubbed = path.join(dir, 'dubbed.audio');
      await fs.writeFile(dubbed, Buffer.from(await (await fetch(result.result.audio_url)).arrayBuffer()));
      const audio = await decodeAudioPcm(dubbed, { sampleRate: RATE });
      const music = bandDb(audio, RATE, MUSIC_HZ, 3500, 4900);
      expect(bandDb(audio, RATE, VOICE_HZ, 3500, 4900)).toBeLessThan(music - 25);
      expect(bandDb(audio, RATE, VOICE_HZ, 11000, 12400)).toBeLessThan(music - 25);
    } finally {
      await svc.stop();
    }
  }, 180_000);
});
