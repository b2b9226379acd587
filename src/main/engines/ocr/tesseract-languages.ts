// Which languages the built-in OCR can read: a DubDesk language reads with the Tesseract data of the same name,
// installed as the npm package @tesseract.js-data/<tesseract code> (so adding a data package later just works).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findLanguage, languagePart } from '../../../shared/languages.js';

// Not named `require`: electron-vite declares its own `require` in bundles that call one.
const requirePackage = createRequire(import.meta.url);

/** The data flavour every @tesseract.js-data package ships: LSTM only, integer weights (small and fast). */
const DATA_FOLDER = '4.0.0_best_int';

/** Where Tesseract's name differs from the language's ISO 639-3 code (languages.ts); the rest read as iso3. */
const TESSERACT_CODES: Readonly<Record<string, string>> = {
  zh: 'chi_sim',
  'zh-hant': 'chi_tra',
  'zh-tw': 'chi_tra',
  'zh-hk': 'chi_tra',
  'zh-mo': 'chi_tra',
  yue: 'chi_tra',
  nb: 'nor',
  no: 'nor',
  ku: 'kmr',
};

/** Tesseract's code for a DubDesk language code (`zh-TW` -> chi_tra, `fr` -> fra), or undefined for unknown ones. */
export function tesseractCode(language: string): string | undefined {
  const lower = language.toLowerCase();
  const variant = lower.split('-').slice(0, 2).join('-');
  const known = TESSERACT_CODES[lower] ?? TESSERACT_CODES[variant] ?? TESSERACT_CODES[languagePart(lower)];
  return known ?? findLanguage(languagePart(lower))?.iso3;
}

export interface TesseractLanguageData {
  code: string;
  /** The local folder holding `<code>.traineddata.gz`. */
  dir: string;
}

/** The installed data of one Tesseract language, or undefined when its package is not installed. */
export function findTesseractData(code: string): TesseractLanguageData | undefined {
  if (!/^[a-z_]+$/.test(code)) return undefined;
  let packageDir: string;
  try {
    packageDir = path.dirname(requirePackage.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    return undefined;
  }
  // Inside a packaged Electron app the data must be read from the unpacked copy of the asar.
  const dir = path.join(packageDir, DATA_FOLDER).replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return fs.existsSync(path.join(dir, `${code}.traineddata.gz`)) ? { code, dir } : undefined;
}
