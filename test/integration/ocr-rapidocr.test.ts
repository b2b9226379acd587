// The RapidOCR recognizer over stand-ins installed by the model store as a user's install would be: coloured bars
// stand for characters, so a picture of known bars must come back as a known string through the real DB boxes,
// the BGR tensors, CTC decoding and the installed dictionary; the engine set prefers RapidOCR once installed and
// Tesseract otherwise; a missing model names itself, a corrupt file fails with engine_failed.
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRapidOcrRecognizer, RAPIDOCR_DET_FILE, RAPIDOCR_MODEL } from '../../src/main/engines/ocr/rapidocr.js';
import type { PixelBox } from '../../src/main/media/image/rgb-image.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { createEngineSet } from '../../src/main/engines/engine-set.js';
import { createEngines } from '../../src/main/engines/registry.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import {
  expectedConfidence,
  paintLine,
  rapidOcrStandinCatalogue,
  whiteImage,
  writeRapidOcrStandins,
  type Bar,
} from '../fixtures/rapidocr-standins.js';

let dir: string;
const stores: ModelStore[] = [];
const signal = new AbortController().signal;
const catalogue = rapidOcrStandinCatalogue();

async function installedStore(name: string, options: { dictionaryLines?: number } = {}): Promise<ModelStore> {
  const store = createModelStore({ modelsDir: path.join(dir, `models-${name}`), catalogue });
  stores.push(store);
  await store.importFrom(RAPIDOCR_MODEL, writeRapidOcrStandins(path.join(dir, `download-${name}`), options));
  return store;
}

/** Bars of the given characters, `width` wide with `gap` white columns between them, from `x`. */
function bars(text: string, x: number, width = 40, gap = 24): Bar[] {
  return [...text].map((char, i) => ({ char: char as Bar['char'], x: x + i * (width + gap), width }));
}

const bandOf = (line: Bar[], y: number, height: number): PixelBox => ({
  x: line[0]!.x,
  y,
  width: line.at(-1)!.x + line.at(-1)!.width - line[0]!.x,
  height,
});

/**
 * The box holds the drawn band, centred on it, and reaches at most `margin` pixels past it on any side (the stand-in
 * detector's sideways spread plus DB's unclip, both in the detector's pixels, scaled back to the frame's).
 */
function expectBoxAround(box: PixelBox, band: PixelBox, margin: number): void {
  const past = [
    band.x - box.x,
    band.y - box.y,
    box.x + box.width - (band.x + band.width),
    box.y + box.height - (band.y + band.height),
  ];
  for (const side of past) {
    expect(side).toBeGreaterThanOrEqual(0);
    expect(side).toBeLessThanOrEqual(margin);
  }
  expect(Math.abs(box.y + box.height / 2 - (band.y + band.height / 2))).toBeLessThanOrEqual(2);
  expect(Math.abs(box.x + box.width / 2 - (band.x + band.width / 2))).toBeLessThanOrEqual(2);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-rapidocr-'));
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await fs.rm(dir, { recursive: true, force: true });
});

