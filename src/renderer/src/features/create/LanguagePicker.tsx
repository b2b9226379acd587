import { useMemo, useState } from 'react';
import type { LanguageRecord } from '../../api/client.js';
import { searchLanguages } from './language-search.js';

interface LanguagePickerProps {
  id: string;
  label: string;
  languages: readonly LanguageRecord[];
  value: string;
  onChange(code: string): void;
  /** Offer "Detect automatically" (value `auto`). */
  allowAuto?: boolean;
  hint?: string;
  error?: string;
  required?: boolean;
}

/** A language select with a search box above it that narrows the list by name or code. */
export function LanguagePicker({
  id,
  label,
  languages,
  value,
  onChange,
  allowAuto,
  hint,
  error,
  required,
}: LanguagePickerProps) {
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchLanguages(languages, query), [languages, query]);
  const selected = languages.find((language) => language.code === value);
  // The chosen language stays listed even when the search would hide it, so the select never shows a wrong value.
  const options = selected && !matches.includes(selected) ? [selected, ...matches] : matches;
  const describedBy = [`${id}-search-hint`, hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field language-picker" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <div className="language-picker-row">
        <input
          type="search"
          className="language-search"
          aria-label={`Search ${label.toLowerCase()} by name or code`}
          aria-controls={id}
          placeholder="Search name or code"
          value={query}
          onChange={(event) => {
            const next = event.target.value;
            setQuery(next);
            const best = searchLanguages(languages, next)[0];
            if (next.trim() && best) onChange(best.code);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <select
          id={id}
          value={value}
          required={required}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        >
          {allowAuto ? <option value="auto">Detect automatically</option> : null}
          {!allowAuto && !selected ? <option value="">Choose a language…</option> : null}
          {options.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name} ({language.code})
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-search-hint`} className="visually-hidden">{`${matches.length} languages match.`}</p>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
