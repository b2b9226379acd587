import { MAX_GLOSSARIES } from '../../../../shared/schemas/jobs.js';
import type { GlossaryRecord } from '../../api/client.js';
import { GroupError } from '../../components/Field.js';

export function GlossaryPicker({
  id,
  glossaries,
  value,
  onChange,
  error,
}: {
  id: string;
  glossaries: readonly GlossaryRecord[];
  value: string[];
  onChange(ids: string[]): void;
  error?: string;
}) {
  return (
    <fieldset className="field" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>Glossaries</legend>
      {glossaries.length === 0 ? <p className="hint">No glossaries yet. Make them on the Glossaries page.</p> : null}
      {glossaries.map((glossary) => {
        const checked = value.includes(glossary.glossary_id);
        return (
          <label key={glossary.glossary_id} className="check">
            <input
              type="checkbox"
              checked={checked}
              disabled={!checked && value.length >= MAX_GLOSSARIES}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, glossary.glossary_id]
                    : value.filter((v) => v !== glossary.glossary_id),
                )
              }
            />
            {glossary.name}{' '}
            <span className="muted">
              ({glossary.source_language} → {glossary.target_language}, {glossary.entries.length} terms)
            </span>
          </label>
        );
      })}
      <p id={`${id}-hint`} className="hint">
        Up to {MAX_GLOSSARIES}; their terms are translated as given.
      </p>
      <GroupError id={id} error={error} />
    </fieldset>
  );
}
