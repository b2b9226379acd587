// The built-in text recognizer: Tesseract (tesseract.js, WebAssembly) with the language data of the installed
// @tesseract.js-data packages. Never touches the network: the data is read from those local folders, the core from the
// local tesseract.js-core package, and nothing is cached into the working folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import type { RgbImage } from '../../media/image/rgb-image.js';
import type { EngineIdentity } from '../quality.js';
import { encodePpm, encodeWhitenessPgm } from './pnm.js';
import { findTesseractData, tesseractCode, type TesseractLanguageData } from './tesseract-languages.js';
import { linesFromBlocks } from './tesseract-lines.js';
import type { RecognizedLine, TextRecognizer } from './types.js';
import { engineRow } from '../capability-table.js';

/** The capability table's row: this engine's title and quality. */
const ROW = engineRow('text-recognition', 'tesseract');

export interface TesseractRecognizerOptions {
  /** Words below this confidence (0..100) are dropped: on busy backgrounds Tesseract reads texture as junk words. */
  minWordConfidence?: number;
  /** Most workers alive at once (one per language set); default one per core. */
  maxWorkers?: number;
}

export interface TesseractRecognizer extends TextRecognizer, EngineIdentity {
  /** Ends every worker; later calls start new ones. */
  dispose(): Promise<void>;
}

interface WorkerSlot {
  worker: Promise<Tesseract.Worker>;
  /** Removes the folder of links a multi-language worker reads its data from. */
  cleanup: () => void;
  lastUsed: number;
}

export function createTesseractRecognizer(options: TesseractRecognizerOptions = {}): TesseractRecognizer {
  const minWordConfidence = options.minWordConfidence ?? 60;
  const maxWorkers = Math.max(1, options.maxWorkers ?? os.availableParallelism());
  const dataByLanguage = new Map<string, TesseractLanguageData | undefined>();
  const slots = new Map<string, WorkerSlot>();
  // One recognition at a time per language set: a Tesseract worker runs one job at a time anyway.
  const queues = new Map<string, Promise<unknown>>();

  const dataFor = (language: string): TesseractLanguageData | undefined => {
    if (!dataByLanguage.has(language)) {
      const code = tesseractCode(language);
      dataByLanguage.set(language, code ? findTesseractData(code) : undefined);
    }
    return dataByLanguage.get(language);
  };

  const endSlot = (key: string): void => {
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    void slot.worker
      .then((worker) => worker.terminate())
      .catch(() => undefined)
      .finally(slot.cleanup);
  };

  const workerFor = async (key: string, data: TesseractLanguageData[]): Promise<Tesseract.Worker> => {
    const existing = slots.get(key);
    if (existing) {
      existing.lastUsed = Date.now();
      return existing.worker;
    }
    // At most one worker per core: the least recently used one ends once the jobs queued for it are done.
    while (slots.size >= maxWorkers) {
      const [oldestKey] = [...slots.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0]!;
      await queues.get(oldestKey)?.catch(() => undefined);
      if (!queues.has(oldestKey)) endSlot(oldestKey);
    }
    const raced = slots.get(key);
    if (raced) return raced.worker;
    const { langPath, cleanup } = localLangPath(data);
    const worker = Tesseract.createWorker(
      data.map((entry) => entry.code),
      Tesseract.OEM.LSTM_ONLY,
      {
        langPath,
        // 'none': never read or write a cached copy in the working folder.
        cacheMethod: 'none',
        gzip: true,
        errorHandler: () => undefined,
      },
    );
    const slot: WorkerSlot = { worker, cleanup, lastUsed: Date.now() };
    slots.set(key, slot);
    worker.catch(() => {
      if (slots.get(key) === slot) endSlot(key);
    });
    return worker;
  };

  const recognizeNow = async (
    key: string,
    data: TesseractLanguageData[],
    image: RgbImage,
    signal: AbortSignal,
  ): Promise<RecognizedLine[]> => {
    signal.throwIfAborted();
    let onAbort: () => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        // tesseract.js cannot cancel a job: the worker is ended and a new one starts on the next call.
        endSlot(key);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    try {
      const worker = await Promise.race([workerFor(key, data), aborted]);
      const read = async (picture: Buffer) => {
        const result = await Promise.race([worker.recognize(picture, {}, { blocks: true, text: false }), aborted]);
        return linesFromBlocks(result.data.blocks, minWordConfidence);
      };
      // Light text first (most subtitles and captions); coloured text only when no light text was found.
      const light = await read(encodeWhitenessPgm(image));
      return light.length > 0 ? light : read(encodePpm(image));
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };

  return {
    id: 'tesseract',
    title: ROW.title,
    quality: ROW.quality,

    supports(language: string): boolean {
      return dataFor(language) !== undefined;
    },

    async recognize(image, { languages, signal }) {
      // In the caller's order: Tesseract lays the page out by the first language.
      const data = [
        ...new Map(
          languages.map((language) => {
            const found = dataFor(language);
            if (!found)
              throw new DubDeskError(
                'model_not_installed',
                `The built-in OCR (Tesseract) has no ${findLanguage(language)?.name ?? language} data in this DubDesk version.`,
              );
            return [found.code, found] as const;
          }),
        ).values(),
      ];
      if (data.length === 0) throw new Error('Reading text needs at least one language.');
      const key = data.map((entry) => entry.code).join('+');
      const previous = queues.get(key) ?? Promise.resolve();
      const job = previous.catch(() => undefined).then(() => recognizeNow(key, data, image, signal));
      queues.set(key, job);
      void job
        .catch(() => undefined)
        .finally(() => {
          if (queues.get(key) === job) queues.delete(key);
        });
      return job;
    },

    async dispose() {
      const ending = [...slots.values()];
      slots.clear();
      await Promise.all(
        ending.map(async (slot) => {
          await slot.worker.then((worker) => worker.terminate()).catch(() => undefined);
          slot.cleanup();
        }),
      );
    },
  };
}

/**
 * The local folder tesseract.js reads `<code>.traineddata.gz` from. It takes one folder for all languages, and each
 * data package has its own, so a multi-language worker reads from a temporary folder of links to the packages' files.
 */
function localLangPath(data: TesseractLanguageData[]): { langPath: string; cleanup: () => void } {
  for (const entry of data) {
    // A URL here would make tesseract.js download: only absolute local folders are accepted.
    if (!path.isAbsolute(entry.dir) || /^[a-z][a-z0-9+.-]*:\/\//i.test(entry.dir))
      throw new Error(`Tesseract data must be a local folder, not ${entry.dir}.`);
  }
  if (data.length === 1) return { langPath: data[0]!.dir, cleanup: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-tessdata-'));
  for (const entry of data) {
    const file = `${entry.code}.traineddata.gz`;
    // Windows allows file links only to administrators and in developer mode: a copy serves there.
    try {
      fs.symlinkSync(path.join(entry.dir, file), path.join(dir, file));
    } catch {
      fs.copyFileSync(path.join(entry.dir, file), path.join(dir, file));
    }
  }
  return { langPath: dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
