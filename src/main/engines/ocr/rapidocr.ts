// RapidOCR's PP-OCRv4 mobile models (catalogue 'rapidocr-ppocrv4-ch'): a DB detector finds the lines of text in the
// frame, then a CTC recognizer reads each line with PaddleOCR's 6623-character Chinese and English dictionary.
// Reads stylised captions and Chinese better than Tesseract; sessions come from the model store's cache.
import fs from 'node:fs/promises';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage, languagePart } from '../../../shared/languages.js';
import { clampBox, type PixelBox, type RgbImage } from '../../media/image/rgb-image.js';
import type { BoundSession } from '../../models/model-store.js';
import { Tensor } from '../../models/onnx-runtime.js';
import type { EngineIdentity } from '../quality.js';
import type { EngineModels } from '../registry.js';
import { ctcClassesFromDictionary, decodeCtcGreedy, type CtcClasses } from './ctc-decode.js';
import { dbBoxes, RAPIDOCR_DB_OPTIONS, readingOrder, type DbOptions } from './db-boxes.js';
import { detectionInput, recognitionInput, REC_HEIGHT } from './rapidocr-tensors.js';
import type { RecognizedLine, TextRecognizer } from './types.js';
import { engineRow } from '../capability-table.js';

/** The capability table's row: this engine's title and quality. */
const ROW = engineRow('text-recognition', 'rapidocr');

/** Catalogue id and files (src/main/models/entries/ocr.ts). */
export const RAPIDOCR_MODEL = 'rapidocr-ppocrv4-ch';
export const RAPIDOCR_DET_FILE = 'ch_PP-OCRv4_det_mobile.onnx';
export const RAPIDOCR_REC_FILE = 'ch_PP-OCRv4_rec_mobile.onnx';
export const RAPIDOCR_DICTIONARY_FILE = 'ppocr_keys_v1.txt';
/** The dictionary covers Chinese (simplified, most traditional forms) and the Latin alphabet, digits and punctuation. */
const RAPIDOCR_LANGUAGES = new Set(['zh', 'en']);

export interface RapidOcrOptions {
  models: EngineModels;
  /** Longest side the detector sees (PaddleOCR's default limit: 960); larger frames are scaled down. */
  maxDetectionSide?: number;
  db?: DbOptions;
  /** Lines read with a lower mean character probability are dropped (RapidOCR's text_score: 0.5). */
  minConfidence?: number;
}

export type RapidOcrRecognizer = TextRecognizer & EngineIdentity & { isAvailable(): boolean };

