import { Type, type Static } from 'typebox';
import { KIND_STATUSES, JOB_KINDS } from '../jobs.js';
import { StatusCoreProperties, StrictObject, StringEnum, UrlString } from './common.js';
import { QualityReportSchema } from './quality.js';
import { JobPlanSchema } from './job-plan.js';
import { AUDIO_EXTENSIONS, extensionsText, IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from '../media-formats.js';
import { MAX_CUE_CHARACTERS, MAX_CUES, MAX_SUBTITLE_BYTES } from '../subtitles/limits.js';

// ---- Warnings: a job that finished, but with something the user should check ----
export const TaskWarningSchema = Type.Object(
  {
    code: Type.String({ description: 'What kind of problem, e.g. line_too_fast.' }),
    message: Type.String(),
    cue: Type.Optional(
      Type.Integer({ description: 'The cue number in the subtitle file (or transcript) it concerns.' }),
    ),
    start: Type.Optional(Type.Number({ description: 'Start of that cue, seconds.' })),
    end: Type.Optional(Type.Number({ description: 'End of that cue, seconds.' })),
    speed: Type.Optional(
      Type.Number({
        description: 'line_too_fast: the speed the line is spoken at, relative to normal speech (rate x stretch).',
      }),
    ),
  },
  { $id: 'TaskWarning' },
);
export type TaskWarning = Static<typeof TaskWarningSchema>;
/** Present on status records and callbacks only when there is at least one warning. */
const WarningsProperty = Type.Optional(
  Type.Array(TaskWarningSchema, { description: 'Present only when the job has warnings.' }),
);
/** Present once the job is done: how good the result is and where to look (docs/api.md "Quality report"). */
const QualityProperty = Type.Optional(QualityReportSchema);

/** The most glossaries one job applies; more is too_many_glossaries (api/errors.ts maps the schema's maxItems to it). */
export const MAX_GLOSSARIES = 3;
const GlossaryIdsProperty = Type.Optional(
  Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: MAX_GLOSSARIES,
    description:
      `At most ${MAX_GLOSSARIES} glossaries of GET /v1/glossaries (more is too_many_glossaries), each of the ` +
      "job's language pair.",
  }),
);
const count = (value: number) => value.toLocaleString('en-US');

// ---- Lip-sync (docs/api.md "Lip-sync") ----
export const LIPSYNC_MODELS = ['standard_v1', 'precision_v1'] as const;
// Every video, image and audio format of src/shared/media-formats.ts, judged by content (docs/api.md "Media formats").
export const REFERENCE_VIDEO_TYPES: readonly string[] = VIDEO_EXTENSIONS;
export const REFERENCE_IMAGE_TYPES: readonly string[] = IMAGE_EXTENSIONS;
export const DRIVING_AUDIO_TYPES: readonly string[] = AUDIO_EXTENSIONS;

export const LipsyncRequestSchema = StrictObject(
  {
    reference_file_url: UrlString(
      `Reference video (${extensionsText('video')}) or image (${extensionsText('image')}), judged by content.`,
    ),
    audio_url: Type.Optional(
      UrlString(
        `Driving audio (${extensionsText('audio')}), judged by content; may be omitted for a video reference, whose ` +
          'own audio then drives it.',
      ),
    ),
    model: StringEnum(LIPSYNC_MODELS, { description: 'standard_v1 is faster; precision_v1 is higher quality.' }),
    reference_file_type: StringEnum(['video', 'image'] as const),
    callback_url: Type.Optional(UrlString('Receives a POST with the status record on every status change.')),
  },
  { $id: 'LipsyncRequest' },
);
export type LipsyncRequest = Static<typeof LipsyncRequestSchema>;

export const LipsyncStatusSchema = Type.Object(
  {
    ...StatusCoreProperties,
    status: StringEnum(['pending', 'processing', 'done', 'failed'] as const),
    warnings: WarningsProperty,
    quality: QualityProperty,
    video_url: Type.Optional(Type.String()),
  },
  { $id: 'LipsyncStatus' },
);

// ---- Reusable-model lip-sync (docs/api.md "Reusable-model lip-sync") ----
export const ReusableLipsyncRequestSchema = StrictObject(
  {
    model_id: Type.String({ minLength: 1, maxLength: 64 }),
    audio_url: UrlString(`Driving audio (${extensionsText('audio')}), judged by content.`),
    callback_url: Type.Optional(UrlString('Receives a POST with the status record on every status change.')),
  },
  { $id: 'ReusableLipsyncRequest' },
);
export type ReusableLipsyncRequest = Static<typeof ReusableLipsyncRequestSchema>;

