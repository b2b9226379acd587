// subtitle_mode replace in the engine plan: the erase-subtitles step names the inpainter, and a missing text
// recognizer or inpainter is the create-time model_not_installed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenCvInpainter } from '../../src/main/engines/inpaint/opencv-inpaint.js';
import { createTesseractRecognizer } from '../../src/main/engines/ocr/tesseract.js';
import { createEngines, type EngineSet } from '../../src/main/engines/registry.js';
import { createEspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { firstMissing } from '../../src/main/plans/job-plan.js';
import { planTranslateEngines } from '../../src/main/plans/translate-plan.js';
import type { TranslateRequest } from '../../src/main/pipelines/translate/types.js';
import { wordListTranslator } from '../fixtures/speech-engines.js';

let dir: string;
let store: ModelStore;
const espeak = createEspeakEngine();
const enEs = wordListTranslator({ id: 'en-es', title: 'en-es (test)', pairs: ['en>es'], words: {} });

function plan(request: Partial<TranslateRequest>, set: Partial<EngineSet>) {
  const engines = createEngines({ voices: [espeak], translators: [enEs], ...set }, store);
  return planTranslateEngines(
    {
      media_type: 'video',
      media_url: 'file:///talk.mp4',
      subtitle_url: 'file:///talk.srt',
      source_language: 'en',
      target_language: 'es',
      export_type: 'video',
      subtitle_mode: 'replace',
      ...request,
    },
    engines,
  );
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-replace-plan-'));
  store = createModelStore({ modelsDir: path.join(dir, 'models') });
});

afterAll(async () => {
  await espeak.dispose();
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the plan of a subtitle_mode replace job', () => {
  it('ends with erasing the subtitles, by the built-in inpainter, found by the text recognizer', () => {
    const steps = plan({}, { textRecognizers: [createTesseractRecognizer()], inpainters: [createOpenCvInpainter()] });
    const erase = steps.at(-1)!;
    expect(erase.step).toBe('erase-subtitles');
    expect(erase.engine?.title).toMatch(/OpenCV/u);
    expect(erase.note).toBe('the subtitles are found on the whole frame by the text recognizer');
    expect(firstMissing(steps)).toBeUndefined();
  });

  it('names the OCR model when no text recognizer is installed, so create answers model_not_installed', () => {
    const missing = firstMissing(plan({}, { textRecognizers: [], inpainters: [createOpenCvInpainter()] }));
    expect(missing?.code).toBe('model_not_installed');
    expect(missing?.message).toMatch(/Reading on-screen text in English/u);
  });

  it('names the inpainting model when no inpainter is there', () => {
    const missing = firstMissing(plan({}, { textRecognizers: [createTesseractRecognizer()], inpainters: [] }));
    expect(missing?.code).toBe('model_not_installed');
    expect(missing?.message).toMatch(/Erasing on-screen text/u);
  });

  it('has no erase step with subtitle_mode add, or when only audio is exported', () => {
    const engines = { textRecognizers: [], inpainters: [] };
    expect(plan({ subtitle_mode: 'add' }, engines).map((step) => step.step)).not.toContain('erase-subtitles');
    expect(plan({ export_type: 'audio' }, engines).map((step) => step.step)).not.toContain('erase-subtitles');
  });
});
