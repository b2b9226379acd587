import { useEffect, useState, type FormEvent } from 'react';
import { TranslateRequestSchema } from '../../../../shared/schemas/jobs.js';
import type { ApiClient } from '../../api/client.js';
import { Field, GroupError } from '../../components/Field.js';
import { useCatalog } from '../../stores/catalog.js';
import { useModels } from '../../stores/models.js';
import type { StagedFile } from '../../stores/staging.js';
import { blockedReason, planQueries } from './engine-plan.js';
import { EnginePlan } from './EnginePlan.js';
import { GlossaryPicker } from './GlossaryPicker.js';
import { LanguagePicker } from './LanguagePicker.js';
import { hasBoxFields } from './ocr-box.js';
import { OcrBoxPicker, type OcrBoxFields } from './OcrBoxPicker.js';
import { planTranslate } from './plan-jobs.js';
import { BILINGUAL_OFF_FOR_FINAL, bilingualPossible, buildTranslateRequest, PROJECT_HINT, TRANSLATE_DEFAULTS, type TranslateForm as Form } from './request-builders.js';
import { SubmitRow } from './SubmitRow.js';
import { SubtitleFilePreview } from './SubtitleFilePreview.js';
import { useEnginePlan } from './useEnginePlan.js';
import { useJobSubmission, type PreparedJob } from './useJobSubmission.js';
import type { FieldErrors } from './validation.js';
import { VoicePicker } from './VoicePicker.js';

const SHOWN_FIELDS = [
  'media_url', 'subtitle_url', 'source_language', 'target_language', 'subtitle_usage_type', 'subtitle_mode', 'subtitle_style_id',
  'subtitle_position_y', 'bilingual_subtitle', 'voice_model', 'selected_voice_id', 'glossary_ids', 'align_video', 'enable_proofreading', 'project_mode',
  'speaker_number.min', 'speaker_number.max', 'user_prompt', 'export_type', 'ocr_text_box.x', 'ocr_text_box.y', 'ocr_text_box.width',
  'ocr_text_box.height', 'callback_url',
];

/** Why the OCR box and a subtitle file exclude each other (the API answers conflicting_fields for both). */
// The same words with or without a box, so the page does not jump under the pointer while a box is drawn.
export const SUBTITLES_OFF_FOR_BOX = 'A task takes a subtitle file or an OCR text box, not both: this choice is off while a box is drawn below; remove the box to choose subtitles.';
export const BOX_OFF_FOR_SUBTITLES = 'The OCR text box is off while a subtitle file is chosen: the API takes either a subtitle file or a region to read subtitles from, not both. Choose "None" under subtitles to draw a box.';
export const BOX_OFF_FOR_AUDIO = 'The OCR text box reads subtitles off the picture, so it applies only to videos (media_type video); these inputs are audio.';

interface TranslateFormProps {
  client: ApiClient;
  files: readonly StagedFile[];
  onDone(taskIds: string[]): void;
  /** Errors shown before any submit (e.g. an API error kept from an earlier attempt). */
  initialErrors?: FieldErrors;
}

