// The built-in eSpeak NG voices: every eSpeak language voice DubDesk's languages can use, crossed with eSpeak's
// voice variants so each language has several distinct male and female voices (`espeak:de`, `espeak:de+f2`, ...).
import { findLanguage, LANGUAGES } from '../../../shared/languages.js';
import type { Voice, VoiceGender } from './types.js';

export const ESPEAK_ENGINE_ID = 'espeak';

/**
 * The rows of `espeak-ng --voices` (espeak-ng 1.0.2, eSpeak NG 1.52-dev) whose language DubDesk accepts, as
 * [eSpeak language tag, voice file, eSpeak name]. test/integration/voices-catalogue.test.ts parses the live table
 * and fails when this copy drifts from it. Left out (no DubDesk language): an bpy chr cv grc hak haw ia io jbo kok lfn
 * ltg mto nci nog pap piqd py qdb qu quc qya shn sjn smj tn.
 */
export const ESPEAK_LANGUAGE_VOICES: readonly (readonly [language: string, file: string, name: string])[] = [
  ['af', 'gmw/af', 'Afrikaans'],
  ['am', 'sem/am', 'Amharic'],
  ['ar', 'sem/ar', 'Arabic'],
  ['as', 'inc/as', 'Assamese'],
  ['az', 'trk/az', 'Azerbaijani'],
  ['ba', 'trk/ba', 'Bashkir'],
  ['be', 'zle/be', 'Belarusian'],
  ['bg', 'zls/bg', 'Bulgarian'],
  ['bn', 'inc/bn', 'Bengali'],
  ['bs', 'zls/bs', 'Bosnian'],
  ['ca', 'roa/ca', 'Catalan'],
  ['cmn', 'sit/cmn', 'Chinese_(Mandarin,_latin_as_English)'],
  ['cmn-latn-pinyin', 'sit/cmn-Latn-pinyin', 'Chinese_(Mandarin,_latin_as_Pinyin)'],
  ['cs', 'zlw/cs', 'Czech'],
  ['cy', 'cel/cy', 'Welsh'],
  ['da', 'gmq/da', 'Danish'],
  ['de', 'gmw/de', 'German'],
  ['el', 'grk/el', 'Greek'],
  ['en-029', 'gmw/en-029', 'English_(Caribbean)'],
  ['en-gb', 'gmw/en', 'English_(Great_Britain)'],
  ['en-gb-scotland', 'gmw/en-GB-scotland', 'English_(Scotland)'],
  ['en-gb-x-gbclan', 'gmw/en-GB-x-gbclan', 'English_(Lancaster)'],
  ['en-gb-x-gbcwmd', 'gmw/en-GB-x-gbcwmd', 'English_(West_Midlands)'],
  ['en-gb-x-rp', 'gmw/en-GB-x-rp', 'English_(Received_Pronunciation)'],
  ['en-us', 'gmw/en-US', 'English_(America)'],
  ['en-us-nyc', 'gmw/en-US-nyc', 'English_(America,_New_York_City)'],
  ['eo', 'art/eo', 'Esperanto'],
  ['es', 'roa/es', 'Spanish_(Spain)'],
  ['es-419', 'roa/es-419', 'Spanish_(Latin_America)'],
  ['et', 'urj/et', 'Estonian'],
  ['eu', 'eu', 'Basque'],
  ['fa', 'ira/fa', 'Persian'],
  ['fa-latn', 'ira/fa-Latn', 'Persian_(Pinglish)'],
  ['fi', 'urj/fi', 'Finnish'],
  ['fr-be', 'roa/fr-BE', 'French_(Belgium)'],
  ['fr-ch', 'roa/fr-CH', 'French_(Switzerland)'],
  ['fr-fr', 'roa/fr', 'French_(France)'],
  ['ga', 'cel/ga', 'Gaelic_(Irish)'],
  ['gd', 'cel/gd', 'Gaelic_(Scottish)'],
  ['gn', 'sai/gn', 'Guarani'],
  ['gu', 'inc/gu', 'Gujarati'],
  ['he', 'sem/he', 'Hebrew'],
  ['hi', 'inc/hi', 'Hindi'],
  ['hr', 'zls/hr', 'Croatian'],
  ['ht', 'roa/ht', 'Haitian_Creole'],
  ['hu', 'urj/hu', 'Hungarian'],
  ['hy', 'ine/hy', 'Armenian_(East_Armenia)'],
  ['hyw', 'ine/hyw', 'Armenian_(West_Armenia)'],
  ['id', 'poz/id', 'Indonesian'],
  ['is', 'gmq/is', 'Icelandic'],
  ['it', 'roa/it', 'Italian'],
  ['ja', 'jpx/ja', 'Japanese'],
  ['ka', 'ccs/ka', 'Georgian'],
  ['kk', 'trk/kk', 'Kazakh'],
  ['kl', 'esx/kl', 'Greenlandic'],
  ['kn', 'dra/kn', 'Kannada'],
  ['ko', 'ko', 'Korean'],
  ['ku', 'ira/ku', 'Kurdish'],
  ['ky', 'trk/ky', 'Kyrgyz'],
  ['la', 'itc/la', 'Latin'],
  ['lb', 'gmw/lb', 'Luxembourgish'],
  ['lt', 'bat/lt', 'Lithuanian'],
  ['lv', 'bat/lv', 'Latvian'],
  ['mi', 'poz/mi', 'Māori'],
  ['mk', 'zls/mk', 'Macedonian'],
  ['ml', 'dra/ml', 'Malayalam'],
  ['mr', 'inc/mr', 'Marathi'],
  ['ms', 'poz/ms', 'Malay'],
  ['mt', 'sem/mt', 'Maltese'],
  ['my', 'sit/my', 'Myanmar_(Burmese)'],
  ['nb', 'gmq/nb', 'Norwegian_Bokmål'],
  ['ne', 'inc/ne', 'Nepali'],
  ['nl', 'gmw/nl', 'Dutch'],
  ['om', 'cus/om', 'Oromo'],
  ['or', 'inc/or', 'Oriya'],
  ['pa', 'inc/pa', 'Punjabi'],
  ['pl', 'zlw/pl', 'Polish'],
  ['pt', 'roa/pt', 'Portuguese_(Portugal)'],
  ['pt-br', 'roa/pt-BR', 'Portuguese_(Brazil)'],
  ['ro', 'roa/ro', 'Romanian'],
  ['ru', 'zle/ru', 'Russian'],
  ['ru-cl', 'zle/ru-cl', 'Russian_(Classic)'],
  ['ru-lv', 'zle/ru-LV', 'Russian_(Latvia)'],
  ['sd', 'inc/sd', 'Sindhi'],
  ['si', 'inc/si', 'Sinhala'],
  ['sk', 'zlw/sk', 'Slovak'],
  ['sl', 'zls/sl', 'Slovenian'],
  ['sq', 'ine/sq', 'Albanian'],
  ['sr', 'zls/sr', 'Serbian'],
  ['sv', 'gmq/sv', 'Swedish'],
  ['sw', 'bnt/sw', 'Swahili'],
  ['ta', 'dra/ta', 'Tamil'],
  ['te', 'dra/te', 'Telugu'],
  ['th', 'tai/th', 'Thai'],
  ['tk', 'trk/tk', 'Turkmen'],
  ['tr', 'trk/tr', 'Turkish'],
  ['tt', 'trk/tt', 'Tatar'],
  ['ug', 'trk/ug', 'Uyghur'],
  ['uk', 'zle/uk', 'Ukrainian'],
  ['ur', 'inc/ur', 'Urdu'],
  ['uz', 'trk/uz', 'Uzbek'],
  ['vi', 'aav/vi', 'Vietnamese_(Northern)'],
  ['vi-vn-x-central', 'aav/vi-VN-x-central', 'Vietnamese_(Central)'],
  ['vi-vn-x-south', 'aav/vi-VN-x-south', 'Vietnamese_(Southern)'],
  ['yue', 'sit/yue', 'Chinese_(Cantonese)'],
  ['yue', 'sit/yue-Latn-jyutping', 'Chinese_(Cantonese,_latin_as_Jyutping)'],
];

