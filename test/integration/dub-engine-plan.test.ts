// Which engines a translate request will run (plans/translate-plan.ts), over small in-test engines and a real model store;
// and the create call's 400 that names the model a request lacks, over HTTP.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines, type EngineSet } from '../../src/main/engines/registry.js';
import { createEspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { firstMissing, type PlanStep } from '../../src/main/plans/job-plan.js';
import { planTranslateEngines } from '../../src/main/plans/translate-plan.js';
import type { TranslateRequest } from '../../src/main/pipelines/translate/types.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService } from '../fixtures/service.js';
import {
  scriptedDiarizer,
  scriptedIdentifier,
  scriptedRecognizer,
  scriptedVad,
  wordListTranslator,
} from '../fixtures/speech-engines.js';

let dir: string;
let store: ModelStore;
const espeak = createEspeakEngine();

const vad = scriptedVad([]);
const whisperLike = scriptedRecognizer({
  id: 'whisper-like',
  title: 'Whisper-like (test)',
  languages: ['auto', 'en', 'de', 'es', 'fr'],
});
const sphinxLike = scriptedRecognizer({
  id: 'sphinx-like',
  title: 'Sphinx-like (English, draft)',
  quality: 'draft',
  languages: ['en'],
});
const enEs = wordListTranslator({ id: 'en-es', title: 'en-es (test)', pairs: ['en>es'], words: {} });
const diarizer = scriptedDiarizer(() => 'speaker_0');

function plan(request: Partial<TranslateRequest>, set: Partial<EngineSet>, facts = {}): Record<string, PlanStep> {
  const engines = createEngines({ voices: [espeak], ...set }, store);
  const full: TranslateRequest = {
    media_type: 'video',
    media_url: 'file:///talk.mp4',
    target_language: 'es',
    export_type: 'auto',
    source_language: 'auto',
    ...request,
  };
  const steps = planTranslateEngines(full, engines, facts);
  expect(steps.map((step) => step.step)).toEqual([
    'detect-speech',
    'identify-language',
    'transcribe',
    'diarize',
    'translate',
    'separate',
    'speak',
  ]);
  return Object.fromEntries(steps.map((step) => [step.step, step]));
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-plan-'));
  store = createModelStore({ modelsDir: path.join(dir, 'models') });
});

