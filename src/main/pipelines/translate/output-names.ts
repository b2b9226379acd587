import path from 'node:path';
import { languagePart } from '../../../shared/languages.js';

/** The base of every output's name: the input's name plus the target language, e.g. `interview.de`. */
export function outputBaseName(inputName: string, targetLanguage: string): string {
  const stem = path.basename(inputName, path.extname(inputName)).replace(/[^\p{L}\p{N}._ -]+/gu, '_') || 'media';
  return `${stem}.${languagePart(targetLanguage)}`;
}
