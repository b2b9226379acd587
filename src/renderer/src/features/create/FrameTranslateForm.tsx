import { useState, type FormEvent } from 'react';
import { FrameTranslateRequestSchema } from '../../../../shared/schemas/jobs.js';
import type { ApiClient } from '../../api/client.js';
import { Field, GroupError } from '../../components/Field.js';
import { useCatalog } from '../../stores/catalog.js';
import type { StagedFile } from '../../stores/staging.js';
import { GlossaryPicker } from './GlossaryPicker.js';
import { LanguagePicker } from './LanguagePicker.js';
import { planFrameTranslate } from './plan-jobs.js';
import {
  buildFrameTranslateRequest,
  FRAME_TRANSLATE_DEFAULTS,
  PROJECT_HINT,
  type FrameTranslateForm as Form,
} from './request-builders.js';
import { SubmitRow } from './SubmitRow.js';
import { useJobSubmission, type PreparedJob } from './useJobSubmission.js';
import type { FieldErrors } from './validation.js';

const SHOWN_FIELDS = [
  'video_url',
  'source_language',
  'target_language',
  'glossary_ids',
  'user_prompt',
  'project_mode',
  'callback_url',
];

export function FrameTranslateForm({
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
  const [form, setForm] = useState<Form>(FRAME_TRANSLATE_DEFAULTS);
  const { languages, glossaries } = useCatalog();
  const plans = planFrameTranslate(files);
  const { errors, submitting, submit } = useJobSubmission(
    client,
    'frame_translate',
    FrameTranslateRequestSchema,
    SHOWN_FIELDS,
    onDone,
    initialErrors,
  );
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const byId = new Map(files.map((file) => [file.id, file]));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const jobs: PreparedJob[] = plans.map((plan) => {
      const video = byId.get(plan.video.id)!;
      return {
        body: buildFrameTranslateRequest(form, { videoUrl: video.url ?? '' }) as Record<string, unknown>,
        label: video.name,
      };
    });
    void submit(jobs);
  }

  const waiting = plans.map((plan) => byId.get(plan.video.id)!).filter((file) => file.state !== 'ready');

  return (
    <form className="job-form" onSubmit={onSubmit} noValidate aria-labelledby="frame-title">
      <h3 id="frame-title">Visual translation</h3>
      <fieldset className="inputs">
        <legend>Videos ({plans.length === 1 ? 'one task' : `${plans.length} tasks with the same settings`})</legend>
        <ul className="plain">
          {plans.map((plan, index) => (
            <li key={plan.video.id}>
              <strong>{plan.video.name}</strong>
              <GroupError id={`video-${index}`} error={errors[`video_url@${index}`]} />
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="form-grid">
        <LanguagePicker
          id="frame-source"
          label="Source language"
          languages={languages}
          value={form.source_language}
          onChange={(code) => set('source_language', code)}
          required
          error={errors.source_language}
          hint="Required: the language of the text on screen."
        />
        <LanguagePicker
          id="frame-target"
          label="Target language"
          languages={languages}
          value={form.target_language}
          onChange={(code) => set('target_language', code)}
          required
          error={errors.target_language}
        />
      </div>
      <GlossaryPicker
        id="frame-glossaries"
        glossaries={glossaries}
        value={form.glossary_ids}
        onChange={(ids) => set('glossary_ids', ids)}
        error={errors.glossary_ids}
      />
      <Field
        id="frame-prompt"
        label="Instructions for the translation"
        hint="Optional, up to 4000 characters (user_prompt)."
        error={errors.user_prompt}
      >
        <textarea
          rows={3}
          maxLength={4000}
          value={form.user_prompt}
          onChange={(event) => set('user_prompt', event.target.value)}
        />
      </Field>
      <div className="form-grid">
        <Field id="frame-project" label="Project" hint={PROJECT_HINT} error={errors.project_mode}>
          <select
            value={form.project_mode}
            onChange={(event) => set('project_mode', event.target.value as Form['project_mode'])}
          >
            <option value="none">None</option>
            <option value="editable">Editable project</option>
          </select>
        </Field>
        <Field
          id="frame-callback"
          label="Callback URL"
          hint="Optional: receives a POST on every status change."
          error={errors.callback_url}
        >
          <input
            type="url"
            value={form.callback_url}
            onChange={(event) => set('callback_url', event.target.value)}
            placeholder="https://example.com/hook"
          />
        </Field>
      </div>
      <SubmitRow count={plans.length} waiting={waiting} submitting={submitting} error={errors.form} />
    </form>
  );
}
