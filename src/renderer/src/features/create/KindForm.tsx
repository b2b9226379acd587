import { useState, type FormEvent } from 'react';
import type { ApiClient, KindMeta } from '../../api/client.js';
import { Field } from '../../components/Field.js';
import { kindTitle } from '../../stores/kinds.js';
import type { StagedFile } from '../../stores/staging.js';
import { filesForKind, inputFields, mainInputOf } from './kind-offers.js';
import { SubmitRow } from './SubmitRow.js';
import { useJobSubmission, type PreparedJob } from './useJobSubmission.js';

/** Pure: the JSON a user typed as the request's other fields, or why it is not a JSON object. */
export function parseOtherFields(text: string): { fields: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    return { error: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { fields: value as Record<string, unknown> }
    : { error: 'Give a JSON object, e.g. {"name": "value"}.' };
}

/**
 * The create form of a kind the GUI knows only from GET /v1/meta: the files go in its main input, the rest is JSON
 * the service validates.
 */
export function KindForm({
  client,
  kind,
  kinds,
  files,
  onDone,
}: {
  client: ApiClient;
  kind: KindMeta;
  kinds: readonly KindMeta[];
  files: readonly StagedFile[];
  onDone(taskIds: string[]): void;
}) {
  const [otherFields, setOtherFields] = useState('{}');
  const input = mainInputOf(kind);
  const taken = filesForKind(kind, files);
  const { errors, setErrors, submitting, submit } = useJobSubmission(client, kind.id, null, [], onDone);
  const title = kindTitle(kinds, kind.id);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseOtherFields(otherFields);
    if ('error' in parsed) {
      setErrors({ fields: parsed.error });
      return;
    }
    // Checked by the service with the kind's own schema; its messages name the field.
    const jobs: PreparedJob[] = taken.map((file) => ({
      body: { ...parsed.fields, ...inputFields(input!, file) },
      label: file.name,
    }));
    void submit(jobs);
  }

  return (
    <form className="job-form" onSubmit={onSubmit} noValidate aria-labelledby="kind-form-title">
      <h3 id="kind-form-title">{title}</h3>
      <fieldset className="inputs">
        <legend>
          {input?.field} ({taken.length === 1 ? 'one task' : `${taken.length} tasks with the same fields`})
        </legend>
        <ul className="plain">
          {taken.map((file) => (
            <li key={file.id}>
              <strong>{file.name}</strong>
            </li>
          ))}
        </ul>
      </fieldset>
      <Field
        id="kind-fields"
        label="Other fields (JSON)"
        error={errors.fields}
        hint={`The rest of the request to POST ${kind.create_route}; each file's URL goes in ${input?.field}.`}
      >
        <textarea
          rows={4}
          spellCheck={false}
          value={otherFields}
          onChange={(event) => setOtherFields(event.target.value)}
        />
      </Field>
      <SubmitRow
        count={taken.length}
        waiting={taken.filter((file) => file.state !== 'ready')}
        submitting={submitting}
        error={errors.form}
      />
    </form>
  );
}
