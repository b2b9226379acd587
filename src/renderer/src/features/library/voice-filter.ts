// Pure: the voices list narrowed by language, gender and a search, and the languages to choose from.
import type { LanguageRecord, VoiceRecord } from '../../api/client.js';

export interface VoiceFilter {
  /** '' for every language. */
  language: string;
  gender: '' | VoiceRecord['gender'];
  query: string;
}

export const ALL_VOICES: VoiceFilter = { language: '', gender: '', query: '' };

export function filterVoices(voices: readonly VoiceRecord[], filter: VoiceFilter): VoiceRecord[] {
  const query = filter.query.trim().toLocaleLowerCase();
  return voices.filter(
    (voice) =>
      (!filter.language || voice.language === filter.language) &&
      (!filter.gender || voice.gender === filter.gender) &&
      (!query ||
        [voice.name, voice.voice_id, voice.locale ?? '', voice.engine].some((field) =>
          field.toLocaleLowerCase().includes(query),
        )),
  );
}

export interface VoiceLanguage {
  code: string;
  name: string;
  count: number;
}

/** The languages that have voices, by name, with how many each has. */
export function voiceLanguages(voices: readonly VoiceRecord[], languages: readonly LanguageRecord[]): VoiceLanguage[] {
  const counts = new Map<string, number>();
  for (const voice of voices) counts.set(voice.language, (counts.get(voice.language) ?? 0) + 1);
  const names = new Map(languages.map((language) => [language.code, language.name]));
  return [...counts]
    .map(([code, count]) => ({ code, name: names.get(code) ?? code, count }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