// ---- Translate and dub (docs/api.md "Translate and dub") ----
export const TranslateRequestSchema = StrictObject(
  {
    media_type: StringEnum(['video', 'audio'] as const),
    media_url: UrlString(
      `The video (${extensionsText('video')}) or audio (${extensionsText('audio')}) to translate, judged by ` +
        'content; at most 2 hours long.',
    ),
    source_language: Type.Optional(Type.String({ pattern: '^(auto|[a-z]{2}(-[A-Za-z]{2})?)$', default: 'auto' })),
    target_language: Type.String({ pattern: '^[a-z]{2}(-[A-Za-z]{2})?$' }),
    subtitle_url: Type.Optional(
      UrlString(
        `An SRT file with the speech, as original or final translated text; at most ${count(MAX_CUES)} cues of up ` +
          `to ${count(MAX_CUE_CHARACTERS)} characters, ${MAX_SUBTITLE_BYTES / 1024 / 1024} MiB (invalid_subtitle).`,
      ),
    ),
    subtitle_usage_type: Type.Optional(StringEnum(['original', 'final_translated'] as const, { default: 'original' })),
    subtitle_mode: Type.Optional(StringEnum(['none', 'add', 'replace'] as const, { default: 'none' })),
    subtitle_style_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    subtitle_position_y: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    ocr_text_box: Type.Optional(
      StrictObject({
        x: Type.Number({ minimum: 0, maximum: 1 }),
        y: Type.Number({ minimum: 0, maximum: 1 }),
        width: Type.Number({ minimum: 0, maximum: 1 }),
        height: Type.Number({ minimum: 0, maximum: 1 }),
      }),
    ),
    project_mode: Type.Optional(StringEnum(['none', 'editable'] as const, { default: 'none' })),
    speaker_number: Type.Optional(
      StrictObject({
        min: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
        max: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
      }),
    ),
    glossary_ids: GlossaryIdsProperty,
    align_video: Type.Optional(Type.Boolean({ default: false })),
    enable_proofreading: Type.Optional(Type.Boolean({ default: false })),
    voice_model: Type.Optional(StringEnum(['auto', 'real', 'native'] as const, { default: 'auto' })),
    user_prompt: Type.Optional(Type.String({ maxLength: 4000 })),
    export_type: StringEnum(['auto', 'video', 'audio', 'all'] as const),
    selected_voice_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    // Local addition (docs/api.md "Translate and dub"): a cloud client never sends it.
    bilingual_subtitle: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "Also write an SRT with each cue's original line above its translation (result.subtitle_bilingual_url; local addition).",
      }),
    ),
    callback_url: Type.Optional(UrlString('Receives a POST with the status record on every status change.')),
  },
  { $id: 'TranslateRequest' },
);
export type TranslateRequest = Static<typeof TranslateRequestSchema>;

export const TranslateStatusSchema = Type.Object(
  {
    ...StatusCoreProperties,
    status: StringEnum([
      'queuing',
      'preprocessing',
      'transcribing',
      'translating',
      'dubbing',
      'rendering',
      'done',
      'failed',
    ] as const),
    warnings: WarningsProperty,
    quality: QualityProperty,
    result: Type.Optional(
      Type.Object({
        video_url: Type.Optional(Type.String()),
        audio_url: Type.Optional(Type.String()),
        subtitle_url: Type.Optional(Type.String()),
        // Local additions (docs/api.md "Translate and dub results"); a cloud client ignores them.
        subtitle_vtt_url: Type.Optional(
          Type.String({ description: 'The dubbed subtitles as WebVTT, speakers as voice tags (local addition).' }),
        ),
        subtitle_ass_url: Type.Optional(
          Type.String({ description: "The dubbed subtitles as ASS in the job's subtitle style (local addition)." }),
        ),
        subtitle_bilingual_url: Type.Optional(
          Type.String({
            description:
              "With bilingual_subtitle: an SRT with each cue's original line above its translation (local addition).",
          }),
        ),
        project_url: Type.Optional(Type.String()),
      }),
    ),
  },
  { $id: 'TranslateStatus' },
);

