import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiClient, GlossaryRecord } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Field } from '../../components/Field.js';
import { useCatalog } from '../../stores/catalog.js';
import { useNotices } from '../../stores/notices.js';
import { LanguagePicker } from '../create/LanguagePicker.js';
import {
  draftOf,
  glossaryBody,
  parseTermLines,
  withPastedRows,
  type DraftErrors,
  type GlossaryDraft,
  type TermRow,
} from './glossary-draft.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function TermsTable({
  rows,
  errors,
  onChange,
}: {
  rows: TermRow[];
  errors: DraftErrors;
  onChange(rows: TermRow[]): void;
}) {
  const [paste, setPaste] = useState('');
  const setRow = (index: number, patch: Partial<TermRow>) => {
    const next = rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
    // Typing in the last row opens a fresh one, so the table never needs an "add" click.
    if (index === rows.length - 1 && (next[index].source || next[index].target)) next.push({ source: '', target: '' });
    onChange(next);
  };
  return (
    <fieldset className="terms">
      <legend>Terms</legend>
      <table className="terms-table">
        <caption className="visually-hidden">Terms: each source term is translated as given</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Source term</th>
            <th scope="col">Translation</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} data-invalid={errors[`row-${index}`] ? true : undefined}>
              <td className="muted">{index + 1}</td>
              <td>
                <input
                  aria-label={`Source term ${index + 1}`}
                  value={row.source}
                  maxLength={500}
                  onChange={(event) => setRow(index, { source: event.target.value })}
                  aria-invalid={errors[`row-${index}`] ? true : undefined}
                  aria-describedby={errors[`row-${index}`] ? `term-${index}-error` : undefined}
                />
              </td>
              <td>
                <input
                  aria-label={`Translation ${index + 1}`}
                  value={row.target}
                  maxLength={500}
                  onChange={(event) => setRow(index, { target: event.target.value })}
                />
              </td>
              <td>
                {rows.length > 1 && !(index === rows.length - 1 && !row.source && !row.target) ? (
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Remove term ${index + 1}`}
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  >
                    ×
                  </button>
                ) : null}
                {errors[`row-${index}`] ? (
                  <p id={`term-${index}-error`} className="field-error" role="alert">
                    {errors[`row-${index}`]}
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.rows ? (
        <p className="field-error" role="alert">
          {errors.rows}
        </p>
      ) : null}
      <details className="paste-terms">
        <summary>Paste terms from a spreadsheet</summary>
        <p className="hint">
          One term per line: source and translation separated by a tab (as spreadsheets copy), “=”, “;” or “,”.
        </p>
        <textarea
          aria-label="Terms to paste"
          rows={4}
          value={paste}
          onChange={(event) => setPaste(event.target.value)}
        />
        <button
          type="button"
          className="secondary small"
          disabled={!paste.trim()}
          onClick={() => {
            onChange(withPastedRows(rows, parseTermLines(paste)));
            setPaste('');
          }}
        >
          Add these terms
        </button>
      </details>
    </fieldset>
  );
}

function GlossaryEditor({
  client,
  record,
  onClose,
}: {
  client: ApiClient;
  record?: GlossaryRecord;
  onClose(saved?: GlossaryRecord): void;
}) {
  const languages = useCatalog((s) => s.languages);
  const [draft, setDraft] = useState<GlossaryDraft>(() => draftOf(record));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = glossaryBody(draft);
    setErrors(checked.errors ?? {});
    setProblem(undefined);
    if (!checked.body) return;
    setSaving(true);
    try {
      onClose(
        record
          ? await client.updateGlossary(record.glossary_id, checked.body)
          : await client.createGlossary(checked.body),
      );
    } catch (error) {
      setProblem(messageOf(error));
      setSaving(false);
    }
  }

  const title = record ? `Edit “${record.name}”` : 'New glossary';
  return (
    <form
      className="job-form library-editor"
      onSubmit={(event) => void save(event)}
      aria-labelledby="glossary-editor-title"
      noValidate
    >
      <h3 id="glossary-editor-title" ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <Field id="glossary-name" label="Name" error={errors.name}>
        <input
          value={draft.name}
          maxLength={200}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          placeholder="e.g. Product names"
        />
      </Field>
      <div className="form-grid">
        <LanguagePicker
          id="glossary-source"
          label="Source language"
          languages={languages}
          value={draft.source_language}
          onChange={(code) => setDraft({ ...draft, source_language: code })}
          error={errors.source_language}
          required
        />
        <LanguagePicker
          id="glossary-target"
          label="Target language"
          languages={languages}
          value={draft.target_language}
          onChange={(code) => setDraft({ ...draft, target_language: code })}
          error={errors.target_language}
          required
        />
      </div>
      <TermsTable rows={draft.rows} errors={errors} onChange={(rows) => setDraft({ ...draft, rows })} />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="task-actions form-buttons">
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : record ? 'Save changes' : 'Create glossary'}
        </button>
        <button type="button" className="secondary" onClick={() => onClose()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Term lists a translate task can use (glossary_ids): list, create, edit, delete. */
export function GlossariesView({ client }: { client: ApiClient }) {
  const { glossaries, languages, loaded, error, load, reloadGlossaries } = useCatalog();
  const [editing, setEditing] = useState<GlossaryRecord | 'new'>();
  const push = useNotices((s) => s.push);
  useEffect(() => {
    void load(client);
  }, [client, load]);

  const languageName = (code: string) => languages.find((language) => language.code === code)?.name ?? code;
  const close = (saved?: GlossaryRecord) => {
    setEditing(undefined);
    if (!saved) return;
    push(`Saved the glossary ${saved.name}.`);
    void reloadGlossaries(client).catch(() => undefined);
  };
  const remove = async (glossary: GlossaryRecord) => {
    try {
      await client.deleteGlossary(glossary.glossary_id);
      push(`Deleted the glossary ${glossary.name}.`);
      await reloadGlossaries(client);
    } catch (failure) {
      push(messageOf(failure), 'error');
    }
  };

  return (
    <section className="library" aria-labelledby="glossaries-title">
      <div className="section-head">
        <h2 id="glossaries-title">Glossaries</h2>
        <button type="button" onClick={() => setEditing('new')} disabled={editing !== undefined}>
          New glossary
        </button>
      </div>
      <p className="muted">
        A glossary fixes how terms are translated: names, products, jargon. Choose up to three when you start a
        translate task.
      </p>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {!loaded && !error ? <p aria-busy="true">Loading glossaries…</p> : null}
      {editing ? (
        <GlossaryEditor
          key={editing === 'new' ? 'new' : editing.glossary_id}
          client={client}
          record={editing === 'new' ? undefined : editing}
          onClose={close}
        />
      ) : null}
      {loaded && glossaries.length === 0 && !editing ? <p className="empty">No glossaries yet.</p> : null}
      <ul className="plain library-list" aria-label="Glossaries">
        {glossaries.map((glossary) => (
          <li key={glossary.glossary_id} className="library-item">
            <div>
              <strong>{glossary.name}</strong>
              <span className="muted">
                {' '}
                · {languageName(glossary.source_language)} → {languageName(glossary.target_language)} ·{' '}
                {glossary.entries.length} {glossary.entries.length === 1 ? 'term' : 'terms'}
              </span>
              {glossary.entries.length > 0 ? (
                <p className="muted terms-sample">
                  {glossary.entries
                    .slice(0, 4)
                    .map((entry) => `${entry.source} → ${entry.target}`)
                    .join(' · ')}
                  {glossary.entries.length > 4 ? ' …' : ''}
                </p>
              ) : null}
            </div>
            <div className="task-actions">
              <button
                type="button"
                className="secondary small"
                aria-label={`Edit ${glossary.name}`}
                disabled={editing !== undefined}
                onClick={() => setEditing(glossary)}
              >
                Edit
              </button>
              <ConfirmButton
                label="Delete"
                confirmLabel="Really delete?"
                ariaLabel={`Delete ${glossary.name}`}
                confirmAriaLabel={`Confirm deleting ${glossary.name}`}
                onConfirm={() => remove(glossary)}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
