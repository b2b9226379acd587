// Languages DubDesk accepts: the language part of a code is checked against this list (docs/api.md "Errors":
// unsupported_language). Built-in eSpeak NG voices cover all of them; ASR/MT models say per model which they cover.

export interface Language {
  /** ISO 639-1 code where one exists, else ISO 639-3. */
  code: string;
  /** ISO 639-3 (also 639-2/T) code, accepted by frame_translate's 2-3 letter pattern. */
  iso3: string;
  name: string;
  /** Written without spaces between words: subtitle line breaking works per character. */
  noSpaces?: boolean;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'af', iso3: 'afr', name: 'Afrikaans' },
  { code: 'am', iso3: 'amh', name: 'Amharic' },
  { code: 'ar', iso3: 'ara', name: 'Arabic' },
  { code: 'as', iso3: 'asm', name: 'Assamese' },
  { code: 'az', iso3: 'aze', name: 'Azerbaijani' },
  { code: 'ba', iso3: 'bak', name: 'Bashkir' },
  { code: 'be', iso3: 'bel', name: 'Belarusian' },
  { code: 'bg', iso3: 'bul', name: 'Bulgarian' },
  { code: 'bn', iso3: 'ben', name: 'Bengali' },
  { code: 'bs', iso3: 'bos', name: 'Bosnian' },
  { code: 'ca', iso3: 'cat', name: 'Catalan' },
  { code: 'cs', iso3: 'ces', name: 'Czech' },
  { code: 'cy', iso3: 'cym', name: 'Welsh' },
  { code: 'da', iso3: 'dan', name: 'Danish' },
  { code: 'de', iso3: 'deu', name: 'German' },
  { code: 'el', iso3: 'ell', name: 'Greek' },
  { code: 'en', iso3: 'eng', name: 'English' },
  { code: 'eo', iso3: 'epo', name: 'Esperanto' },
  { code: 'es', iso3: 'spa', name: 'Spanish' },
  { code: 'et', iso3: 'est', name: 'Estonian' },
  { code: 'eu', iso3: 'eus', name: 'Basque' },
  { code: 'fa', iso3: 'fas', name: 'Persian' },
  { code: 'fi', iso3: 'fin', name: 'Finnish' },
  { code: 'fil', iso3: 'fil', name: 'Filipino' },
  { code: 'fr', iso3: 'fra', name: 'French' },
  { code: 'ga', iso3: 'gle', name: 'Irish' },
  { code: 'gd', iso3: 'gla', name: 'Scottish Gaelic' },
  { code: 'gl', iso3: 'glg', name: 'Galician' },
  { code: 'gn', iso3: 'grn', name: 'Guarani' },
  { code: 'gu', iso3: 'guj', name: 'Gujarati' },
  { code: 'ha', iso3: 'hau', name: 'Hausa' },
  { code: 'he', iso3: 'heb', name: 'Hebrew' },
  { code: 'hi', iso3: 'hin', name: 'Hindi' },
  { code: 'hr', iso3: 'hrv', name: 'Croatian' },
  { code: 'ht', iso3: 'hat', name: 'Haitian Creole' },
  { code: 'hu', iso3: 'hun', name: 'Hungarian' },
  { code: 'hy', iso3: 'hye', name: 'Armenian' },
  { code: 'id', iso3: 'ind', name: 'Indonesian' },
  { code: 'is', iso3: 'isl', name: 'Icelandic' },
  { code: 'it', iso3: 'ita', name: 'Italian' },
  { code: 'ja', iso3: 'jpn', name: 'Japanese', noSpaces: true },
  { code: 'ka', iso3: 'kat', name: 'Georgian' },
  { code: 'kk', iso3: 'kaz', name: 'Kazakh' },
  { code: 'kl', iso3: 'kal', name: 'Greenlandic' },
  { code: 'km', iso3: 'khm', name: 'Khmer', noSpaces: true },
  { code: 'kn', iso3: 'kan', name: 'Kannada' },
  { code: 'ko', iso3: 'kor', name: 'Korean' },
  { code: 'ku', iso3: 'kur', name: 'Kurdish' },
  { code: 'ky', iso3: 'kir', name: 'Kyrgyz' },
  { code: 'la', iso3: 'lat', name: 'Latin' },
  { code: 'lb', iso3: 'ltz', name: 'Luxembourgish' },
  { code: 'lo', iso3: 'lao', name: 'Lao', noSpaces: true },
  { code: 'lt', iso3: 'lit', name: 'Lithuanian' },
  { code: 'lv', iso3: 'lav', name: 'Latvian' },
  { code: 'mi', iso3: 'mri', name: 'Maori' },
  { code: 'mk', iso3: 'mkd', name: 'Macedonian' },
  { code: 'ml', iso3: 'mal', name: 'Malayalam' },
  { code: 'mn', iso3: 'mon', name: 'Mongolian' },
  { code: 'mr', iso3: 'mar', name: 'Marathi' },
  { code: 'ms', iso3: 'msa', name: 'Malay' },
  { code: 'mt', iso3: 'mlt', name: 'Maltese' },
  { code: 'my', iso3: 'mya', name: 'Burmese', noSpaces: true },
  { code: 'nb', iso3: 'nob', name: 'Norwegian Bokmål' },
  { code: 'ne', iso3: 'nep', name: 'Nepali' },
  { code: 'nl', iso3: 'nld', name: 'Dutch' },
  { code: 'no', iso3: 'nor', name: 'Norwegian' },
  { code: 'om', iso3: 'orm', name: 'Oromo' },
  { code: 'or', iso3: 'ori', name: 'Odia' },
  { code: 'pa', iso3: 'pan', name: 'Punjabi' },
  { code: 'pl', iso3: 'pol', name: 'Polish' },
  { code: 'pt', iso3: 'por', name: 'Portuguese' },
  { code: 'ro', iso3: 'ron', name: 'Romanian' },
  { code: 'ru', iso3: 'rus', name: 'Russian' },
  { code: 'sd', iso3: 'snd', name: 'Sindhi' },
  { code: 'si', iso3: 'sin', name: 'Sinhala' },
  { code: 'sk', iso3: 'slk', name: 'Slovak' },
  { code: 'sl', iso3: 'slv', name: 'Slovenian' },
  { code: 'sq', iso3: 'sqi', name: 'Albanian' },
  { code: 'sr', iso3: 'srp', name: 'Serbian' },
  { code: 'sv', iso3: 'swe', name: 'Swedish' },
  { code: 'sw', iso3: 'swa', name: 'Swahili' },
  { code: 'ta', iso3: 'tam', name: 'Tamil' },
  { code: 'te', iso3: 'tel', name: 'Telugu' },
  { code: 'th', iso3: 'tha', name: 'Thai', noSpaces: true },
  { code: 'tk', iso3: 'tuk', name: 'Turkmen' },
  { code: 'tl', iso3: 'tgl', name: 'Tagalog' },
  { code: 'tr', iso3: 'tur', name: 'Turkish' },
  { code: 'tt', iso3: 'tat', name: 'Tatar' },
  { code: 'ug', iso3: 'uig', name: 'Uyghur' },
  { code: 'uk', iso3: 'ukr', name: 'Ukrainian' },
  { code: 'ur', iso3: 'urd', name: 'Urdu' },
  { code: 'uz', iso3: 'uzb', name: 'Uzbek' },
  { code: 'vi', iso3: 'vie', name: 'Vietnamese' },
  { code: 'yue', iso3: 'yue', name: 'Cantonese', noSpaces: true },
  { code: 'zh', iso3: 'zho', name: 'Chinese', noSpaces: true },
  { code: 'zu', iso3: 'zul', name: 'Zulu' },
];

const byCode = new Map<string, Language>();
for (const language of LANGUAGES) {
  byCode.set(language.code, language);
  byCode.set(language.iso3, language);
}

/** The language part of a code with an optional locale/variant: `pt-BR` -> `pt`, `zh-Hant-TW` -> `zh`. */
export function languagePart(code: string): string {
  return code.split('-')[0]!.toLowerCase();
}

/** Looks a code up by its language part (ISO 639-1 or 639-3). */
export function findLanguage(code: string): Language | undefined {
  return byCode.get(languagePart(code));
}