// ---- Visual translate (docs/api.md "Visual translate") ----
const FRAME_LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]+)*$';
export const FrameTranslateRequestSchema = StrictObject(
  {
    video_url: UrlString(
      `The video (${extensionsText('video')}) whose on-screen text is translated, judged by content; at most 20 ` +
        'minutes long.',
    ),
    source_language: Type.String({ pattern: FRAME_LANGUAGE_PATTERN }),
    target_language: Type.String({ pattern: FRAME_LANGUAGE_PATTERN }),
    glossary_ids: GlossaryIdsProperty,
    user_prompt: Type.Optional(Type.String({ maxLength: 4000 })),
    project_mode: Type.Optional(StringEnum(['none', 'editable'] as const, { default: 'none' })),
    callback_url: Type.Optional(UrlString('Receives a POST with the status record on every status change.')),
  },
  { $id: 'FrameTranslateRequest' },
);
export type FrameTranslateRequest = Static<typeof FrameTranslateRequestSchema>;

export const FrameTranslateStatusSchema = Type.Object(
  {
    ...StatusCoreProperties,
    status: StringEnum(['queuing', 'processing', 'done', 'failed'] as const),
    warnings: WarningsProperty,
    quality: QualityProperty,
    result: Type.Optional(
      Type.Object({
        video_url: Type.Optional(Type.String()),
        project_url: Type.Optional(Type.String()),
      }),
    ),
  },
  { $id: 'FrameTranslateStatus' },
);

// ---- Local additions: the task list shared by every kind ----
const ALL_STATUSES = [...new Set(Object.values(KIND_STATUSES).flat())];

/** Where a job's stage stands; `cancelled` marks the stage that was running when the job was cancelled. */
export const STAGE_STATES = ['pending', 'running', 'done', 'skipped', 'failed', 'cancelled'] as const;
export type StageState = (typeof STAGE_STATES)[number];

export const TaskStageSchema = Type.Object(
  {
    name: Type.String({ description: 'The stage, e.g. transcribe.' }),
    label: Type.String({ description: 'What the GUI shows for it, e.g. Transcribing.' }),
    state: StringEnum(STAGE_STATES),
    reason: Type.Optional(Type.String({ description: "Why a skipped stage had nothing to do, in a user's words." })),
    engine: Type.Optional(
      Type.String({
        description:
          'The engine or model that did this stage\'s work, when the stage names one, e.g. "DubDesk ' +
          'exemplar mouths (built in)" or "Wav2Lip GAN 96 (ONNX)".',
      }),
    ),
    worker: Type.Optional(
      Type.String({
        description:
          'The worker that ran this stage (host:pid, as GET /v1/workers names it); absent for a stage that has not run.',
      }),
    ),
  },
  { $id: 'TaskStage' },
);
export type TaskStage = Static<typeof TaskStageSchema>;

export const TaskSummarySchema = Type.Object(
  {
    ...StatusCoreProperties,
    kind: StringEnum(JOB_KINDS),
    /** Unlike the cloud-shaped routes, `cancelled` is shown as it is. */
    status: StringEnum(ALL_STATUSES),
    input_name: Type.Union([Type.String(), Type.Null()]),
    /** What tells tasks on the same file apart: every input by field and name, and the language translated into. */
    inputs: Type.Optional(Type.Array(Type.Object({ field: Type.String(), name: Type.String() }))),
    target_language: Type.Optional(Type.String()),
    attempts: Type.Integer(),
    retry_of: Type.Union([Type.String(), Type.Null()]),
    exported_from_project: Type.Optional(
      Type.String({ description: 'The project this task was exported from (POST /v1/projects/{project_id}/export).' }),
    ),
    warnings: WarningsProperty,
    quality: QualityProperty,
    stages: Type.Optional(
      Type.Array(TaskStageSchema, {
        description:
          "Every stage of the task's kind in order, from its creation; empty for a task finished before stages were recorded.",
      }),
    ),
    result: Type.Optional(Type.Record(Type.String(), Type.String())),
    video_url: Type.Optional(Type.String()),
    /** The create request as accepted (defaults filled in): only on GET /v1/tasks/{task_id}, for "copy as API request". */
    request: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /**
     * The engine each step runs, chosen when the task was created: only on GET /v1/tasks/{task_id}; absent for tasks
     * made before plans were stored.
     */
    plan: Type.Optional(JobPlanSchema),
  },
  { $id: 'TaskSummary' },
);

export const TaskListQuerySchema = Type.Object(
  {
    kind: Type.Optional(StringEnum(JOB_KINDS)),
    status: Type.Optional(StringEnum(ALL_STATUSES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Tasks per page.' })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'The `next_cursor` of the previous page.' })),
  },
  { additionalProperties: false },
);

export const TaskListSchema = Type.Object(
  {
    tasks: Type.Array(TaskSummarySchema),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: 'Pass as `cursor` for the next page; null on the last page.',
    }),
  },
  { $id: 'TaskList' },
);
