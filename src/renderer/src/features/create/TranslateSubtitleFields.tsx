import type { SubtitleStyleRecord } from '../../api/client.js';
import { Field, GroupError } from '../../components/Field.js';
import { BILINGUAL_OFF_FOR_FINAL, type TranslateForm as Form } from './request-builders.js';
import type { TranslateSectionProps } from './translate-section.js';

interface TranslateSubtitleFieldsProps extends TranslateSectionProps {
  styles: readonly SubtitleStyleRecord[];
  /** Bilingual subtitles cannot be made from the settings chosen. */
  bilingualOff: boolean;
  /** The user chose what the subtitle file holds (no longer guessed from the inputs). */
  onUsageChosen(): void;
}

/** What a subtitle file holds, and the subtitles drawn on the video. */
export function TranslateSubtitleFields({
  form,
  set,
  errors,
  styles,
  bilingualOff,
  onUsageChosen,
}: TranslateSubtitleFieldsProps) {
  return (
    <>
      <fieldset className="field" aria-describedby="translate-usage-hint">
        <legend>The subtitle file holds</legend>
        <label className="check">
          <input
            type="radio"
            name="subtitle_usage_type"
            value="original"
            checked={form.subtitle_usage_type === 'original'}
            onChange={() => {
              onUsageChosen();
              set('subtitle_usage_type', 'original');
            }}
          />{' '}
          The original speech (translate it) <span className="muted">· default</span>
        </label>
        <label className="check">
          <input
            type="radio"
            name="subtitle_usage_type"
            value="final_translated"
            checked={form.subtitle_usage_type === 'final_translated'}
            onChange={() => {
              onUsageChosen();
              set('subtitle_usage_type', 'final_translated');
            }}
          />{' '}
          The final translation (speak it as written)
        </label>
        <p id="translate-usage-hint" className="hint">
          subtitle_usage_type; only matters with a subtitle file.
        </p>
        <GroupError id="translate-usage" error={errors.subtitle_usage_type} />
      </fieldset>

      <div className="form-grid">
        <Field
          id="translate-subtitle-mode"
          label="Subtitles on the video"
          hint="Default: none."
          error={errors.subtitle_mode}
        >
          <select
            value={form.subtitle_mode}
            onChange={(event) => set('subtitle_mode', event.target.value as Form['subtitle_mode'])}
          >
            <option value="none">None</option>
            <option value="add">Add (burn in the translated subtitles)</option>
            <option value="replace">Replace the original on-screen subtitles</option>
          </select>
        </Field>
        <Field
          id="translate-style"
          label="Subtitle style"
          hint="Default: builtin:default."
          error={errors.subtitle_style_id}
        >
          <select
            value={form.subtitle_style_id}
            onChange={(event) => set('subtitle_style_id', event.target.value)}
            disabled={form.subtitle_mode === 'none'}
          >
            {styles.length === 0 ? <option value="builtin:default">Default</option> : null}
            {styles.map((style) => (
              <option key={style.subtitle_style_id} value={style.subtitle_style_id}>
                {style.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="translate-position"
          label="Subtitle position (0 top … 1 bottom)"
          hint="Default: 0.9, portrait 0.75."
          error={errors.subtitle_position_y}
        >
          <input
            type="number"
            min={0}
            max={1}
            step={0.01}
            placeholder="0.9"
            value={form.subtitle_position_y}
            onChange={(event) => set('subtitle_position_y', event.target.value)}
            disabled={form.subtitle_mode === 'none'}
          />
        </Field>
        <div className="field" data-invalid={errors.bilingual_subtitle ? true : undefined}>
          {/* Shown unticked while off; the choice comes back when the subtitles hold the original speech again. */}
          <label className="check">
            <input
              type="checkbox"
              id="translate-bilingual"
              checked={form.bilingual_subtitle && !bilingualOff}
              disabled={bilingualOff}
              aria-describedby={`translate-bilingual-hint${errors.bilingual_subtitle ? ' translate-bilingual-error' : ''}`}
              onChange={(event) => set('bilingual_subtitle', event.target.checked)}
            />{' '}
            Bilingual subtitles (original line above each translation)
          </label>
          <p id="translate-bilingual-hint" className="hint">
            {bilingualOff ? BILINGUAL_OFF_FOR_FINAL : 'Default: off. An extra SRT download (bilingual_subtitle).'}
          </p>
          <GroupError id="translate-bilingual" error={errors.bilingual_subtitle} />
        </div>
      </div>
    </>
  );
}
