// Neural voices end to end: a stand-in Piper voice built by code is imported through the model API of a running
// service, shows in GET /v1/voices next to eSpeak, plays a sample, and speaks a dub chosen with selected_voice_id.
// A second one, phonemizing with eSpeak NG like the real voices, installs from a sherpa-style .tar.bz2 on loopback,
// a Kokoro stand-in imported as the catalogue's Kokoro model gives its voices, each with its own speaker, and a
// ZipVoice stand-in speaks from a reference recording and its transcript.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWavPcm16 } from '../../src/main/engines/tts/espeak-cli.js';
import { sampleSentence } from '../../src/main/engines/tts/voice-samples.js';
import { medianF0 } from '../../src/main/engines/voice-analysis/pitch.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { createCatalogue, type CatalogueEntry } from '../../src/main/models/catalogue.js';
import {
  KOKORO_MODEL,
  KOKORO_SPEAKERS,
  piperModelId,
  VOICE_MODELS,
  ZIPVOICE_MODEL,
} from '../../src/main/models/entries/voices.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { packFolder } from '../fixtures/model-archives.js';
import { startStandinServer, type StandinServer } from '../fixtures/onnx-standins.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { encodeWav } from '../../src/main/media/audio.js';
import {
  DEBIAN_ESPEAK_DATA,
  kokoroStandinPeak,
  KOKORO_STANDIN_RATE,
  piperPhonemeId,
  piperStandinEntry,
  piperStandinPitch,
  PIPER_STANDIN_RATE,
  writeKokoroStandin,
  writePiperEspeakStandin,
  writePiperStandin,
  writeZipVoiceStandin,
  ZIPVOICE_STANDIN_HZ,
  ZIPVOICE_STANDIN_RATE,
} from '../fixtures/sherpa-standins-voices.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

const VOICE = 'en_US-standin-medium';
const VOICE_ID = `piper:${VOICE}`;
const ljspeech = VOICE_MODELS.find((model) => model.id === piperModelId('en_US-ljspeech-medium'))!;
const entry = piperStandinEntry(ljspeech, VOICE);
const ESPEAK_VOICE = 'en_US-espeakstandin-medium';
const espeakDataMissing = systemEngineMissing(
  "Debian's eSpeak NG data (espeak-ng-data)",
  existsSync(DEBIAN_ESPEAK_DATA),
);

/** The real Piper entry's shape (archive with `espeak-ng-data`, files named after the voice), served from loopback. */
function espeakVoiceEntry(server: StandinServer): CatalogueEntry {
  return {
    ...ljspeech,
    id: piperModelId(ESPEAK_VOICE),
    title: 'Stand-in Piper voice (eSpeak phonemes)',
    archive: { ...ljspeech.archive!, url: server.url(`vits-piper-${ESPEAK_VOICE}.tar.bz2`) },
    files: ljspeech.files.map((file) =>
      file.name.endsWith('.onnx') ? { ...file, name: `${ESPEAK_VOICE}.onnx` } : file,
    ),
  };
}

/** The frequency of each 80 ms token of the stand-in's speech, by zero crossings (0 for a silent one). */
function tonesOf(samples: Float32Array, rate = PIPER_STANDIN_RATE): number[] {
  const size = Math.round(0.08 * rate);
  const tones: number[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let crossings = 0;
    for (let i = start + 1; i < start + size; i++) if (samples[i - 1] < 0 !== samples[i] < 0) crossings++;
    tones.push(crossings / 2 / 0.08);
  }
  return tones;
}

function wavLevel(samples: Float32Array): number {
  return Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / Math.max(1, samples.length));
}

