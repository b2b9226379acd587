// Whisper through the engine set: a stand-in in sherpa-onnx's exact layout, installed by import through the model
// store, transcribes each region the VAD finds into a segment at its place on the media timeline, and language ID
// names the language the stand-in encodes. Without a Whisper model the registry says which one to install and how.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineSet } from '../../src/main/engines/engine-set.js';
import { createEngines, type Engines } from '../../src/main/engines/registry.js';
import { stretchesOf } from '../../src/main/engines/asr/whisper.js';
import type { SpeechRegion } from '../../src/main/engines/vad/types.js';
import { decodeAudioPcm, encodeWav } from '../../src/main/media/audio.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { makeMediaDir } from '../fixtures/media.js';
import { writeWhisperStandin } from '../fixtures/sherpa-standins.js';
import { renderSpokenTrack } from '../fixtures/speech.js';

const signal = new AbortController().signal;
// The stand-in says its sentence from 0.2 s to 1.2 s into every stretch it decodes.
const SAYS = { startSec: 0.2, endSec: 1.2 };

let dir: string;
let cleanup: () => Promise<void>;
let wavFile: string;
let spoken: SpeechRegion[];
const stores: ModelStore[] = [];
const engineSets: Engines[] = [];

function engines(name: string): { engines: Engines; store: ModelStore } {
  const store = createModelStore({ modelsDir: path.join(dir, name) });
  const media = resolveMediaTools();
  const built = createEngineSet({
    models: store,
    media,
    settings: { get: () => undefined },
    cacheDir: path.join(dir, `${name}-cache`),
  });
  const set = createEngines(built.set, store);
  stores.push(store);
  engineSets.push(set);
  return { engines: set, store };
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeMediaDir('dubdesk-whisper-'));
  const track = await renderSpokenTrack({
    language: 'de',
    cues: [
      { startMs: 1_000, endMs: 3_200, text: 'Guten Morgen, wie geht es dir heute?' },
      { startMs: 5_500, endMs: 7_500, text: 'Wir fahren morgen ans Meer.' },
    ],
    durationSec: 9,
  });
  spoken = track.spoken;
  const source = path.join(dir, 'spoken-22k.wav');
  await fs.writeFile(source, encodeWav(track.samples, track.sampleRate));
  wavFile = path.join(dir, 'spoken-16k.wav');
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
      wavFile,
    ],
    { toolName: 'ffmpeg' },
  );
}, 60_000);

afterAll(async () => {
  for (const set of engineSets) await set.dispose();
  for (const store of stores) await store.close();
  await cleanup();
});

describe('Whisper (sherpa-onnx) through the engine set', () => {
  it('without a Whisper model, transcription and language ID name Whisper base and how to install it', () => {
    const { engines: set } = engines('none');
    expect(() => set.requireSpeechRecognizer('auto')).toThrow(
      expect.objectContaining({
        code: 'model_not_installed',
        message:
          'Transcribing speech needs a speech-recognition model. Whisper base (multilingual) is not installed. Install it with `dubdesk models install whisper-base`, with POST /v1/models {"id":"whisper-base"}, or from the Models page of the app. Or give the speech as subtitle_url (an SRT file).',
      }),
    );
    expect(() => set.requireLanguageIdentifier()).toThrow(
      expect.objectContaining({
        code: 'model_not_installed',
        message: expect.stringContaining('Install it with `dubdesk models install whisper-base`'),
      }),
    );
    // The built-in VAD needs nothing.
    expect(set.requireVoiceActivityDetector().title).toBe('Silero VAD (built in)');
  });

  it('an installed Whisper transcribes each VAD region into a segment at its time, in the language it hears', async () => {
    const { engines: set, store } = engines('tiny');
    await store.importFrom(
      'whisper-tiny',
      writeWhisperStandin(path.join(dir, 'standin-tiny'), { prefix: 'tiny', language: 'de', segment: SAYS }).dir,
    );

    const recognizer = set.requireSpeechRecognizer('auto');
    expect(recognizer).toMatchObject({ id: 'whisper-tiny', title: 'Whisper tiny (multilingual)', quality: 'standard' });
    expect(set.requireSpeechRecognizer('de').id).toBe('whisper-tiny');

    const regions = await set.requireVoiceActivityDetector().detect(wavFile, { signal });
    expect(regions).toHaveLength(2);
    const progress: number[] = [];
    const transcript = await recognizer.transcribe(wavFile, {
      regions,
      signal,
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(transcript.language).toBe('de');
    expect(transcript.segments).toEqual(
      regions.map((region) => ({
        startMs: region.startMs + SAYS.startSec * 1000,
        endMs: region.startMs + SAYS.endSec * 1000,
        text: 'Guten Morgen',
      })),
    );
    // On the media timeline: each segment starts just after its sentence does.
    for (const [i, segment] of transcript.segments.entries())
      expect(Math.abs(segment.startMs - (spoken[i]!.startMs + 200))).toBeLessThanOrEqual(150);
    expect(progress).toEqual([0.5, 1]);

    // A language given is decoded in, and named as given.
    await expect(
      recognizer.transcribe(wavFile, { language: 'en', regions: regions.slice(0, 1), signal }),
    ).resolves.toMatchObject({ language: 'en', segments: [{ text: 'Guten Morgen' }] });
    await expect(recognizer.transcribe(wavFile, { language: 'gn', signal })).rejects.toMatchObject({
      code: 'unsupported_language',
    });
  }, 60_000);

  it('a sentence Whisper leaves open runs to the end of its region; without regions the whole file is heard', async () => {
    const { engines: set, store } = engines('base');
    await store.importFrom(
      'whisper-base',
      writeWhisperStandin(path.join(dir, 'standin-base'), { prefix: 'base', language: 'fr' }).dir,
    );
    const recognizer = set.requireSpeechRecognizer('auto');
    expect(recognizer.id).toBe('whisper-base');

    const regions = [{ startMs: 900, endMs: 3_400 }];
    await expect(recognizer.transcribe(wavFile, { regions, signal })).resolves.toEqual({
      language: 'fr',
      segments: [{ startMs: 900, endMs: 3_400, text: 'Guten Morgen' }],
    });
    await expect(recognizer.transcribe(wavFile, { signal })).resolves.toEqual({
      language: 'fr',
      segments: [{ startMs: 0, endMs: 9_000, text: 'Guten Morgen' }],
    });
  }, 60_000);

  it('language ID names the language the installed Whisper hears, mapped to DubDesk codes', async () => {
    const { engines: set, store } = engines('lid');
    await store.importFrom(
      'whisper-small',
      writeWhisperStandin(path.join(dir, 'standin-small'), { prefix: 'small', language: 'es' }).dir,
    );
    const samples = await decodeAudioPcm(wavFile, { sampleRate: 16_000, ffmpeg: resolveMediaTools().ffmpeg });
    await expect(set.requireLanguageIdentifier().identify(samples, 16_000, { signal })).resolves.toEqual({
      language: 'es',
      confidence: 1,
    });
  }, 60_000);

  it('regions longer than Whisper can hear are cut into equal stretches of at most 28 s', () => {
    expect(
      stretchesOf([
        { startMs: 0, endMs: 10_000 },
        { startMs: 20_000, endMs: 80_000 },
      ]),
    ).toEqual([
      { startMs: 0, endMs: 10_000 },
      { startMs: 20_000, endMs: 40_000 },
      { startMs: 40_000, endMs: 60_000 },
      { startMs: 60_000, endMs: 80_000 },
    ]);
  });
});
