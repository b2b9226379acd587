import { useEffect, useState, type FormEvent } from 'react';
import { TranslateRequestSchema } from '../../../../shared/schemas/jobs.js';
import type { ApiClient } from '../../api/client.js';
import { useCatalog } from '../../stores/catalog.js';
import { useModels } from '../../stores/models.js';
import type { StagedFile } from '../../stores/staging.js';
import { blockedReason, planQueries } from './engine-plan.js';
import { EnginePlan } from './EnginePlan.js';
import { LanguagePicker } from './LanguagePicker.js';
import { hasBoxFields } from './ocr-box.js';
import { OcrBoxPicker, type OcrBoxFields } from './OcrBoxPicker.js';
import { planTranslate, type TranslateJobPlan } from './plan-jobs.js';
import {
  bilingualPossible,
  buildTranslateRequest,
  TRANSLATE_DEFAULTS,
  type TranslateForm as Form,
} from './request-builders.js';
import { SubmitRow } from './SubmitRow.js';
import { TranslateInputs } from './TranslateInputs.js';
import { TranslateMoreSettings } from './TranslateMoreSettings.js';
import { TranslateSubtitleFields } from './TranslateSubtitleFields.js';
import { TranslateVoiceFields } from './TranslateVoiceFields.js';
import { BOX_OFF_FOR_AUDIO, BOX_OFF_FOR_SUBTITLES } from './translate-reasons.js';
import { useEnginePlan } from './useEnginePlan.js';
import { useJobSubmission, type PreparedJob } from './useJobSubmission.js';
import type { FieldErrors } from './validation.js';

const SHOWN_FIELDS = [
  'media_url',
  'subtitle_url',
  'source_language',
  'target_language',
  'subtitle_usage_type',
  'subtitle_mode',
  'subtitle_style_id',
  'subtitle_position_y',
  'bilingual_subtitle',
  'voice_model',
  'selected_voice_id',
  'glossary_ids',
  'align_video',
  'enable_proofreading',
  'project_mode',
  'speaker_number.min',
  'speaker_number.max',
  'user_prompt',
  'export_type',
  'ocr_text_box.x',
  'ocr_text_box.y',
  'ocr_text_box.width',
  'ocr_text_box.height',
  'callback_url',
];