/** eSpeak tags whose language part is not the DubDesk code. */
const LANGUAGE_OVERRIDES: Readonly<Record<string, string>> = { cmn: 'zh', hyw: 'hy' };

/** Languages DubDesk lists twice that share one voice set (`no` is spoken with the Bokmål voice). */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { no: 'nb' };

/** Requested locales whose eSpeak voice has another tag (eSpeak's own "other languages" column). */
const LOCALE_ALIASES: Readonly<Record<string, string>> = {
  'pt-pt': 'pt',
  'es-mx': 'es-419',
  'zh-cmn': 'cmn',
  'nb-no': 'nb',
};

/** Which eSpeak voice speaks a language when the request names no locale. */
const PREFERRED_LOCALE: Readonly<Record<string, string>> = {
  en: 'en-us',
  pt: 'pt-br',
  zh: 'cmn',
  fr: 'fr-fr',
  es: 'es',
  hy: 'hy',
  fa: 'fa',
  ru: 'ru',
  vi: 'vi',
  yue: 'yue',
};

export interface VoiceVariant {
  /** Suffix in the voice id (`+f2`); '' for the language voice itself. */
  id: string;
  /** Variant file under espeak-ng-data/voices/!v, passed to `-v <voice>+<file>`. */
  file: string;
  label: string;
  gender: Exclude<VoiceGender, 'neutral'>;
  /** Median F0, Hz; see VARIANT_PITCH_HZ. */
  pitchHz: number;
}

