// The plan of a translate request with ocr_text_box (plans/translate-plan.ts): the burned-in subtitles are read by a text
// recognizer instead of transcribing, and the plan names that recognizer or what to install.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextRecognizer } from '../../src/main/engines/ocr/types.js';
import { createEngines, type EngineSet } from '../../src/main/engines/registry.js';
import { createEspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { firstMissing, type PlanStep } from '../../src/main/plans/job-plan.js';
import { planTranslateEngines } from '../../src/main/plans/translate-plan.js';
import type { TranslateRequest } from '../../src/main/pipelines/translate/types.js';
import { scriptedIdentifier, scriptedRecognizer, scriptedVad, wordListTranslator } from '../fixtures/speech-engines.js';

let dir: string;
let store: ModelStore;
const espeak = createEspeakEngine();
const BAND = { x: 0, y: 0.8, width: 1, height: 0.2 };

/** A recognizer that reads the given languages (never called: the plan only asks what it supports). */
function textReader(languages: string[]): TextRecognizer & { title: string; quality: 'draft' } {
  return {
    id: 'reader',
    title: 'Reader (test)',
    quality: 'draft',
    supports: (language) => languages.includes(language),
    recognize: async () => {
      throw new Error('not called by the plan');
    },
  };
}

const vad = scriptedVad([]);
const enEs = wordListTranslator({ id: 'en-es', title: 'en-es (test)', pairs: ['en>es', 'auto>es'], words: {} });

function plan(
  request: Partial<TranslateRequest>,
  set: Partial<EngineSet>,
): { steps: PlanStep[]; byName: Record<string, PlanStep> } {
  const engines = createEngines({ voices: [espeak], speechRecognizers: [], languageIdentifiers: [], ...set }, store);
  const full: TranslateRequest = {
    media_type: 'video',
    media_url: 'file:///film.mp4',
    target_language: 'es',
    export_type: 'auto',
    ocr_text_box: BAND,
    ...request,
  };
  const steps = planTranslateEngines(full, engines);
  return { steps, byName: Object.fromEntries(steps.map((step) => [step.step, step])) };
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-plan-ocr-'));
  store = createModelStore({ modelsDir: path.join(dir, 'models') });
});

afterAll(async () => {
  await espeak.dispose();
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the read-screen-text plan step', () => {
  it('reads the subtitles with the recognizer of the source language, after identification and instead of transcription', () => {
    const { steps, byName } = plan(
      { source_language: 'en' },
      { voiceActivityDetectors: [vad], textRecognizers: [textReader(['en'])], translators: [enEs] },
    );
    expect(steps.map((step) => step.step)).toEqual([
      'detect-speech',
      'identify-language',
      'read-screen-text',
      'transcribe',
      'diarize',
      'translate',
      'separate',
      'speak',
    ]);
    expect(byName['read-screen-text']).toEqual({
      step: 'read-screen-text',
      label: 'Reading on-screen subtitles',
      engine: { id: 'reader', title: 'Reader (test)', quality: 'draft' },
    });
    expect(byName.transcribe).toEqual({
      step: 'transcribe',
      label: 'Transcribing',
      skipped: 'the lines are read from the on-screen subtitles',
    });
    expect(byName.translate?.engine?.id).toBe('en-es');
    // No speech recognizer is installed, and none is needed.
    expect(firstMissing(steps)).toBeUndefined();
  });

  it('is not a step of a request without ocr_text_box', () => {
    const { steps } = plan(
      { source_language: 'en', ocr_text_box: undefined },
      {
        voiceActivityDetectors: [vad],
        speechRecognizers: [scriptedRecognizer({ languages: ['en'] })],
        textRecognizers: [textReader(['en'])],
        translators: [enEs],
      },
    );
    expect(steps.map((step) => step.step)).not.toContain('read-screen-text');
  });

  it('lets the subtitles say where the speech is when no voice activity detector is configured', () => {
    const { byName, steps } = plan(
      { source_language: 'en' },
      { voiceActivityDetectors: [], textRecognizers: [textReader(['en'])], translators: [enEs] },
    );
    expect(byName['detect-speech']?.skipped).toBe(
      'no voice activity detector is configured: the subtitles say where the speech is',
    );
    expect(firstMissing(steps)).toBeUndefined();
  });

  it('names the OCR model to install when no recognizer reads text', () => {
    const { byName, steps } = plan(
      { source_language: 'en' },
      { voiceActivityDetectors: [vad], textRecognizers: [], translators: [enEs] },
    );
    const missing = byName['read-screen-text']?.missing;
    expect(missing).toMatchObject({ code: 'model_not_installed' });
    expect(missing!.message).toMatch(/Reading on-screen text in English/);
    expect(firstMissing(steps)).toBe(missing);
  });

  it('says when the installed recognizers cannot read the source language', () => {
    const { byName } = plan(
      { source_language: 'de' },
      { voiceActivityDetectors: [vad], textRecognizers: [textReader(['en'])], translators: [enEs] },
    );
    expect(byName['read-screen-text']?.missing?.message).toMatch(
      /Reading on-screen text in German needs OCR data for it/,
    );
  });

  it('with source_language auto identifies the language from the speech first, then reads it', () => {
    const { byName } = plan(
      { source_language: 'auto' },
      {
        voiceActivityDetectors: [vad],
        languageIdentifiers: [scriptedIdentifier('en')],
        textRecognizers: [textReader(['en'])],
        translators: [enEs],
      },
    );
    expect(byName['identify-language']?.engine?.id).toBe('scripted-lid');
    expect(byName['read-screen-text']).toMatchObject({
      engine: { id: 'reader' },
      note: 'the recognizer reads the language identified in the speech',
    });
  });

  it('with source_language auto and no identifier asks for the model or source_language, even when the translator detects languages', () => {
    const detecting = scriptedRecognizer({ languages: ['auto', 'en'] });
    const { byName, steps } = plan(
      { source_language: 'auto' },
      {
        voiceActivityDetectors: [vad],
        speechRecognizers: [detecting],
        textRecognizers: [textReader(['en'])],
        translators: [enEs],
      },
    );
    const missing = byName['identify-language']?.missing;
    expect(missing).toMatchObject({ code: 'model_not_installed' });
    expect(missing!.message).toContain('give source_language');
    expect(firstMissing(steps)).toBe(missing);
  });
});
