import type { GlossaryRecord } from '../../api/client.js';
import { Field, GroupError } from '../../components/Field.js';
import { GlossaryPicker } from './GlossaryPicker.js';
import { PROJECT_HINT, type TranslateForm as Form } from './request-builders.js';
import type { TranslateSectionProps } from './translate-section.js';

/** The settings most tasks leave as they are, folded away. */
export function TranslateMoreSettings({
  form,
  set,
  errors,
  glossaries,
}: TranslateSectionProps & { glossaries: readonly GlossaryRecord[] }) {
  return (
    <details className="advanced">
      <summary>More settings</summary>
      <div className="form-grid">
        <label className="check">
          <input
            type="checkbox"
            checked={form.align_video}
            onChange={(event) => set('align_video', event.target.checked)}
          />{' '}
          Slow the video where the dub runs long (align_video)
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={form.enable_proofreading}
            onChange={(event) => set('enable_proofreading', event.target.checked)}
          />{' '}
          Stop for proofreading: translate, then open the lines in the editor before any voice is made
          (enable_proofreading)
        </label>
        {errors.align_video || errors.enable_proofreading ? (
          <GroupError id="translate-flags" error={errors.align_video ?? errors.enable_proofreading} />
        ) : null}
        <Field id="translate-project" label="Project" hint={PROJECT_HINT} error={errors.project_mode}>
          <select
            value={form.project_mode}
            onChange={(event) => set('project_mode', event.target.value as Form['project_mode'])}
          >
            <option value="none">None</option>
            <option value="editable">Editable project</option>
          </select>
        </Field>
        <Field
          id="translate-speakers-min"
          label="Fewest speakers"
          hint="Optional, 1–50."
          error={errors['speaker_number.min']}
        >
          <input
            type="number"
            min={1}
            max={50}
            step={1}
            value={form.speaker_min}
            onChange={(event) => set('speaker_min', event.target.value)}
          />
        </Field>
        <Field
          id="translate-speakers-max"
          label="Most speakers"
          hint="Optional, 1–50."
          error={errors['speaker_number.max']}
        >
          <input
            type="number"
            min={1}
            max={50}
            step={1}
            value={form.speaker_max}
            onChange={(event) => set('speaker_max', event.target.value)}
          />
        </Field>
      </div>
      <GlossaryPicker
        id="translate-glossaries"
        glossaries={glossaries}
        value={form.glossary_ids}
        onChange={(ids) => set('glossary_ids', ids)}
        error={errors.glossary_ids}
      />
      <Field
        id="translate-prompt"
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
      <Field
        id="translate-callback"
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
    </details>
  );
}
