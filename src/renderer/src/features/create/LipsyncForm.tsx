import { useState, type FormEvent } from 'react';
import { LipsyncRequestSchema } from '../../../../shared/schemas/jobs.js';
import type { ApiClient } from '../../api/client.js';
import { Field, GroupError } from '../../components/Field.js';
import type { StagedFile } from '../../stores/staging.js';
import { planLipsync } from './plan-jobs.js';
import { buildLipsyncRequest, LIPSYNC_DEFAULTS, type LipsyncForm as Form } from './request-builders.js';
import { SubmitRow } from './SubmitRow.js';
import { useJobSubmission, type PreparedJob } from './useJobSubmission.js';
import type { FieldErrors } from './validation.js';

const SHOWN_FIELDS = ['reference_file_url', 'audio_url', 'model', 'reference_file_type', 'callback_url'];

export function LipsyncForm({
  client,
  files,
  onDone,
  initialErrors,
}: {
  client: ApiClient;
  files: readonly StagedFile[];
  onDone(taskIds: string[]): void;
  /** Errors shown before any submit. */ initialErrors?: FieldErrors;
}) {
  const [form, setForm] = useState<Form>(LIPSYNC_DEFAULTS);
  const plans = planLipsync(files);
  const { errors, submitting, submit } = useJobSubmission(
    client,
    'lipsync',
    LipsyncRequestSchema,
    SHOWN_FIELDS,
    onDone,
    initialErrors,
  );
  const byId = new Map(files.map((file) => [file.id, file]));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const jobs: PreparedJob[] = plans.map((plan) => {
      const reference = byId.get(plan.reference.id)!;
      const audio = plan.audio ? byId.get(plan.audio.id) : undefined;
      return {
        body: buildLipsyncRequest(form, {
          referenceUrl: reference.url ?? '',
          referenceKind: reference.kind,
          audioUrl: audio?.url,
        }) as Record<string, unknown>,
        label: reference.name,
      };
    });
    void submit(jobs);
  }

  const waiting = plans
    .flatMap((plan) => [plan.reference, ...(plan.audio ? [plan.audio] : [])])
    .map((ref) => byId.get(ref.id)!)
    .filter((file) => file.state !== 'ready');

  return (
    <form className="job-form" onSubmit={onSubmit} noValidate aria-labelledby="lipsync-title">
      <h3 id="lipsync-title">Lip-sync</h3>
      <fieldset className="inputs">
        <legend>Inputs ({plans.length === 1 ? 'one task' : `${plans.length} tasks with the same settings`})</legend>
        <ul className="plain">
          {plans.map((plan, index) => (
            <li key={`${plan.reference.id}-${plan.audio?.id ?? 'own'}`}>
              <strong>{plan.reference.name}</strong>{' '}
              <span className="muted">
                ({plan.reference.kind === 'image' ? 'picture' : 'video'}, reference type inferred)
              </span>
              {' speaks '}
              <strong>{plan.audio ? plan.audio.name : 'its own audio'}</strong>
              <GroupError id={`reference-${index}`} error={errors[`reference_file_url@${index}`]} />
              <GroupError id={`audio-${index}`} error={errors[`audio_url@${index}`]} />
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="field" aria-describedby="lipsync-model-hint">
        <legend>Model</legend>
        <label className="check">
          <input
            type="radio"
            name="model"
            value="standard_v1"
            checked={form.model === 'standard_v1'}
            onChange={() => setForm({ ...form, model: 'standard_v1' })}
          />{' '}
          Standard <span className="muted">(standard_v1, faster)</span>
        </label>
        <label className="check">
          <input
            type="radio"
            name="model"
            value="precision_v1"
            checked={form.model === 'precision_v1'}
            onChange={() => setForm({ ...form, model: 'precision_v1' })}
          />{' '}
          Precision{' '}
          <span className="muted">
            (precision_v1, slower: the person's own mouths from a video, or an installed lip-sync model)
          </span>
        </label>
        <p id="lipsync-model-hint" className="hint">
          Required.
        </p>
        <GroupError id="lipsync-model" error={errors.model ?? errors.reference_file_type} />
      </fieldset>
      <Field
        id="lipsync-callback"
        label="Callback URL"
        hint="Optional: receives a POST on every status change."
        error={errors.callback_url}
      >
        <input
          type="url"
          value={form.callback_url}
          onChange={(event) => setForm({ ...form, callback_url: event.target.value })}
          placeholder="https://example.com/hook"
        />
      </Field>
      <SubmitRow count={plans.length} waiting={waiting} submitting={submitting} error={errors.form} />
    </form>
  );
}
