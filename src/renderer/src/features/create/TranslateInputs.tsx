import { Field, GroupError } from '../../components/Field.js';
import type { StagedFile } from '../../stores/staging.js';
import type { TranslateJobPlan } from './plan-jobs.js';
import { SubtitleFilePreview } from './SubtitleFilePreview.js';
import { SUBTITLES_OFF_FOR_BOX } from './translate-reasons.js';
import type { FieldErrors } from './validation.js';

interface TranslateInputsProps {
  plans: readonly TranslateJobPlan<StagedFile>[];
  subtitles: readonly StagedFile[];
  /** The subtitle file chosen for a media file ('' for none), from the name-based pairing `paired` unless changed. */
  subtitleFor(mediaId: string, paired?: string): string;
  onChooseSubtitle(mediaId: string, subtitleId: string): void;
  /** An OCR box is drawn: the subtitle choice is off. */
  boxSet: boolean;
  errors: FieldErrors;
}

/** One row per task of the batch: its media file and the subtitle file that goes with it. */
export function TranslateInputs({
  plans,
  subtitles,
  subtitleFor,
  onChooseSubtitle,
  boxSet,
  errors,
}: TranslateInputsProps) {
  return (
    <fieldset className="inputs">
      <legend>Inputs ({plans.length === 1 ? 'one task' : `${plans.length} tasks with the same settings`})</legend>
      {plans.map((plan, index) => {
        const chosenSubtitle = subtitles.find(
          (subtitle) => subtitle.id === subtitleFor(plan.media.id, plan.subtitle?.id),
        );
        return (
          <div key={plan.media.id} className="input-row">
            <p className="input-name">
              <strong>{plan.media.name}</strong>{' '}
              <span className="muted">media type: {plan.media.kind} (from the file)</span>
            </p>
            <GroupError id={`media_url-${index}`} error={errors[`media_url@${index}`]} />
            <Field
              id={`subtitle-${index}`}
              label={`Subtitles for ${plan.media.name}`}
              error={errors[`subtitle_url@${index}`] ?? chosenSubtitle?.subtitleProblem}
              hint={
                subtitles.length > 0
                  ? SUBTITLES_OFF_FOR_BOX
                  : 'Drop an .srt file with the media to use it; without one the speech is transcribed.'
              }
            >
              <select
                value={subtitleFor(plan.media.id, plan.subtitle?.id)}
                disabled={boxSet && subtitles.length > 0}
                onChange={(event) => onChooseSubtitle(plan.media.id, event.target.value)}
              >
                {/* Stays choosable: "no file" is also how an OCR text box is used instead of an SRT. */}
                <option value="">None (transcribe the speech)</option>
                {subtitles.map((subtitle) => (
                  <option key={subtitle.id} value={subtitle.id}>
                    {subtitle.name}
                  </option>
                ))}
              </select>
            </Field>
            {chosenSubtitle ? <SubtitleFilePreview file={chosenSubtitle} /> : null}
          </div>
        );
      })}
    </fieldset>
  );
}
