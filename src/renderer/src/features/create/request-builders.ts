// Pure: form state -> API request bodies. Fields left at the contract's default are left out, so the
// request (and the "copy as API request" curl) says only what the user chose.
import type { FrameTranslateRequest, LipsyncRequest, TranslateRequest } from '../../../../shared/schemas/jobs.js';
import type { FileKind } from './file-kinds.js';

export interface TranslateForm {
  source_language: string;
  target_language: string;
  subtitle_usage_type: 'original' | 'final_translated';
  subtitle_mode: 'none' | 'add' | 'replace';
  subtitle_style_id: string;
  /** '' = the contract default (0.9, portrait 0.75). */
  subtitle_position_y: string;
  /** Also an SRT with each cue's original line above its translation (local addition). */
  bilingual_subtitle: boolean;
  voice_model: 'auto' | 'real' | 'native';
  /** '' = chosen per speaker by voice_model. */
  selected_voice_id: string;
  glossary_ids: string[];
  align_video: boolean;
  enable_proofreading: boolean;
  project_mode: 'none' | 'editable';
  speaker_min: string;
  speaker_max: string;
  user_prompt: string;
  export_type: 'auto' | 'video' | 'audio' | 'all';
  /** All four '' = no box. */
  ocr_x: string;
  ocr_y: string;
  ocr_width: string;
  ocr_height: string;
  callback_url: string;
}

/** The contract's defaults (docs/api.md "Translate and dub"), shown as the form's starting values. */
export const TRANSLATE_DEFAULTS: TranslateForm = {
  source_language: 'auto',
  target_language: '',
  subtitle_usage_type: 'original',
  subtitle_mode: 'none',
  subtitle_style_id: 'builtin:default',
  subtitle_position_y: '',
  bilingual_subtitle: false,
  voice_model: 'auto',
  selected_voice_id: '',
  glossary_ids: [],
  align_video: false,
  enable_proofreading: false,
  project_mode: 'none',
  speaker_min: '',
  speaker_max: '',
  user_prompt: '',
  export_type: 'auto',
  ocr_x: '',
  ocr_y: '',
  ocr_width: '',
  ocr_height: '',
  callback_url: '',
};

export interface LipsyncForm {
  model: 'standard_v1' | 'precision_v1';
  callback_url: string;
}

export const LIPSYNC_DEFAULTS: LipsyncForm = { model: 'standard_v1', callback_url: '' };

export interface FrameTranslateForm {
  source_language: string;
  target_language: string;
  glossary_ids: string[];
  user_prompt: string;
  project_mode: 'none' | 'editable';
  callback_url: string;
}

export const FRAME_TRANSLATE_DEFAULTS: FrameTranslateForm = {
  source_language: '',
  target_language: '',
  glossary_ids: [],
  user_prompt: '',
  project_mode: 'none',
  callback_url: '',
};

/** Why bilingual subtitles are off: the API refuses them (conflicting_fields) for subtitles that hold only the translation. */
export const BILINGUAL_OFF_FOR_FINAL =
  'Off while the subtitles given are the final translation: they have no original lines to show above it.';

/** Bilingual subtitles need the original lines: a job whose subtitle file is the final translation has none. */
export function bilingualPossible(usage: TranslateForm['subtitle_usage_type'], hasSubtitle: boolean): boolean {
  return !(hasSubtitle && usage === 'final_translated');
}

/** '' -> left out; a number -> that number; anything else stays text so the schema check names the field. */
function numberField(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

function optional<T>(value: T | undefined, unlessEquals?: T): T | undefined {
  return value === undefined || value === unlessEquals || value === '' ? undefined : value;
}

/** Drops undefined properties (the API rejects nothing for them, but a clean body reads better). */
function compact<T extends Record<string, unknown>>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as T;
}

export function buildTranslateRequest(
  form: TranslateForm,
  input: { mediaUrl: string; mediaKind: FileKind; subtitleUrl?: string },
): TranslateRequest {
  const box = [form.ocr_x, form.ocr_y, form.ocr_width, form.ocr_height];
  // The box reads text off the picture: an audio file of a mixed batch is sent without it (conflicting_fields otherwise).
  const hasBox = input.mediaKind !== 'audio' && box.some((value) => value.trim() !== '');
  const speakerMin = numberField(form.speaker_min);
  const speakerMax = numberField(form.speaker_max);
  return compact({
    media_type: input.mediaKind === 'audio' ? 'audio' : 'video',
    media_url: input.mediaUrl,
    source_language: optional(form.source_language, 'auto'),
    target_language: form.target_language,
    subtitle_url: optional(input.subtitleUrl),
    subtitle_usage_type: optional(form.subtitle_usage_type, 'original'),
    subtitle_mode: optional(form.subtitle_mode, 'none'),
    subtitle_style_id: optional(form.subtitle_style_id, 'builtin:default'),
    subtitle_position_y: numberField(form.subtitle_position_y),
    bilingual_subtitle:
      form.bilingual_subtitle && bilingualPossible(form.subtitle_usage_type, Boolean(input.subtitleUrl))
        ? true
        : undefined,
    ocr_text_box: hasBox
      ? compact({
          x: numberField(box[0]),
          y: numberField(box[1]),
          width: numberField(box[2]),
          height: numberField(box[3]),
        })
      : undefined,
    project_mode: optional(form.project_mode, 'none'),
    speaker_number:
      speakerMin !== undefined || speakerMax !== undefined ? compact({ min: speakerMin, max: speakerMax }) : undefined,
    glossary_ids: form.glossary_ids.length > 0 ? [...form.glossary_ids] : undefined,
    align_video: form.align_video ? true : undefined,
    enable_proofreading: form.enable_proofreading ? true : undefined,
    voice_model: optional(form.voice_model, 'auto'),
    user_prompt: optional(form.user_prompt.trim()),
    export_type: form.export_type,
    selected_voice_id: optional(form.selected_voice_id),
    callback_url: optional(form.callback_url.trim()),
  } as Record<string, unknown>) as TranslateRequest;
}

export function buildLipsyncRequest(
  form: LipsyncForm,
  input: { referenceUrl: string; referenceKind: FileKind; audioUrl?: string },
): LipsyncRequest {
  return compact({
    reference_file_url: input.referenceUrl,
    audio_url: optional(input.audioUrl),
    model: form.model,
    reference_file_type: input.referenceKind === 'image' ? 'image' : 'video',
    callback_url: optional(form.callback_url.trim()),
  } as Record<string, unknown>) as LipsyncRequest;
}

export function buildFrameTranslateRequest(
  form: FrameTranslateForm,
  input: { videoUrl: string },
): FrameTranslateRequest {
  return compact({
    video_url: input.videoUrl,
    source_language: form.source_language,
    target_language: form.target_language,
    glossary_ids: form.glossary_ids.length > 0 ? [...form.glossary_ids] : undefined,
    user_prompt: optional(form.user_prompt.trim()),
    project_mode: optional(form.project_mode, 'none'),
    callback_url: optional(form.callback_url.trim()),
  } as Record<string, unknown>) as FrameTranslateRequest;
}

/** What an editable project gives, shown under the Project field of both forms. */
export const PROJECT_HINT =
  'Default: none. Editable: the lines can be proofread, edited and exported again from the project editor.';