export function createRapidOcrRecognizer(options: RapidOcrOptions): RapidOcrRecognizer {
  const { models } = options;
  const maxSide = options.maxDetectionSide ?? 960;
  const db = options.db ?? RAPIDOCR_DB_OPTIONS;
  const minConfidence = options.minConfidence ?? 0.5;
  // Read once per installed copy: a reinstall changes the file's time, and the new one is read.
  let dictionary: { file: string; modified: number; classes: CtcClasses } | undefined;

  const openModel = async (file: string): Promise<BoundSession> => {
    try {
      return await models.openSession(RAPIDOCR_MODEL, file);
    } catch (error) {
      if (error instanceof DubDeskError && error.code === 'engine_failed' && !/install it again/.test(error.message)) {
        throw new DubDeskError(
          'engine_failed',
          `${error.message} Remove the RapidOCR model (\`dubdesk models remove ${RAPIDOCR_MODEL}\`) and install it again.`,
          { cause: error, retryable: false },
        );
      }
      throw error;
    }
  };

  const classes = async (): Promise<CtcClasses> => {
    const file = models.requireInstalled(RAPIDOCR_MODEL).file(RAPIDOCR_DICTIONARY_FILE);
    const modified = (await fs.stat(file)).mtimeMs;
    if (dictionary?.file !== file || dictionary.modified !== modified) {
      dictionary = { file, modified, classes: ctcClassesFromDictionary(await fs.readFile(file, 'utf8')) };
    }
    return dictionary.classes;
  };

  /** Line boxes in the frame's pixels, in reading order. */
  const detect = async (detector: BoundSession, image: RgbImage, signal: AbortSignal): Promise<PixelBox[]> => {
    const input = detectionInput(image, maxSide);
    const results = await detector.run(
      { x: new Tensor('float32', input.data, [1, 3, input.height, input.width]) },
      { signal },
    );
    const map = results.map;
    if (!map || map.type !== 'float32' || map.dims.length !== 4 || map.data.length !== input.width * input.height) {
      throw new DubDeskError(
        'engine_failed',
        `The RapidOCR detector ` +
          `returned ${map ? `${map.type} [${map.dims.join(', ')}]` : 'nothing'}, not a probability ` +
          `map of [1, 1, ${input.height}, ${input.width}].`,
      );
    }
    const scaleX = image.width / input.width;
    const scaleY = image.height / input.height;
    const boxes = dbBoxes(map.data as Float32Array, input.width, input.height, db)
      .map((box) =>
        clampBox(
          { x: box.x * scaleX, y: box.y * scaleY, width: box.width * scaleX, height: box.height * scaleY },
          image.width,
          image.height,
        ),
      )
      .filter((box) => box.width > 0 && box.height > 0);
    return readingOrder(boxes);
  };

  const read = async (
    recognizer: BoundSession,
    image: RgbImage,
    box: PixelBox,
    known: CtcClasses,
    signal: AbortSignal,
  ) => {
    const input = recognitionInput(image, box);
    const results = await recognizer.run(
      { x: new Tensor('float32', input.data, [1, 3, REC_HEIGHT, input.width]) },
      { signal },
    );
    const output = results.probabilities;
    if (!output || output.type !== 'float32' || output.dims.length !== 3) {
      throw new DubDeskError(
        'engine_failed',
        `The RapidOCR recognizer ` +
          `returned ${output ? `${output.type} [${output.dims.join(', ')}]` : 'nothing'}, not ` +
          `character probabilities [1, steps, classes].`,
      );
    }
    const [, steps, count] = output.dims as number[];
    if (count !== known.characters.length) {
      throw new DubDeskError(
        'engine_failed',
        `The RapidOCR recognizer has ${count} classes, but its ` +
          `dictionary ${RAPIDOCR_DICTIONARY_FILE} gives ${known.characters.length} ` +
          `(blank, ${known.characters.length - 2} characters, space). Remove the RapidOCR model ` +
          `(\`dubdesk models remove ${RAPIDOCR_MODEL}\`) and install it again.`,
        { retryable: false },
      );
    }
    return decodeCtcGreedy(output.data as Float32Array, steps!, known);
  };

  return {
    id: 'rapidocr',
    title: ROW.title,
    quality: ROW.quality,
    isAvailable: () => models.isInstalled(RAPIDOCR_MODEL),

    supports: (language) => RAPIDOCR_LANGUAGES.has(languagePart(language)),

    async recognize(image, { languages, signal }) {
      const unread = languages.filter((language) => !RAPIDOCR_LANGUAGES.has(languagePart(language)));
      if (unread.length > 0) {
        throw new DubDeskError(
          'model_not_installed',
          `RapidOCR (PP-OCRv4) reads Chinese and English, not ${unread.map((code) => findLanguage(code)?.name ?? code).join(', ')}.`,
        );
      }
      signal.throwIfAborted();
      const known = await classes();
      const detector = await openModel(RAPIDOCR_DET_FILE);
      const recognizer = await openModel(RAPIDOCR_REC_FILE);
      const lines: RecognizedLine[] = [];
      for (const box of await detect(detector, image, signal)) {
        signal.throwIfAborted();
        const { text, confidence } = await read(recognizer, image, box, known, signal);
        const trimmed = text.trim();
        if (trimmed.length > 0 && confidence >= minConfidence) lines.push({ text: trimmed, box, confidence });
      }
      return lines;
    },
  };
}
