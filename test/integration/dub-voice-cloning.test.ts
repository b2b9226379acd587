// voice_model=real: each speaker is dubbed in their own voice by a cloning voice (a ZipVoice stand-in built by code,
// imported through the model API), from a reference cut from that speaker's own lines; without a cloning model the
// create call names the model to install. With a separation model the references come from the separated vocals.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { MDX_NET_MODEL } from '../../src/main/engines/separation/mdx-net.js';
import { ZIPVOICE_MODEL } from '../../src/main/models/entries/voices.js';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { toDb, toneLevel } from '../../src/main/media/dsp/envelope.js';
import { makeMediaDir } from '../fixtures/media.js';
import { mdxNetMaskStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { DEBIAN_ESPEAK_DATA, writeZipVoiceStandin, ZIPVOICE_STANDIN_HZ } from '../fixtures/sherpa-standins-voices.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, type SpokenCue } from '../fixtures/speech.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const espeakDataMissing = systemEngineMissing(
  "Debian's eSpeak NG data (espeak-ng-data)",
  existsSync(DEBIAN_ESPEAK_DATA),
);
const RATE = 16_000;

// Anna's first two lines, 300 ms apart, make her longest stretch alone (0.5-7.0 s); Ben's longest line is 7.6-12.6 s.
const CUES: SpokenCue[] = [
  { startMs: 500, endMs: 2500, text: 'Good morning to you.', speaker: 'Anna', voice: 'espeak:en-us+f2' },
  {
    startMs: 2800,
    endMs: 7000,
    text: 'I waited here for the train since early morning.',
    speaker: 'Anna',
    voice: 'espeak:en-us+f2',
  },
  {
    startMs: 7600,
    endMs: 12600,
    text: 'The train is late again, and nobody told us why.',
    speaker: 'Ben',
    voice: 'espeak:en-us+m3',
  },
  { startMs: 13200, endMs: 14400, text: 'Oh no.', speaker: 'Anna', voice: 'espeak:en-us+f2' },
  { startMs: 15000, endMs: 16500, text: 'Let us walk.', speaker: 'Ben', voice: 'espeak:en-us+m3' },
];

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let audioPath: string;
let srtPath: string;

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-cloning-');
  ({ audioPath, srtPath } = await makeSpokenAudio(media.dir, { cues: CUES, name: 'talk' }));
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

const request = (extra: Record<string, unknown> = {}) => ({
  media_type: 'audio',
  media_url: pathToFileURL(audioPath).href,
  subtitle_url: pathToFileURL(srtPath).href,
  source_language: 'en',
  target_language: 'en',
  export_type: 'auto',
  voice_model: 'real',
  ...extra,
});

function correlation(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return ab / Math.sqrt(aa * bb || 1);
}

describe('voice_model real', () => {
  it('without a cloning model is refused at create, naming ZipVoice and how to install it', async () => {
    const refused = await svc.api('/v1/media/translate', { body: request() });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('model_not_installed');
    expect(refused.body.message).toContain(`dubdesk models install ${ZIPVOICE_MODEL}`);
    expect(refused.body.message).toMatch(
      /^Dubbing English in each speaker's own voice \(voice_model real\) needs a voice-cloning model\./,
    );
  });

  it.skipIf(espeakDataMissing)(
    'dubs each speaker with the cloning voice and a reference cut from their own lines',
    async () => {
      const imported = await svc.api('/v1/models', {
        body: { id: ZIPVOICE_MODEL, source_path: writeZipVoiceStandin(path.join(media.dir, 'zipvoice')) },
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);

      const created = await svc.api('/v1/media/translate', { body: request() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const task = await svc.waitForTask(created.body.task_id, undefined, 180_000);
      expect(task.status, JSON.stringify(task)).toBe('done');
      const log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
        .map((line: { message: string }) => line.message)
        .join('\n');
      expect(log).toContain(
        'Anna: cloned from 6.5 s of their speech at 00:00:00 (original speech), spoken by zipvoice:clone-en',
      );
      expect(log).toContain(
        'Ben: cloned from 5.0 s of their speech at 00:00:07 (original speech), spoken by zipvoice:clone-en',
      );

      // The references in the work dir are those spans of the original speech, as 16-bit PCM.
      const workDir = jobWorkDir(svc.service.core.paths, created.body.task_id);
      const original = await decodeAudioPcm(audioPath, { sampleRate: RATE });
      for (const [file, startMs, endMs] of [
        ['speaker-1.wav', 500, 7000],
        ['speaker-2.wav', 7600, 12600],
      ] as const) {
        const reference = await decodeAudioPcm(path.join(workDir, 'audio/references', file), { sampleRate: RATE });
        expect(Math.abs(reference.length / RATE - (endMs - startMs) / 1000), file).toBeLessThan(0.03);
        expect(
          correlation(reference, original.subarray((startMs * RATE) / 1000, (endMs * RATE) / 1000)),
          file,
        ).toBeGreaterThan(0.95);
      }

      // The dub speaks in the stand-in's tone (ZipVoice spoke, not eSpeak) over each speaker's lines.
      const result = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
      const dubbed = path.join(media.dir, 'dubbed.wav');
      await fs.writeFile(dubbed, Buffer.from(await (await fetch(result.result.audio_url)).arrayBuffer()));
      const audio = await decodeAudioPcm(dubbed, { sampleRate: RATE });
      const band = (samples: Float32Array, from: number, to: number) =>
        toDb(toneLevel(samples, RATE, ZIPVOICE_STANDIN_HZ, (from * RATE) / 1000, (to * RATE) / 1000));
      for (const [from, to] of [
        [700, 1800],
        [8000, 11000],
      ]) {
        expect(band(audio, from, to), `${from} ms`).toBeGreaterThan(-30);
        expect(band(audio, from, to), `${from} ms`).toBeGreaterThan(band(original, from, to) + 10);
      }
    },
    240_000,
  );

  it.skipIf(espeakDataMissing)(
    'cuts the references from the separated vocals when a separation model is installed',
    async () => {
      // The stand-in separator puts only the 500 Hz band of the original into the vocal stem.
      await svc.service.core.models.importFrom(
        MDX_NET_MODEL,
        writeStandin(media.dir, 'mdx-standin.onnx', mdxNetMaskStandin({ silencedHz: 500 })),
      );
      const created = await svc.api('/v1/media/translate', { body: request() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const task = await svc.waitForTask(created.body.task_id, undefined, 240_000);
      expect(task.status, JSON.stringify(task)).toBe('done');
      const log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
        .map((line: { message: string }) => line.message)
        .join('\n');
      expect(log).toContain(
        'Anna: cloned from 6.5 s of their speech at 00:00:00 (separated vocals, UVR MDX-Net Inst HQ 3 (ONNX)), spoken by zipvoice:clone-en',
      );
      const workDir = jobWorkDir(svc.service.core.paths, created.body.task_id);
      const reference = await decodeAudioPcm(path.join(workDir, 'audio/references/speaker-1.wav'), {
        sampleRate: RATE,
      });
      const original = (await decodeAudioPcm(audioPath, { sampleRate: RATE })).subarray(
        (500 * RATE) / 1000,
        (7000 * RATE) / 1000,
      );
      // The reference is the vocal stem's: the 500 Hz band, which is a small part of the original speech's energy.
      const share = (samples: Float32Array) =>
        toneLevel(samples, RATE, 500, 0, samples.length) /
        Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / samples.length);
      expect(share(reference)).toBeGreaterThan(share(original) * 2);
      // The vocal stem itself is not kept once the job is done.
      expect(existsSync(path.join(workDir, 'audio/separated/vocals.wav'))).toBe(false);
    },
    300_000,
  );

  it('refuses cloning from subtitles that are only the translation, and a cloning voice with voice_model native', async () => {
    const translated = await svc.api('/v1/media/translate', {
      body: request({ source_language: 'de', subtitle_usage_type: 'final_translated' }),
    });
    expect(translated.status).toBe(400);
    expect(translated.body.code).toBe('conflicting_fields');
    expect(translated.body.message).toContain('final_translated hold only the translation');
    if (espeakDataMissing) return;
    const native = await svc.api('/v1/media/translate', {
      body: request({ voice_model: 'native', selected_voice_id: 'zipvoice:clone-en' }),
    });
    expect(native.status).toBe(400);
    expect(native.body).toMatchObject({ code: 'conflicting_fields' });
    expect(native.body.message).toContain("zipvoice:clone-en speaks in each speaker's own voice");
  });
});
