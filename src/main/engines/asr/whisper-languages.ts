// Whisper's language codes (its tokenizer's order) and how they map to DubDesk's (src/shared/languages.ts).
import { findLanguage, languagePart } from '../../../shared/languages.js';

/** The 99 languages of multilingual Whisper (tiny to large-v2); large-v3 and turbo add Cantonese (`yue`). */
export const WHISPER_LANGUAGES: readonly string[] = [
  'en',
  'zh',
  'de',
  'es',
  'ru',
  'ko',
  'fr',
  'ja',
  'pt',
  'tr',
  'pl',
  'ca',
  'nl',
  'ar',
  'sv',
  'it',
  'id',
  'hi',
  'fi',
  'vi',
  'he',
  'uk',
  'el',
  'ms',
  'cs',
  'ro',
  'da',
  'hu',
  'ta',
  'no',
  'th',
  'ur',
  'hr',
  'bg',
  'lt',
  'la',
  'mi',
  'ml',
  'cy',
  'sk',
  'te',
  'fa',
  'lv',
  'bn',
  'sr',
  'az',
  'sl',
  'kn',
  'et',
  'mk',
  'br',
  'eu',
  'is',
  'hy',
  'ne',
  'mn',
  'bs',
  'kk',
  'sq',
  'sw',
  'gl',
  'mr',
  'pa',
  'si',
  'km',
  'sn',
  'yo',
  'so',
  'af',
  'oc',
  'ka',
  'be',
  'tg',
  'sd',
  'gu',
  'am',
  'yi',
  'lo',
  'uz',
  'fo',
  'ht',
  'ps',
  'tk',
  'nn',
  'mt',
  'sa',
  'lb',
  'my',
  'bo',
  'tl',
  'mg',
  'as',
  'tt',
  'haw',
  'ln',
  'ha',
  'ba',
  'jw',
  'su',
];

export const WHISPER_V3_LANGUAGES: readonly string[] = [...WHISPER_LANGUAGES, 'yue'];

// DubDesk codes Whisper spells differently.
const TO_WHISPER: Record<string, string> = { nb: 'no', fil: 'tl' };
// Whisper codes DubDesk spells differently (Nynorsk is written Norwegian to DubDesk; Javanese has no DubDesk code).
const FROM_WHISPER: Record<string, string> = { nn: 'no' };

/** Whisper's code for a DubDesk language code (`pt-BR` → `pt`, `nb` → `no`), or undefined if the model lacks it. */
export function toWhisperLanguage(code: string, languages: readonly string[]): string | undefined {
  const language = findLanguage(code);
  const part = language?.code ?? languagePart(code);
  const whisper = TO_WHISPER[part] ?? part;
  return languages.includes(whisper) ? whisper : undefined;
}

/** DubDesk's code for a language Whisper names; a language DubDesk does not list keeps Whisper's code. */
export function fromWhisperLanguage(whisper: string): string {
  const code = FROM_WHISPER[whisper] ?? whisper;
  return findLanguage(code)?.code ?? code;
}