export { BOX_OFF_FOR_AUDIO, BOX_OFF_FOR_SUBTITLES, SUBTITLES_OFF_FOR_BOX } from './translate-reasons.js';

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
  const [form, setForm] = useState<Form>(() =>
    canTranslate ? TRANSLATE_DEFAULTS : { ...TRANSLATE_DEFAULTS, subtitle_usage_type: 'final_translated' },
  );
  const plans = planTranslate(files);
  const subtitles = files.filter((file) => file.kind === 'subtitle');
  // Which SRT goes with which media file; starts from the name-based pairing.
  const [subtitleOf, setSubtitleOf] = useState<Record<string, string>>({});
  const { errors, submitting, submit } = useJobSubmission(
    client,
    'translate',
    TranslateRequestSchema,
    SHOWN_FIELDS,
    onDone,
    initialErrors,
  );
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const boxSet = hasBoxFields(form);
  // With a box, the name-based pairing no longer picks a subtitle file: the box and subtitles exclude each other.
  const subtitleFor = (mediaId: string, paired?: string) => subtitleOf[mediaId] ?? (boxSet ? '' : paired) ?? '';
  const anySubtitle = plans.some((plan) => subtitleFor(plan.media.id, plan.subtitle?.id));
  const allAudio = plans.length > 0 && plans.every((plan) => plan.media.kind === 'audio');
  const bilingualOff = !bilingualPossible(form.subtitle_usage_type, anySubtitle);
  const box = ocrBoxSetting(plans, anySubtitle, boxSet);

  // A supplied SRT is usually the finished translation: dubbing then needs no speech recognition or translation model.
  const [usageTouched, setUsageTouched] = useState(false);
  useEffect(() => {
    if (!usageTouched) set('subtitle_usage_type', anySubtitle || !canTranslate ? 'final_translated' : 'original');
  }, [anySubtitle, usageTouched, canTranslate]);

  /** `forPlan`: a subtitle file still uploading is named by its file name (a plan fetches nothing, only its presence counts). */
  function prepare(forPlan = false): PreparedJob[] {
    return plans.map((plan) => {
      const subtitle = files.find((file) => file.id === subtitleFor(plan.media.id, plan.subtitle?.id));
      const subtitleUrl = forPlan && subtitle ? (subtitle.url ?? subtitle.name) : subtitle?.url;
      const body = buildTranslateRequest(form, {
        mediaUrl: plan.media.url ?? '',
        mediaKind: plan.media.kind,
        subtitleUrl,
      });
      return { body: body as Record<string, unknown>, label: plan.media.name };
    });
  }

  // Which engines each step would use, asked again as the settings change and whenever a model is installed or removed.
  const installedModels = useInstalledModels(client);
  const planQueriesNow = form.target_language ? planQueries(prepare(true)) : [];
  const enginePlan = useEnginePlan(client, planQueriesNow, installedModels);
  const blocked = planQueriesNow.length > 0 && enginePlan.plans ? blockedReason(enginePlan.plans) : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(prepare());
  }

  const waiting = plans
    .flatMap((plan) => [plan.media, ...files.filter((f) => f.id === subtitleFor(plan.media.id, plan.subtitle?.id))])
    .filter((file) => file.state !== 'ready');

  return (
    <form className="job-form" onSubmit={onSubmit} noValidate aria-labelledby="translate-title">
      <h3 id="translate-title">Translate and dub</h3>
      <TranslateInputs
        plans={plans}
        subtitles={subtitles}
        subtitleFor={subtitleFor}
        boxSet={boxSet}
        errors={errors}
        onChooseSubtitle={(mediaId, subtitleId) => setSubtitleOf((current) => ({ ...current, [mediaId]: subtitleId }))}
      />

      <OcrBoxPicker
        fields={{ ocr_x: form.ocr_x, ocr_y: form.ocr_y, ocr_width: form.ocr_width, ocr_height: form.ocr_height }}
        onChange={(box: OcrBoxFields) => setForm((current) => ({ ...current, ...box }))}
        video={box.video}
        disabledReason={box.offReason}
        note={box.note}
        errors={errors}
      />

      <div className="form-grid">
        <LanguagePicker
          id="translate-source"
          label="Source language"
          languages={languages}
          value={form.source_language}
          onChange={(code) => set('source_language', code)}
          allowAuto
          hint="Default: detect automatically."
          error={errors.source_language}
        />
        <LanguagePicker
          id="translate-target"
          label="Target language"
          languages={languages}
          value={form.target_language}
          onChange={(code) => set('target_language', code)}
          required
          error={errors.target_language}
        />
      </div>

      <TranslateSubtitleFields
        form={form}
        set={set}
        errors={errors}
        styles={styles}
        bilingualOff={bilingualOff}
        onUsageChosen={() => setUsageTouched(true)}
      />
      <TranslateVoiceFields client={client} form={form} set={set} errors={errors} allAudio={allAudio} />
      <TranslateMoreSettings form={form} set={set} errors={errors} glossaries={glossaries} />

      <EnginePlan
        client={client}
        jobCount={plans.length}
        state={enginePlan}
        waitingFor={
          planQueriesNow.length === 0
            ? `Choose the target language to see which engines ${plans.length > 1 ? 'these tasks' : 'this task'} will use.`
            : undefined
        }
      />

      <SubmitRow count={plans.length} waiting={waiting} submitting={submitting} error={errors.form} blocked={blocked} />
    </form>
  );
}

/** The models installed now, by id (the engine plan is asked again when they change); loads the list once. */
function useInstalledModels(client: ApiClient): string {
  const loadModels = useModels((s) => s.load);
  const modelsLoaded = useModels((s) => s.loaded);
  const installedModels = useModels((s) =>
    s.models
      .filter((model) => model.installed)
      .map((model) => model.id)
      .join(' '),
  );
  useEffect(() => {
    // The install buttons show model titles and sizes, and install progress arrives for listed models only.
    if (!modelsLoaded) void loadModels(client);
  }, [client, modelsLoaded, loadModels]);
  return installedModels;
}

/** What the OCR box picker shows for this batch: the first video's frame, why the box is off, and a note on the batch. */
function ocrBoxSetting(plans: readonly TranslateJobPlan<StagedFile>[], anySubtitle: boolean, boxSet: boolean) {
  const firstVideo = plans.find((plan) => plan.media.kind === 'video')?.media;
  const audioCount = plans.filter((plan) => plan.media.kind === 'audio').length;
  const offReason = !firstVideo ? BOX_OFF_FOR_AUDIO : anySubtitle && !boxSet ? BOX_OFF_FOR_SUBTITLES : undefined;
  const frameUrl = firstVideo
    ? (firstVideo.previewUrl ?? (firstVideo.url?.startsWith('http') ? firstVideo.url : undefined))
    : undefined;
  const note = [
    plans.length - audioCount > 1 && firstVideo
      ? `The box applies to every video of this batch; the frame is from ${firstVideo.name}.`
      : '',
    audioCount > 0 && firstVideo ? 'Audio files of this batch are sent without it.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { video: firstVideo ? { name: firstVideo.name, frameUrl } : undefined, offReason, note };
}