/**
 * Median F0 of each variant, Hz, measured with voice-analysis/pitch.ts (YIN, 16 kHz) on the sample sentence
 * (voice-samples.ts) of en, de, fr, es, ru, ja, zh, ar, hi, pt, averaged over the languages (each within ±6 % of the
 * mean except Mandarin, about 12 % lower).
 * test/integration/voices-catalogue.test.ts re-measures them and fails beyond ±1.5 semitones.
 */
export const VARIANT_PITCH_HZ: Readonly<Record<string, number>> = {
  '': 99,
  m1: 91,
  m2: 99,
  m3: 102,
  m4: 91,
  m5: 100,
  m7: 103,
  m8: 83,
  f1: 176,
  f2: 190,
  f3: 205,
  f4: 176,
  f5: 201,
  belinda: 225,
  annie: 231,
  alicia: 244,
};

/** In the order voices are handed to speakers: the first ones differ most from each other. */
export const VOICE_VARIANTS: readonly VoiceVariant[] = [
  { id: '', file: '', label: 'male', gender: 'male' },
  { id: 'm3', file: 'm3', label: 'male 3', gender: 'male' },
  { id: 'm8', file: 'm8', label: 'male 8', gender: 'male' },
  { id: 'm1', file: 'm1', label: 'male 1', gender: 'male' },
  { id: 'm7', file: 'm7', label: 'male 7', gender: 'male' },
  { id: 'm4', file: 'm4', label: 'male 4', gender: 'male' },
  { id: 'm2', file: 'm2', label: 'male 2', gender: 'male' },
  { id: 'm5', file: 'm5', label: 'male 5', gender: 'male' },
  { id: 'f2', file: 'f2', label: 'female 2', gender: 'female' },
  { id: 'f1', file: 'f1', label: 'female 1', gender: 'female' },
  { id: 'annie', file: 'Annie', label: 'Annie', gender: 'female' },
  { id: 'f3', file: 'f3', label: 'female 3', gender: 'female' },
  { id: 'belinda', file: 'belinda', label: 'Belinda', gender: 'female' },
  { id: 'f4', file: 'f4', label: 'female 4', gender: 'female' },
  { id: 'alicia', file: 'Alicia', label: 'Alicia', gender: 'female' },
  { id: 'f5', file: 'f5', label: 'female 5', gender: 'female' },
].map((variant) => ({
  ...variant,
  gender: variant.gender as VoiceVariant['gender'],
  pitchHz: VARIANT_PITCH_HZ[variant.id],
}));