describe('RapidOCR (PP-OCRv4) text recognizer', () => {
  it('reads each line of bars as its characters, top to bottom, with boxes on the drawn lines', async () => {
    const store = await installedStore('read');
    const ocr = createRapidOcrRecognizer({ models: store });
    const image = whiteImage(480, 200);
    const first = bars('中 文', 60);
    const second = bars('中中', 150);
    paintLine(image, second, 130, 24);
    paintLine(image, first, 40, 24);

    const lines = await ocr.recognize(image, { languages: ['zh'], signal });

    // The space is the dictionary's last class; a repeat is kept only across a blank.
    expect(lines.map((line) => line.text)).toEqual(['中 文', '中中']);
    expectBoxAround(lines[0]!.box, bandOf(first, 40, 24), 36);
    expectBoxAround(lines[1]!.box, bandOf(second, 130, 24), 36);
    for (const line of lines) expect(line.confidence).toBeCloseTo(expectedConfidence(1), 4);
  });

  it('scales a frame larger than the detector sees back to its own pixels, and a faint line reads with lower confidence', async () => {
    const store = await installedStore('large');
    const ocr = createRapidOcrRecognizer({ models: store });
    const image = whiteImage(1600, 900);
    const strong = bars('文中', 600, 60, 36);
    const faint = bars('中文', 600, 60, 36);
    paintLine(image, strong, 200, 40);
    paintLine(image, faint, 700, 40, 0.7);

    const lines = await ocr.recognize(image, { languages: ['zh', 'en'], signal });

    expect(lines.map((line) => line.text)).toEqual(['文中', '中文']);
    expectBoxAround(lines[0]!.box, bandOf(strong, 200, 40), 60);
    expectBoxAround(lines[1]!.box, bandOf(faint, 700, 40), 60);
    const faintInk = 1 - Math.round(255 * 0.3) / 255;
    expect(lines[0]!.confidence).toBeCloseTo(expectedConfidence(1), 4);
    expect(lines[1]!.confidence).toBeCloseTo(expectedConfidence(faintInk), 4);
    expect(lines[1]!.confidence).toBeLessThan(lines[0]!.confidence - 0.05);
  });

  it('finds nothing on a blank frame and stops when cancelled', async () => {
    const store = await installedStore('blank');
    const ocr = createRapidOcrRecognizer({ models: store });
    expect(await ocr.recognize(whiteImage(320, 180), { languages: ['en'], signal })).toEqual([]);
    const image = whiteImage(320, 180);
    paintLine(image, bars('中文', 40), 60, 24);
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(ocr.recognize(image, { languages: ['en'], signal: controller.signal })).rejects.toThrow(
      'cancelled by the user',
    );
  });

  it('says which model to install when it is missing, and reads only Chinese and English', async () => {
    const store = createModelStore({ modelsDir: path.join(dir, 'models-empty') });
    stores.push(store);
    const ocr = createRapidOcrRecognizer({ models: store });
    expect(ocr).toMatchObject({ id: 'rapidocr', title: 'RapidOCR (PP-OCRv4)', quality: 'standard' });
    expect(ocr.isAvailable()).toBe(false);
    expect([ocr.supports('zh'), ocr.supports('zh-Hant-TW'), ocr.supports('en'), ocr.supports('fr')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    await expect(ocr.recognize(whiteImage(64, 64), { languages: ['zh'], signal })).rejects.toMatchObject({
      code: 'model_not_installed',
      message: expect.stringContaining('dubdesk models install rapidocr-ppocrv4-ch'),
    });
    await expect(ocr.recognize(whiteImage(64, 64), { languages: ['fr'], signal })).rejects.toThrow(
      /reads Chinese and English, not French/,
    );
  });

  it('a corrupt model file fails with engine_failed naming how to fix it', async () => {
    const store = await installedStore('corrupt');
    await fs.writeFile(store.requireInstalled(RAPIDOCR_MODEL).file(RAPIDOCR_DET_FILE), randomBytes(32 * 1024));
    const ocr = createRapidOcrRecognizer({ models: store });
    const failure = await ocr
      .recognize(whiteImage(64, 64), { languages: ['zh'], signal })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 'engine_failed',
      retryable: false,
      message: expect.stringContaining(`dubdesk models remove ${RAPIDOCR_MODEL}`),
    });
  });

  it('a dictionary that does not match the recognizer fails with engine_failed naming it', async () => {
    const store = await installedStore('short-dictionary', { dictionaryLines: 100 });
    const ocr = createRapidOcrRecognizer({ models: store });
    const image = whiteImage(320, 120);
    paintLine(image, bars('中', 100), 40, 24);
    await expect(ocr.recognize(image, { languages: ['zh'], signal })).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringMatching(/has 6625 classes, but its dictionary ppocr_keys_v1\.txt gives 102/),
    });
  });

  it('the engine set prefers RapidOCR once installed and Tesseract otherwise', async () => {
    // The engine set as the service builds it (engines/engine-set.ts), over a store that takes the stand-ins.
    const store = createModelStore({ modelsDir: path.join(dir, 'models-set'), catalogue });
    stores.push(store);
    const engines = createEngines(
      createEngineSet({
        models: store,
        media: resolveMediaTools(),
        settings: { get: () => undefined },
        cacheDir: path.join(dir, 'engines'),
      }).set,
      store,
    );
    try {
      expect(engines.requireTextRecognizer(['zh']).id).toBe('tesseract');
      await store.importFrom(RAPIDOCR_MODEL, writeRapidOcrStandins(path.join(dir, 'download-set')));
      const engine = engines.requireTextRecognizer(['zh', 'en']);
      expect(engine).toMatchObject({ id: 'rapidocr', title: 'RapidOCR (PP-OCRv4)' });
      const image = whiteImage(320, 120);
      paintLine(image, bars('文', 100), 40, 24);
      expect((await engine.recognize(image, { languages: ['zh'], signal })).map((line) => line.text)).toEqual(['文']);
      // French stays Tesseract's message: installing RapidOCR would not read it either.
      expect(() => engines.requireTextRecognizer(['fr'])).toThrow(/built-in OCR \(Tesseract\) has no French data/);
      await store.remove(RAPIDOCR_MODEL);
      expect(engines.requireTextRecognizer(['zh']).id).toBe('tesseract');
    } finally {
      await engines.dispose();
    }
  });
});
