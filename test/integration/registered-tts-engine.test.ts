// An engine needs only its implementation and one row (docs/architecture.md "How to add an engine"): a voice engine
// declared here, registered through the core's `registeredEngines` option (a row of the voices capability and its
// factory, ranked first), is planned for a translate job, runs, is named in the log, and is what the dub sounds like.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredEngine } from '../../src/main/engines/registered-engine.js';
import type { SynthesisRequest, TtsEngine, Voice } from '../../src/main/engines/tts/types.js';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenVideo } from '../fixtures/speech.js';

const RATE = 22_050;
/** Every word the test voice says is this tone, which no other voice or the original holds. */
const TONE_HZ = 660;

const toneVoice: Voice = {
  id: 'test-tone:es',
  name: 'Tone (test)',
  language: 'es',
  gender: 'male',
  engine: 'test-tone-voices',
  quality: 'standard',
  pitchHz: 120,
};

/** Says each word as 0.15 s of the tone and 0.05 s of silence (at rate 1). */
const toneEngine: TtsEngine & { title: string; quality: 'standard' } = {
  id: 'test-tone-voices',
  title: 'Tone voices (test)',
  quality: 'standard',
  voices: () => [toneVoice],
  async synthesize({ text, rate = 1 }: SynthesisRequest) {
    const words = Math.max(1, text.trim().split(/\s+/u).length);
    const wordSamples = Math.round((0.2 * RATE) / rate);
    const samples = new Float32Array(words * wordSamples);
    for (let i = 0; i < samples.length; i++)
      if (i % wordSamples < wordSamples * 0.75) samples[i] = 0.5 * Math.sin((2 * Math.PI * TONE_HZ * i) / RATE);
    return { samples, sampleRate: RATE };
  },
};

const registered: RegisteredEngine = {
  capability: 'voices',
  before: 'sherpa-tts',
  row: {
    id: 'test-tone-voices',
    title: 'Tone voices (test)',
    quality: 'standard',
    source: 'test/integration/registered-tts-engine.test.ts',
    license: '(test)',
    needs: { builtIn: 'a sine tone' },
    supports: { languages: ['es'], media: ['audio'] },
  },
  create: () => [toneEngine],
};

/** Energy at `hz` over the samples (Goertzel), per sample. */
function powerAt(samples: Float32Array, rate: number, hz: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  for (const sample of samples) {
    const s0 = sample + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / samples.length;
}

describe('a voice engine registered by its row alone', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let task: any;
  let log: string;
  let dub: Float32Array;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-registered-tts-');
    const video = await makeSpokenVideo(media.dir, {
      cues: [{ startMs: 300, endMs: 2800, text: 'Buenos días, mis amigos.' }],
      background: 'silence',
    });
    svc = await startTestService({ service: { registeredEngines: [registered] } });
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(video.videoPath).href,
        subtitle_url: pathToFileURL(video.srtPath).href,
        subtitle_usage_type: 'final_translated',
        source_language: 'es',
        target_language: 'es',
        export_type: 'audio',
        speaker_number: { max: 1 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await svc.waitForTask(created.body.task_id, undefined, 120_000);
    task = (await svc.api(`/v1/tasks/${created.body.task_id}`)).body;
    log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
      .map((line: { message: string }) => line.message)
      .join('\n');
    const status = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
    const file = path.join(media.dir, 'dub.audio');
    await fs.writeFile(file, Buffer.from(await (await fetch(status.result.audio_url)).arrayBuffer()));
    dub = await decodeAudioPcm(file, { sampleRate: RATE });
  }, 180_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('is planned for the speak step, and the job runs it and names it in the log', () => {
    expect(task.status, log).toBe('done');
    const speak = task.plan.steps.find((step: any) => step.step === 'speak');
    expect(speak.engine).toEqual({ id: 'test-tone-voices', title: 'Tone voices (test)', quality: 'standard' });
    expect(log).toContain('speak Tone voices (test)');
    expect(log).toContain('voicing with test-tone-voices, as planned');
    expect(log).toContain('test-tone:es');
  });

  it('gives every speaker a voice of the planned engine, even when it has one voice for two speakers', async () => {
    // Two speakers named by the subtitles; the planned engine has one Spanish voice, eSpeak has many. Choosing among
    // every engine's voices, the second speaker took an unused eSpeak voice; the plan keeps both to the tone engine.
    const cues = [
      { startMs: 300, endMs: 1800, speaker: 'Ana', text: 'Buenos días, amigos.' },
      { startMs: 2300, endMs: 3800, speaker: 'Luis', text: 'Hola a todos.' },
    ];
    const video = await makeSpokenVideo(media.dir, { name: 'two-speakers', cues, background: 'silence' });
    const srt = cues
      .map(
        (cue, i) =>
          `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n<v ${cue.speaker}>${cue.text}\n`,
      )
      .join('\n');
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(video.videoPath).href,
        subtitle_url: pathToFileURL(await makeTextFile(media.dir, 'two-speakers.srt', srt)).href,
        subtitle_usage_type: 'final_translated',
        source_language: 'es',
        target_language: 'es',
        export_type: 'audio',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const done = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    const twoLog = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
      .map((line: { message: string }) => line.message)
      .join('\n');
    expect(done.status, twoLog).toBe('done');
    const { plan } = (await svc.api(`/v1/tasks/${created.body.task_id}`)).body;
    expect(plan.steps.find((step: any) => step.step === 'speak').engine.id).toBe('test-tone-voices');
    expect(twoLog).toMatch(/speaker Ana: test-tone:es/);
    expect(twoLog).toMatch(/speaker Luis: test-tone:es/);
    expect(twoLog).not.toMatch(/speaker \w+: espeak:/);
    const status = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
    const file = path.join(media.dir, 'two-speakers-dub.audio');
    await fs.writeFile(file, Buffer.from(await (await fetch(status.result.audio_url)).arrayBuffer()));
    const twoDub = await decodeAudioPcm(file, { sampleRate: RATE });
    // Luis's line sounds like the tone too.
    const second = twoDub.subarray(Math.round(2.4 * RATE), Math.round(3.2 * RATE));
    expect(powerAt(second, RATE, TONE_HZ)).toBeGreaterThan(powerAt(second, RATE, 1_000) * 50);
  }, 180_000);

  it('is what the dub sounds like: its tone, far above the original speech', () => {
    // The dub replaces the speech where the line is; eSpeak's speech has no steady 660 Hz.
    const line = dub.subarray(Math.round(0.3 * RATE), Math.round(1.3 * RATE));
    const tone = powerAt(line, RATE, TONE_HZ);
    const beside = powerAt(line, RATE, 1_000);
    expect(tone).toBeGreaterThan(beside * 50);
  });
});