afterAll(async () => {
  await espeak.dispose();
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('planTranslateEngines', () => {
  it('without subtitles runs every step, naming each engine and its quality', () => {
    const steps = plan(
      { source_language: 'en' },
      { voiceActivityDetectors: [vad], speechRecognizers: [sphinxLike], translators: [enEs], diarizers: [diarizer] },
    );
    expect(steps['detect-speech']).toEqual({
      step: 'detect-speech',
      label: 'Finding the speech',
      engine: { id: 'scripted-vad', title: 'Scripted VAD (test)', quality: 'standard' },
    });
    expect(steps['identify-language']).toEqual({
      step: 'identify-language',
      label: 'Identifying the language',
      skipped: 'source_language is English',
    });
    // A draft engine's step names the model that would do better, for the GUI's install button.
    expect(steps.transcribe).toEqual({
      step: 'transcribe',
      label: 'Transcribing',
      engine: { id: 'sphinx-like', title: 'Sphinx-like (English, draft)', quality: 'draft' },
      better: { id: 'whisper-base', title: 'Whisper base (multilingual)' },
    });
    expect(steps.diarize?.engine?.id).toBe('scripted-diarizer');
    expect(steps.translate).toEqual({
      step: 'translate',
      label: 'Translating',
      engine: { id: 'en-es', title: 'en-es (test)', quality: 'draft' },
      better: { id: 'bergamot-en-es', title: expect.stringMatching(/English.*Spanish/) },
    });
    expect(steps.speak).toEqual({
      step: 'speak',
      label: 'Voicing the translation',
      engine: { id: 'espeak', title: 'eSpeak NG (built in)', quality: 'draft' },
    });
    expect(steps.separate?.skipped).toMatch(/no separation model installed/);
    expect(Object.values(steps).some((step) => step.missing)).toBe(false);
  });

  it('with source_language auto and only an English-only recognizer, asks for Whisper or source_language en', () => {
    const steps = plan(
      { source_language: 'auto' },
      { voiceActivityDetectors: [vad], speechRecognizers: [sphinxLike], translators: [enEs] },
    );
    const missing = steps['identify-language']?.missing;
    expect(missing).toMatchObject({ code: 'model_not_installed', status: 400 });
    expect(missing!.message).toContain('whisper-base');
    expect(missing!.message).toContain('give source_language en');
    expect(missing!.message).toContain(
      'Sphinx-like (English, draft) transcribes it but cannot tell the language by itself',
    );
    expect(firstMissing(Object.values(steps))).toBe(missing);
  });

  it('with source_language auto lets a recognizer that detects the language do it, or a language identifier first', () => {
    const detecting = plan(
      {},
      { voiceActivityDetectors: [vad], speechRecognizers: [sphinxLike, whisperLike], translators: [enEs] },
    );
    expect(detecting['identify-language']?.skipped).toBe(
      'the speech recognizer detects the language while it transcribes',
    );
    expect(detecting.transcribe?.engine?.id).toBe('whisper-like');
    // The pair is known only after detection: at create, a translator into the target is enough.
    expect(detecting.translate).toMatchObject({
      engine: { id: 'en-es' },
      note: expect.stringContaining('once the language is detected'),
    });

    const identified = plan(
      {},
      {
        voiceActivityDetectors: [vad],
        speechRecognizers: [sphinxLike],
        languageIdentifiers: [scriptedIdentifier('en')],
        translators: [enEs],
      },
    );
    expect(identified['identify-language']?.engine?.id).toBe('scripted-lid');
    expect(identified.transcribe).toMatchObject({ engine: { id: 'sphinx-like' }, note: expect.any(String) });
  });

  it('names the translation model a known pair lacks, and a target no translator reaches from anywhere', () => {
    const pair = plan(
      { source_language: 'en', target_language: 'de' },
      { voiceActivityDetectors: [vad], speechRecognizers: [sphinxLike], translators: [enEs] },
    );
    expect(pair.translate?.missing?.message).toMatch(/^Translating English to German needs a translation model/);

    const unreachable = plan(
      { target_language: 'de' },
      { voiceActivityDetectors: [vad], speechRecognizers: [whisperLike], translators: [enEs] },
    );
    expect(unreachable.translate?.missing).toMatchObject({ code: 'model_not_installed' });
    expect(unreachable.translate?.missing?.message).toMatch(
      /^Translating into German needs a translation model, and none installed translates into it\. For English speech: Translating English to German needs/,
    );
  });

  it('counts an engine whose model or package is missing as absent', () => {
    const gone = scriptedRecognizer({ languages: ['en'], available: () => false });
    const steps = plan(
      { source_language: 'en' },
      { voiceActivityDetectors: [vad], speechRecognizers: [gone], translators: [enEs] },
    );
    expect(steps.transcribe?.missing?.message).toMatch(/^Transcribing English speech needs a speech-recognition model/);
  });

  it('with original subtitles translates their text and transcribes nothing', () => {
    const steps = plan(
      { source_language: 'en', subtitle_url: 'file:///talk.srt', subtitle_usage_type: 'original' },
      { translators: [enEs], diarizers: [diarizer] },
    );
    expect(steps.transcribe?.skipped).toBe('the lines come from the given subtitles');
    expect(steps['detect-speech']?.skipped).toMatch(/no voice activity detector is configured/);
    expect(steps.translate?.engine?.id).toBe('en-es');
    expect(steps.diarize).toMatchObject({
      engine: { id: 'scripted-diarizer' },
      note: 'skipped when the subtitles name the speakers',
    });
    expect(
      plan(
        { source_language: 'en', subtitle_url: 'file:///talk.srt' },
        { translators: [enEs], diarizers: [diarizer] },
        { subtitleNamesSpeakers: true },
      ).diarize?.skipped,
    ).toBe('the subtitles name the speakers');
  });

  it('with final translated subtitles needs neither recognition nor translation', () => {
    const steps = plan({ subtitle_url: 'file:///talk.srt', subtitle_usage_type: 'final_translated' }, {});
    expect(steps['identify-language']?.skipped).toBe('the subtitles are the final translation');
    expect(steps.transcribe?.skipped).toBeDefined();
    expect(steps.translate?.skipped).toBe('the subtitles are the final translation');
    expect(firstMissing(Object.values(steps))).toBeUndefined();
  });

  it('skips diarization for one speaker and translation for speech already in the target language', () => {
    const steps = plan(
      { source_language: 'es', speaker_number: { max: 1 } },
      { voiceActivityDetectors: [vad], speechRecognizers: [whisperLike], diarizers: [diarizer] },
    );
    expect(steps.diarize?.skipped).toBe('speaker_number.max is 1: one speaker');
    expect(steps.translate?.skipped).toBe('the speech is already in Spanish');
  });

  it('without subtitles cannot do without a voice activity detector', () => {
    const steps = plan({ source_language: 'en' }, { speechRecognizers: [sphinxLike], translators: [enEs] });
    expect(steps['detect-speech']?.missing).toBeDefined();
  });
});

describe('creating a translate job over HTTP', () => {
  it('answers 400 model_not_installed naming the model and the way on, and queues nothing', async () => {
    const media = await makeMediaDir('dubdesk-plan-http-');
    const svc = await startTestService({
      service: {
        engines: {
          voiceActivityDetectors: [vad],
          speechRecognizers: [sphinxLike],
          translators: [enEs],
          languageIdentifiers: [],
        },
      },
    });
    try {
      const video = pathToFileURL(await makeVideo(media.dir, { durationSec: 1 })).href;
      const auto = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: video,
          source_language: 'auto',
          target_language: 'es',
          export_type: 'auto',
        },
      });
      expect(auto.status).toBe(400);
      expect(auto.body.code).toBe('model_not_installed');
      expect(auto.body.message).toContain('whisper-base');
      expect(auto.body.message).toContain('give source_language en');

      const german = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: video,
          source_language: 'en',
          target_language: 'de',
          export_type: 'auto',
        },
      });
      expect(german.status).toBe(400);
      expect(german.body).toMatchObject({
        code: 'model_not_installed',
        message: expect.stringMatching(/^Translating English to German needs a translation model/),
      });
      expect((await svc.api('/v1/tasks')).body.tasks).toEqual([]);
    } finally {
      await svc.stop();
      await media.cleanup();
    }
  });
});