describe('neural voices (sherpa-onnx Piper)', () => {
  let svc: TestService;
  let media: { dir: string; cleanup: () => Promise<void> };
  let server: StandinServer;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-neural-voices-');
    server = await startStandinServer();
    if (!espeakDataMissing)
      server.serve(
        `vits-piper-${ESPEAK_VOICE}.tar.bz2`,
        await packFolder(writePiperEspeakStandin(path.join(media.dir, 'archive'), ESPEAK_VOICE), 'tar.bz2'),
      );
    svc = await startTestService({
      service: { models: { catalogue: createCatalogue([entry, espeakVoiceEntry(server)]) } },
    });
  });

  afterAll(async () => {
    await svc?.stop();
    await server?.close();
    await media?.cleanup();
  });

  it('lists an imported Piper voice next to the eSpeak voices, with its engine and quality', async () => {
    const before = await svc.api('/v1/voices?language=en');
    expect(before.body.voices.some((voice: { voice_id: string }) => voice.voice_id === VOICE_ID)).toBe(false);

    writePiperStandin(path.join(media.dir, 'standin-voice'), VOICE);
    const imported = await svc.api('/v1/models', {
      body: { id: entry.id, source_path: path.join(media.dir, 'standin-voice') },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);

    const { body } = await svc.api('/v1/voices?language=en');
    expect(body.voices[0]).toMatchObject({
      voice_id: VOICE_ID,
      name: 'Standin (Piper, en-US, medium)',
      language: 'en',
      locale: 'en-us',
      engine: 'piper',
      quality: 'standard',
    });
    expect(body.voices.find((voice: { voice_id: string }) => voice.voice_id === 'espeak:en-us')).toMatchObject({
      engine: 'espeak',
      quality: 'draft',
    });
  });

  it('plays a sample sentence in the voice', async () => {
    const response = await fetch(
      `${svc.url}/v1/voices/${encodeURIComponent(VOICE_ID)}/sample?key=dd_test_key_for_integration_tests_only`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const speech = decodeWavPcm16(Buffer.from(await response.arrayBuffer()));
    expect(speech.sampleRate).toBe(PIPER_STANDIN_RATE);
    // 80 ms per character of the sentence: this voice, not eSpeak, spoke it.
    const sentence = sampleSentence('en');
    expect(speech.samples.length / PIPER_STANDIN_RATE).toBeGreaterThanOrEqual(sentence.length * 0.08 - 0.01);
    expect(speech.samples.length / PIPER_STANDIN_RATE).toBeLessThan(sentence.length * 0.08 + 1);
    // sherpa pads the sentence with one silent token: the voice starts after it.
    const onset = speech.samples.findIndex((value) => Math.abs(value) > 0.01);
    expect(onset).toBeLessThan(0.1 * PIPER_STANDIN_RATE);
    const first = speech.samples.subarray(onset, onset + Math.round(0.08 * PIPER_STANDIN_RATE));
    const level = Math.sqrt(first.reduce((sum, value) => sum + value * value, 0) / first.length);
    expect(level).toBeGreaterThan(0.1);
    // "Hello" starts with an h: token 9, the stand-in's 288 Hz.
    expect(medianF0(first, speech.sampleRate, { minVoicedFrames: 3 })).toBeCloseTo(piperStandinPitch(9), -1);
  });

  it('speaks a dub with the voice chosen by selected_voice_id, as the task log says', async () => {
    const cues = [
      { startMs: 300, endMs: 3300, text: 'Guten Morgen, wie geht es dir?' },
      { startMs: 4000, endMs: 7000, text: 'Danke, mir geht es gut.' },
    ];
    const { audioPath } = await makeSpokenAudio(media.dir, { cues, language: 'de', name: 'talk' });
    const srt = cues
      .map(
        (cue, i) =>
          `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n${['Good morning.', 'Thanks, fine.'][i]}\n`,
      )
      .join('\n');
    const subtitles = await makeTextFile(media.dir, 'talk.en.srt', srt);
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'audio',
        media_url: pathToFileURL(audioPath).href,
        subtitle_url: pathToFileURL(subtitles).href,
        subtitle_usage_type: 'final_translated',
        source_language: 'de',
        target_language: 'en',
        selected_voice_id: VOICE_ID,
        export_type: 'audio',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    const log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
      .map((line: { message: string }) => line.message)
      .join('\n');
    await fs.mkdir('test-artifacts', { recursive: true });
    await fs.writeFile('test-artifacts/neural-voice-dub-log.txt', log);
    expect(log).toContain(`${VOICE_ID} (selected voice)`);
    expect(log).not.toMatch(/espeak:/);
  });

  it.skipIf(espeakDataMissing)(
    'installs a Piper voice from its sherpa-onnx archive, eSpeak data and all, and speaks with eSpeak phonemes',
    async () => {
      const id = piperModelId(ESPEAK_VOICE);
      const started = await svc.api('/v1/models', { body: { id } });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const deadline = Date.now() + 60_000;
      let model = started.body;
      while (!model.installed && model.install?.state !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        model = (await svc.api(`/v1/models/${id}`)).body;
      }
      expect(model.installed, JSON.stringify(model)).toBe(true);
      await expect(fs.stat(path.join(svc.dataDir, 'models', id, 'espeak-ng-data', 'en_dict'))).resolves.toBeTruthy();

      const voice = (await svc.api(`/v1/voices/${encodeURIComponent(`piper:${ESPEAK_VOICE}`)}`)).body;
      expect(voice).toMatchObject({ engine: 'piper', quality: 'standard', language: 'en' });
      const response = await fetch(`${voice.sample_url}?key=dd_test_key_for_integration_tests_only`);
      expect(response.status).toBe(200);
      const speech = decodeWavPcm16(Buffer.from(await response.arrayBuffer()));
      expect(wavLevel(speech.samples)).toBeGreaterThan(0.05);
      // Phonemes, not letters: eSpeak writes "həlˈoʊ" for "Hello", so the second tone is the schwa's, not an e's.
      const heard = tonesOf(speech.samples)
        .filter((hz) => hz > 0)
        .slice(0, 2);
      expect(heard[0]).toBeCloseTo(piperStandinPitch(piperPhonemeId('h')), -1);
      expect(heard[1]).toBeCloseTo(piperStandinPitch(piperPhonemeId('ə')), -1);
    },
  );

  it.skipIf(espeakDataMissing)(
    "lists Kokoro's voices by language once imported, each speaking with its own speaker of the model",
    async () => {
      const imported = await svc.api('/v1/models', {
        body: { id: KOKORO_MODEL, source_path: writeKokoroStandin(path.join(media.dir, 'kokoro')) },
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      const spanish = (await svc.api('/v1/voices?language=es')).body.voices;
      expect(spanish.filter((voice: { engine: string }) => voice.engine === 'kokoro')).toEqual([
        expect.objectContaining({
          voice_id: 'kokoro:ef_dora',
          name: 'Dora (Kokoro, es)',
          gender: 'female',
          quality: 'standard',
        }),
        expect.objectContaining({ voice_id: 'kokoro:em_alex', gender: 'male' }),
      ]);
      const english = (await svc.api('/v1/voices?language=en')).body.voices.filter(
        (voice: { engine: string }) => voice.engine === 'kokoro',
      );
      expect(english).toHaveLength(KOKORO_SPEAKERS.filter((speaker) => /^[ab]/.test(speaker)).length);

      for (const voiceId of ['kokoro:af_heart', 'kokoro:ef_dora']) {
        const response = await fetch(
          `${svc.url}/v1/voices/${encodeURIComponent(voiceId)}/sample?key=dd_test_key_for_integration_tests_only`,
        );
        expect(response.status, voiceId).toBe(200);
        const speech = decodeWavPcm16(Buffer.from(await response.arrayBuffer()));
        expect(speech.sampleRate).toBe(KOKORO_STANDIN_RATE);
        const peak = speech.samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
        // The stand-in speaks as loud as its speaker's style: af_heart is speaker 3, ef_dora speaker 28.
        expect(peak, voiceId).toBeCloseTo(
          kokoroStandinPeak(KOKORO_SPEAKERS.indexOf(voiceId.slice('kokoro:'.length))),
          2,
        );
      }
    },
  );

  it.skipIf(espeakDataMissing)(
    "lists ZipVoice's cloning voices without a sample, and speaks with one from a reference and its transcript",
    async () => {
      const imported = await svc.api('/v1/models', {
        body: { id: ZIPVOICE_MODEL, source_path: writeZipVoiceStandin(path.join(media.dir, 'zipvoice')) },
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      const voice = (await svc.api('/v1/voices?language=en')).body.voices.find(
        (candidate: { voice_id: string }) => candidate.voice_id === 'zipvoice:clone-en',
      );
      expect(voice).toMatchObject({ engine: 'zipvoice', quality: 'standard', clones: true });
      const sample = await svc.api(`/v1/voices/${encodeURIComponent('zipvoice:clone-en')}/sample`);
      expect(sample.status).toBe(400);
      expect(sample.body.message).toContain("speaks in the voice of each speaker's own speech");

      // The engine set the service built, as the dub's synthesis calls it.
      const engines = svc.service.core.engines;
      const reference = path.join(media.dir, 'reference.wav');
      const tone = Float32Array.from({ length: 32_000 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 140 * i) / 16_000));
      await fs.writeFile(reference, encodeWav(tone, 16_000));
      const speak = (text: string) =>
        engines.ttsFor('zipvoice:clone-en').synthesize({
          text,
          voiceId: 'zipvoice:clone-en',
          reference: { wavFile: reference, text: 'Good morning to you.' },
        });
      const short = await speak('Hello there.');
      const long = await speak('Hello there, this sentence is a good deal longer than the first one.');
      expect(short.sampleRate).toBe(ZIPVOICE_STANDIN_RATE);
      expect(wavLevel(short.samples)).toBeGreaterThan(0.05);
      // Its length follows the text (more phonemes, more frames), its tone the stand-in vocoder's.
      expect(long.samples.length).toBeGreaterThan(short.samples.length * 2);
      const tones = tonesOf(short.samples, ZIPVOICE_STANDIN_RATE);
      expect(tones.filter((hz) => Math.abs(hz - ZIPVOICE_STANDIN_HZ) < 15).length).toBeGreaterThan(tones.length / 2);
      await expect(
        engines.ttsFor('zipvoice:clone-en').synthesize({ text: 'Hello.', voiceId: 'zipvoice:clone-en' }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
    },
  );
});