/** A catalogue voice with what the engine needs to run it. */
export interface EspeakVoice extends Voice {
  /** The `-v` argument, e.g. `de+f2`, `en-US`. */
  espeakVoice: string;
  variant: string;
}

/** DubDesk language code of an eSpeak tag (`cmn` -> `zh`, `pt-br` -> `pt`); undefined when DubDesk has none. */
export function languageOfEspeakTag(tag: string): string | undefined {
  const first = tag.split('-')[0].toLowerCase();
  return LANGUAGE_OVERRIDES[first] ?? findLanguage(first)?.code;
}

function buildCatalogue(): EspeakVoice[] {
  const voices: EspeakVoice[] = [];
  for (const [tag, file, espeakName] of ESPEAK_LANGUAGE_VOICES) {
    const language = languageOfEspeakTag(tag);
    if (!language) continue;
    // The file's base name is what `-v` finds with a variant attached (`fr-fr+f2` is not found, `fr+f2` is).
    const base = file.split('/').pop()!;
    const name = espeakName.replace(/_/g, ' ');
    for (const variant of VOICE_VARIANTS) {
      voices.push({
        id: `${ESPEAK_ENGINE_ID}:${base.toLowerCase()}${variant.id ? `+${variant.id}` : ''}`,
        name: `${name}, ${variant.label}`,
        language,
        locale: tag,
        gender: variant.gender,
        engine: ESPEAK_ENGINE_ID,
        quality: 'draft',
        pitchHz: variant.pitchHz,
        espeakVoice: variant.file ? `${base}+${variant.file}` : base,
        variant: variant.id,
      });
    }
  }
  return voices;
}

let catalogue: EspeakVoice[] | undefined;
let byId: Map<string, EspeakVoice> | undefined;

/** Every built-in voice, in catalogue order (language table order, then VOICE_VARIANTS order). */
export function listVoices(): EspeakVoice[] {
  catalogue ??= buildCatalogue();
  return catalogue;
}

export function findVoice(id: string): EspeakVoice | undefined {
  byId ??= new Map(listVoices().map((voice) => [voice.id, voice]));
  return byId.get(id);
}

/**
 * Voices for a language code with optional locale (`de`, `pt-BR`, `en-GB`, `no`): the voices of the best-matching
 * eSpeak locale (exact locale, else the language's preferred one, else its first), then the language's other locales.
 */
export function voicesForLanguage(code: string, voices: readonly Voice[] = listVoices()): Voice[] {
  const requested = code.toLowerCase();
  const languagePart = requested.split('-')[0];
  const language = LANGUAGE_ALIASES[languagePart] ?? findLanguage(languagePart)?.code ?? languagePart;
  const matching = voices.filter((voice) => voice.language === language);
  if (matching.length === 0) return [];
  const locales = [...new Set(matching.map((voice) => voice.locale ?? voice.language))];
  const wanted = LOCALE_ALIASES[requested] ?? requested;
  const exact = requested.includes('-')
    ? locales.find((locale) => locale === wanted || locale.startsWith(`${wanted}-`))
    : undefined;
  const first = exact ?? PREFERRED_LOCALE[language] ?? locales[0];
  const ordered = [first, ...locales.filter((locale) => locale !== first)];
  return ordered.flatMap((locale) => matching.filter((voice) => (voice.locale ?? voice.language) === locale));
}

/** DubDesk languages that no built-in voice speaks (computed, so it cannot drift from the list). */
export function languagesWithoutVoice(voices: readonly Voice[] = listVoices()): string[] {
  const spoken = new Set(voices.map((voice) => voice.language));
  return LANGUAGES.filter((language) => !spoken.has(LANGUAGE_ALIASES[language.code] ?? language.code)).map(
    (language) => language.code,
  );
}
