// Pure: a glossary being edited (a terms table with blank rows allowed) and the request body it becomes.
import type { GlossaryBody, GlossaryRecord } from '../../api/client.js';

export interface TermRow {
  source: string;
  target: string;
}

export interface GlossaryDraft {
  name: string;
  source_language: string;
  target_language: string;
  rows: TermRow[];
}

/** Errors by field: `name`, `source_language`, `target_language`, `rows` (the table) or `row-<i>` (one row). */
export type DraftErrors = Record<string, string>;

/** The API's limits (routes/glossaries.ts). */
const MAX_NAME = 200;
const MAX_TERM = 500;
const MAX_TERMS = 10_000;

export function draftOf(record?: GlossaryRecord): GlossaryDraft {
  if (!record) return { name: '', source_language: 'en', target_language: '', rows: [{ source: '', target: '' }] };
  return {
    name: record.name,
    source_language: record.source_language,
    target_language: record.target_language,
    rows: [...record.entries.map((entry) => ({ ...entry })), { source: '', target: '' }],
  };
}

const isBlank = (row: TermRow) => row.source.trim() === '' && row.target.trim() === '';

/** The body to send, or what to fix first; blank rows are dropped, a source term may appear once. */
export function glossaryBody(
  draft: GlossaryDraft,
): { body: GlossaryBody; errors?: undefined } | { body?: undefined; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Give the glossary a name.';
  else if (name.length > MAX_NAME) errors.name = `At most ${MAX_NAME} characters.`;
  if (!draft.source_language) errors.source_language = 'Choose the language of the source terms.';
  if (!draft.target_language) errors.target_language = 'Choose the language of the translations.';
  else if (draft.target_language === draft.source_language)
    errors.target_language = 'The translations must be in another language than the source terms.';

  const entries: TermRow[] = [];
  const seen = new Map<string, number>();
  draft.rows.forEach((row, index) => {
    if (isBlank(row)) return;
    const source = row.source.trim();
    const target = row.target.trim();
    if (!source) errors[`row-${index}`] = 'Give the source term.';
    else if (!target) errors[`row-${index}`] = `Give the translation of “${source}”.`;
    else if (source.length > MAX_TERM || target.length > MAX_TERM)
      errors[`row-${index}`] = `A term has at most ${MAX_TERM} characters.`;
    else {
      const key = source.toLocaleLowerCase();
      const first = seen.get(key);
      if (first !== undefined) errors[`row-${index}`] = `“${source}” is already in row ${first + 1}.`;
      else seen.set(key, index);
    }
    entries.push({ source, target });
  });
  if (entries.length > MAX_TERMS) errors.rows = `At most ${MAX_TERMS} terms.`;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name, source_language: draft.source_language, target_language: draft.target_language, entries } };
}

/**
 * Rows from pasted text, one term per line: `source<TAB>target` as spreadsheets copy, else `source = target`,
 * `source;target` or `source,target` (the first separator found on the line).
 */
export function parseTermLines(text: string): TermRow[] {
  const rows: TermRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const separator = ['\t', ' = ', '=', ';', ','].find((candidate) => line.includes(candidate));
    if (!separator) {
      rows.push({ source: line.trim(), target: '' });
      continue;
    }
    const at = line.indexOf(separator);
    rows.push({ source: line.slice(0, at).trim(), target: line.slice(at + separator.length).trim() });
  }
  return rows;
}

/** The table after a paste: pasted rows replace the trailing blank rows, and one blank row stays for typing. */
export function withPastedRows(rows: readonly TermRow[], pasted: readonly TermRow[]): TermRow[] {
  const kept = rows.filter((row) => !isBlank(row));
  return [...kept, ...pasted, { source: '', target: '' }];
}
