// Pure: languages matching what the user typed, best match first (code, then name start, then anywhere in the name).

export interface NamedLanguage {
  code: string;
  iso3: string;
  name: string;
}

export function searchLanguages<T extends NamedLanguage>(languages: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...languages];
  const scored: { language: T; score: number }[] = [];
  for (const language of languages) {
    const name = language.name.toLowerCase();
    let score = -1;
    if (language.code === q || language.iso3 === q) score = 0;
    else if (name.startsWith(q)) score = 1;
    else if (name.split(/[\s-]+/).some((word) => word.startsWith(q))) score = 2;
    else if (name.includes(q)) score = 3;
    else if (language.code.startsWith(q) || language.iso3.startsWith(q)) score = 4;
    if (score >= 0) scored.push({ language, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.language.name.localeCompare(b.language.name))
    .map((entry) => entry.language);
}