export function TranslateForm({ client, files, onDone, initialErrors }: TranslateFormProps) {
  const { languages, styles, glossaries, capabilities } = useCatalog();
  // What is missing for the settings chosen, and its Install button, is the engine plan's to say; capabilities only pick defaults.
  const canTranslate = capabilities?.capabilities.translate ?? true;
  // Default to what can run: without translation, the SRT holds the final text and is spoken as written.
  const [form, setForm] = useState<Form>(() => (canTranslate ? TRANSLATE_DEFAULTS : { ...TRANSLATE_DEFAULTS, subtitle_usage_type: 'final_translated' }));
  const plans = planTranslate(files);
  const subtitles = files.filter((file) => file.kind === 'subtitle');
  // Which SRT goes with which media file; starts from the name-based pairing.
  const [subtitleOf, setSubtitleOf] = useState<Record<string, string>>({});
  const { errors, submitting, submit } = useJobSubmission(client, 'translate', TranslateRequestSchema, SHOWN_FIELDS, onDone, initialErrors);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const boxSet = hasBoxFields(form);
  // With a box, the name-based pairing no longer picks a subtitle file: the box and subtitles exclude each other.
  const subtitleFor = (mediaId: string, paired?: string) => subtitleOf[mediaId] ?? (boxSet ? '' : paired) ?? '';
  const anySubtitle = plans.some((plan) => subtitleFor(plan.media.id, plan.subtitle?.id));
  const allAudio = plans.length > 0 && plans.every((plan) => plan.media.kind === 'audio');
  const firstVideo = plans.find((plan) => plan.media.kind === 'video')?.media;
  const audioCount = plans.filter((plan) => plan.media.kind === 'audio').length;
  const bilingualOff = !bilingualPossible(form.subtitle_usage_type, anySubtitle);
  const boxOffReason = !firstVideo ? BOX_OFF_FOR_AUDIO : anySubtitle && !boxSet ? BOX_OFF_FOR_SUBTITLES : undefined;
  const frameUrl = firstVideo ? firstVideo.previewUrl ?? (firstVideo.url?.startsWith('http') ? firstVideo.url : undefined) : undefined;
  const boxNote = [
    plans.length - audioCount > 1 && firstVideo ? `The box applies to every video of this batch; the frame is from ${firstVideo.name}.` : '',
    audioCount > 0 && firstVideo ? 'Audio files of this batch are sent without it.' : '',
  ].filter(Boolean).join(' ');

  // A supplied SRT is usually the finished translation: dubbing then needs no speech recognition or translation model.
  const [usageTouched, setUsageTouched] = useState(false);
  useEffect(() => {
    if (!usageTouched) set('subtitle_usage_type', anySubtitle || !canTranslate ? 'final_translated' : 'original');
  }, [anySubtitle, usageTouched, canTranslate]);

  /** `forPlan`: a subtitle file still uploading is named by its file name (a plan fetches nothing, only its presence counts). */
  function prepare(forPlan = false): PreparedJob[] {
    return plans.map((plan) => {
      const subtitle = files.find((file) => file.id === subtitleFor(plan.media.id, plan.subtitle?.id));
      const subtitleUrl = forPlan && subtitle ? subtitle.url ?? subtitle.name : subtitle?.url;
      const body = buildTranslateRequest(form, { mediaUrl: plan.media.url ?? '', mediaKind: plan.media.kind, subtitleUrl });
      return { body: body as Record<string, unknown>, label: plan.media.name };
    });
  }

  // Which engines each step would use, asked again as the settings change and whenever a model is installed or removed.
  const loadModels = useModels((s) => s.load);
  const modelsLoaded = useModels((s) => s.loaded);
  const installedModels = useModels((s) => s.models.filter((model) => model.installed).map((model) => model.id).join(' '));
  useEffect(() => {
    // The install buttons show model titles and sizes, and install progress arrives for listed models only.
    if (!modelsLoaded) void loadModels(client);
  }, [client, modelsLoaded, loadModels]);
  const planQueriesNow = form.target_language ? planQueries(prepare(true)) : [];
  const enginePlan = useEnginePlan(client, planQueriesNow, installedModels);
  const blocked = planQueriesNow.length > 0 && enginePlan.plans ? blockedReason(enginePlan.plans) : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(prepare());
  }

  const waiting = plans.flatMap((plan) => [plan.media, ...files.filter((f) => f.id === subtitleFor(plan.media.id, plan.subtitle?.id))]).filter((file) => file.state !== 'ready');

  return (
    <form className="job-form" onSubmit={onSubmit} noValidate aria-labelledby="translate-title">
      <h3 id="translate-title">Translate and dub</h3>
      <fieldset className="inputs">
        <legend>Inputs ({plans.length === 1 ? 'one task' : `${plans.length} tasks with the same settings`})</legend>
        {plans.map((plan, index) => {
          const chosenSubtitle = subtitles.find((subtitle) => subtitle.id === subtitleFor(plan.media.id, plan.subtitle?.id));
          return (
            <div key={plan.media.id} className="input-row">
              <p className="input-name">
                <strong>{plan.media.name}</strong> <span className="muted">media type: {plan.media.kind} (from the file)</span>
              </p>
              <GroupError id={`media_url-${index}`} error={errors[`media_url@${index}`]} />
              <Field id={`subtitle-${index}`} label={`Subtitles for ${plan.media.name}`} error={errors[`subtitle_url@${index}`] ?? chosenSubtitle?.subtitleProblem}
                hint={subtitles.length > 0 ? SUBTITLES_OFF_FOR_BOX : 'Drop an .srt file with the media to use it; without one the speech is transcribed.'}>
                <select value={subtitleFor(plan.media.id, plan.subtitle?.id)} disabled={boxSet && subtitles.length > 0} onChange={(event) => setSubtitleOf((current) => ({ ...current, [plan.media.id]: event.target.value }))}>
                  {/* Stays choosable: "no file" is also how an OCR text box is used instead of an SRT. */}
                  <option value="">None (transcribe the speech)</option>
                  {subtitles.map((subtitle) => <option key={subtitle.id} value={subtitle.id}>{subtitle.name}</option>)}
                </select>
              </Field>
              {chosenSubtitle ? <SubtitleFilePreview file={chosenSubtitle} /> : null}
            </div>
          );
        })}
      </fieldset>

      <OcrBoxPicker
        fields={{ ocr_x: form.ocr_x, ocr_y: form.ocr_y, ocr_width: form.ocr_width, ocr_height: form.ocr_height }}
        onChange={(box: OcrBoxFields) => setForm((current) => ({ ...current, ...box }))}
        video={firstVideo ? { name: firstVideo.name, frameUrl } : undefined}
        disabledReason={boxOffReason}
        note={boxNote}
        errors={errors}
      />

      <div className="form-grid">
        <LanguagePicker id="translate-source" label="Source language" languages={languages} value={form.source_language} onChange={(code) => set('source_language', code)} allowAuto hint="Default: detect automatically." error={errors.source_language} />
        <LanguagePicker id="translate-target" label="Target language" languages={languages} value={form.target_language} onChange={(code) => set('target_language', code)} required error={errors.target_language} />
      </div>

      <fieldset className="field" aria-describedby="translate-usage-hint">
        <legend>The subtitle file holds</legend>
        <label className="check"><input type="radio" name="subtitle_usage_type" value="original" checked={form.subtitle_usage_type === 'original'} onChange={() => { setUsageTouched(true); set('subtitle_usage_type', 'original'); }} /> The original speech (translate it) <span className="muted">· default</span></label>
        <label className="check"><input type="radio" name="subtitle_usage_type" value="final_translated" checked={form.subtitle_usage_type === 'final_translated'} onChange={() => { setUsageTouched(true); set('subtitle_usage_type', 'final_translated'); }} /> The final translation (speak it as written)</label>
        <p id="translate-usage-hint" className="hint">subtitle_usage_type; only matters with a subtitle file.</p>
        <GroupError id="translate-usage" error={errors.subtitle_usage_type} />
      </fieldset>

      <div className="form-grid">
        <Field id="translate-subtitle-mode" label="Subtitles on the video" hint="Default: none." error={errors.subtitle_mode}>
          <select value={form.subtitle_mode} onChange={(event) => set('subtitle_mode', event.target.value as Form['subtitle_mode'])}>
            <option value="none">None</option>
            <option value="add">Add (burn in the translated subtitles)</option>
            <option value="replace">Replace the original on-screen subtitles</option>
          </select>
        </Field>
        <Field id="translate-style" label="Subtitle style" hint="Default: builtin:default." error={errors.subtitle_style_id}>
          <select value={form.subtitle_style_id} onChange={(event) => set('subtitle_style_id', event.target.value)} disabled={form.subtitle_mode === 'none'}>
            {styles.length === 0 ? <option value="builtin:default">Default</option> : null}
            {styles.map((style) => <option key={style.subtitle_style_id} value={style.subtitle_style_id}>{style.name}</option>)}
          </select>
        </Field>
        <Field id="translate-position" label="Subtitle position (0 top … 1 bottom)" hint="Default: 0.9, portrait 0.75." error={errors.subtitle_position_y}>
          <input type="number" min={0} max={1} step={0.01} placeholder="0.9" value={form.subtitle_position_y} onChange={(event) => set('subtitle_position_y', event.target.value)} disabled={form.subtitle_mode === 'none'} />
        </Field>
        <div className="field" data-invalid={errors.bilingual_subtitle ? true : undefined}>
          {/* Shown unticked while off; the choice comes back when the subtitles hold the original speech again. */}
          <label className="check"><input type="checkbox" id="translate-bilingual" checked={form.bilingual_subtitle && !bilingualOff} disabled={bilingualOff} aria-describedby={`translate-bilingual-hint${errors.bilingual_subtitle ? ' translate-bilingual-error' : ''}`} onChange={(event) => set('bilingual_subtitle', event.target.checked)} /> Bilingual subtitles (original line above each translation)</label>
          <p id="translate-bilingual-hint" className="hint">{bilingualOff ? BILINGUAL_OFF_FOR_FINAL : 'Default: off. An extra SRT download (bilingual_subtitle).'}</p>
          <GroupError id="translate-bilingual" error={errors.bilingual_subtitle} />
        </div>
      </div>

      <div className="form-grid">
        <Field id="translate-voice-model" label="Voice model" hint="Default: auto. Real clones each speaker's own voice (the plan below says if it needs a model); native uses stock voices." error={errors.voice_model}>
          <select value={form.voice_model} onChange={(event) => set('voice_model', event.target.value as Form['voice_model'])}>
            <option value="auto">Auto</option>
            <option value="real">Real (each speaker's own voice, cloned)</option>
            <option value="native">Native (stock voice)</option>
          </select>
        </Field>
        <VoicePicker id="translate-voice" client={client} language={form.target_language} value={form.selected_voice_id} onChange={(voiceId) => set('selected_voice_id', voiceId)} error={errors.selected_voice_id} />
        <Field id="translate-export" label="Export" hint="Required; auto = the input's type." error={errors.export_type}>
          <select value={form.export_type} onChange={(event) => set('export_type', event.target.value as Form['export_type'])}>
            <option value="auto">Auto</option>
            <option value="video" disabled={allAudio}>Video</option>
            <option value="audio">Audio</option>
            <option value="all" disabled={allAudio}>All (video and audio)</option>
          </select>
        </Field>
      </div>

      <details className="advanced">
        <summary>More settings</summary>
        <div className="form-grid">
          <label className="check"><input type="checkbox" checked={form.align_video} onChange={(event) => set('align_video', event.target.checked)} /> Slow the video where the dub runs long (align_video)</label>
          <label className="check"><input type="checkbox" checked={form.enable_proofreading} onChange={(event) => set('enable_proofreading', event.target.checked)} /> Stop for proofreading: translate, then open the lines in the editor before any voice is made (enable_proofreading)</label>
          {errors.align_video || errors.enable_proofreading ? <GroupError id="translate-flags" error={errors.align_video ?? errors.enable_proofreading} /> : null}
          <Field id="translate-project" label="Project" hint={PROJECT_HINT} error={errors.project_mode}>
            <select value={form.project_mode} onChange={(event) => set('project_mode', event.target.value as Form['project_mode'])}>
              <option value="none">None</option>
              <option value="editable">Editable project</option>
            </select>
          </Field>
          <Field id="translate-speakers-min" label="Fewest speakers" hint="Optional, 1–50." error={errors['speaker_number.min']}>
            <input type="number" min={1} max={50} step={1} value={form.speaker_min} onChange={(event) => set('speaker_min', event.target.value)} />
          </Field>
          <Field id="translate-speakers-max" label="Most speakers" hint="Optional, 1–50." error={errors['speaker_number.max']}>
            <input type="number" min={1} max={50} step={1} value={form.speaker_max} onChange={(event) => set('speaker_max', event.target.value)} />
          </Field>
        </div>
        <GlossaryPicker id="translate-glossaries" glossaries={glossaries} value={form.glossary_ids} onChange={(ids) => set('glossary_ids', ids)} error={errors.glossary_ids} />
        <Field id="translate-prompt" label="Instructions for the translation" hint="Optional, up to 4000 characters (user_prompt)." error={errors.user_prompt}>
          <textarea rows={3} maxLength={4000} value={form.user_prompt} onChange={(event) => set('user_prompt', event.target.value)} />
        </Field>
        <Field id="translate-callback" label="Callback URL" hint="Optional: receives a POST on every status change." error={errors.callback_url}>
          <input type="url" value={form.callback_url} onChange={(event) => set('callback_url', event.target.value)} placeholder="https://example.com/hook" />
        </Field>
      </details>

      <EnginePlan client={client} jobCount={plans.length} state={enginePlan}
        waitingFor={planQueriesNow.length === 0 ? `Choose the target language to see which engines ${plans.length > 1 ? 'these tasks' : 'this task'} will use.` : undefined} />

      <SubmitRow count={plans.length} waiting={waiting} submitting={submitting} error={errors.form} blocked={blocked} />
    </form>
  );
}
