import { readFile } from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';
import type { JobKind } from '../../shared/jobs.js';
import { findLanguage } from '../../shared/languages.js';
import {
  DRIVING_AUDIO_TYPES, REFERENCE_IMAGE_TYPES, REFERENCE_VIDEO_TYPES,
  type FrameTranslateRequest, type LipsyncRequest, type ReusableLipsyncRequest, type TranslateRequest,
} from '../../shared/schemas/jobs.js';
import { parseSrt, validateSrt } from '../media/srt.js';
import type { GlossariesRepository } from '../store/glossaries-repository.js';
import type { ModelStore } from '../models/model-store.js';
import type { Engines } from '../engines/registry.js';
import { languagePart } from '../../shared/languages.js';
import type { InputRule, InspectedInput } from './input-checks.js';

/** Catalogue ids of the models a request needs (src/main/models/catalogue.ts). */
export const PRECISION_LIPSYNC_MODEL = 'wav2lip-gan-96';

export const MAX_TRANSLATE_SEC = 2 * 60 * 60;
export const MAX_FRAME_TRANSLATE_SEC = 20 * 60;
const VIDEO_TYPES = [...REFERENCE_VIDEO_TYPES, 'mkv'] as const;
const AUDIO_TYPES = DRIVING_AUDIO_TYPES;

/** What the checks may consult besides the request itself. */
export interface SpecEnvironment {
  glossaries: Pick<GlossariesRepository, 'get'>;
  /** Throws model_not_installed (naming the model and how to install it) when it is missing. */
  models: Pick<ModelStore, 'requireInstalled'>;
  engines: Pick<Engines, 'requireSpeechRecognizer' | 'requireTranslator' | 'voices'>;
  subtitleStyleExists(styleId: string): boolean;
  reusableModelExists(modelId: string): boolean;
}

export type Inspected = Partial<Record<string, InspectedInput>>;

/** How one job kind's request is checked: fields alone, then the inputs once they are files on this machine. */
export interface JobSpec<Request> {
  kind: JobKind;
  inputRules(request: Request): InputRule[];
  checkFields(request: Request, env: SpecEnvironment): void;
  /** Cross-checks of inputs that are available locally; called again by the first stage with all of them. */
  checkInputs(request: Request, inputs: Inspected): Promise<void>;
}

function checkLanguage(field: string, code: string | undefined): void {
  if (code === undefined || code === 'auto') return;
  if (!findLanguage(code)) throw new DubDeskError('unsupported_language', `${field} '${code}' is not a supported language; GET /v1/languages lists them.`);
}

function checkGlossaries(ids: readonly string[] | undefined, env: SpecEnvironment): void {
  if (!ids) return;
  if (ids.length > 3) throw new DubDeskError('too_many_glossaries', `glossary_ids has ${ids.length} entries; at most 3 glossaries can be applied.`);
  for (const id of ids) {
    if (!env.glossaries.get(id)) throw new DubDeskError('not_found', `Glossary ${id} does not exist; GET /v1/glossaries lists yours.`);
  }
}

function requireAudioTrack(field: string, input: InspectedInput | undefined, what: string): void {
  if (input?.info && !input.info.hasAudio) throw new DubDeskError('no_audio', `${field} (${input.name}) has no audio track; ${what}`);
}

export const lipsyncSpec: JobSpec<LipsyncRequest> = {
  kind: 'lipsync',
  inputRules(request) {
    const reference = request.reference_file_type === 'video' ? REFERENCE_VIDEO_TYPES : REFERENCE_IMAGE_TYPES;
    return [
      { field: 'reference_file_url', allowed: reference },
      ...(request.audio_url ? [{ field: 'audio_url', allowed: AUDIO_TYPES }] : []),
    ];
  },
  checkFields(request, env) {
    if (!request.audio_url && request.reference_file_type === 'image') {
      throw new DubDeskError('invalid_request', 'audio_url is required when reference_file_type is image.');
    }
    if (request.model === 'precision_v1') env.models.requireInstalled(PRECISION_LIPSYNC_MODEL);
  },
  async checkInputs(request, inputs) {
    const reference = inputs.reference_file_url;
    if (reference?.info && request.reference_file_type === 'video' && (!reference.info.hasVideo || reference.info.isStillImage)) {
      throw new DubDeskError('unsupported_media', `reference_file_url (${reference.name}) has no video stream, but reference_file_type is video.`);
    }
    if (!request.audio_url) requireAudioTrack('reference_file_url', reference, 'give an audio_url to drive the lip-sync.');
    requireAudioTrack('audio_url', inputs.audio_url, 'the driving audio must contain sound.');
  },
};

export const reusableLipsyncSpec: JobSpec<ReusableLipsyncRequest> = {
  kind: 'reusable_lipsync',
  inputRules: () => [{ field: 'audio_url', allowed: AUDIO_TYPES }],
  checkFields(request, env) {
    if (!env.reusableModelExists(request.model_id)) {
      throw new DubDeskError('not_found', `Reusable lip-sync model ${request.model_id} does not exist; GET /v1/reusable_lipsync_models lists yours.`);
    }
    env.models.requireInstalled(PRECISION_LIPSYNC_MODEL);
  },
  async checkInputs(_request, inputs) {
    requireAudioTrack('audio_url', inputs.audio_url, 'the driving audio must contain sound.');
  },
};

export const translateSpec: JobSpec<TranslateRequest> = {
  kind: 'translate',
  inputRules(request) {
    return [
      { field: 'media_url', allowed: request.media_type === 'video' ? VIDEO_TYPES : AUDIO_TYPES, maxDurationSec: MAX_TRANSLATE_SEC },
      ...(request.subtitle_url ? [{ field: 'subtitle_url', allowed: ['srt'] }] : []),
    ];
  },
  checkFields(request, env) {
    if (request.subtitle_url && request.ocr_text_box) {
      throw new DubDeskError('conflicting_fields', 'subtitle_url and ocr_text_box cannot be used together: give the subtitles as a file, or the region where they appear on screen.');
    }
    if (request.ocr_text_box && request.media_type === 'audio') {
      throw new DubDeskError('conflicting_fields', 'ocr_text_box applies only to media_type video.');
    }
    if (request.media_type === 'audio' && (request.export_type === 'video' || request.export_type === 'all')) {
      throw new DubDeskError('conflicting_fields', `export_type ${request.export_type} needs a video input; with media_type audio use auto or audio.`);
    }
    const speakers = request.speaker_number;
    if (speakers?.min !== undefined && speakers.max !== undefined && speakers.min > speakers.max) {
      throw new DubDeskError('invalid_request', `speaker_number.min (${speakers.min}) is larger than speaker_number.max (${speakers.max}).`);
    }
    checkLanguage('source_language', request.source_language);
    checkLanguage('target_language', request.target_language);
    checkGlossaries(request.glossary_ids, env);
    if (request.subtitle_mode === 'replace') {
      throw new DubDeskError('pipeline_unavailable', 'subtitle_mode replace needs on-screen text detection and erasing, which this DubDesk version does not have yet; use add or none.');
    }
    if (request.enable_proofreading || request.project_mode === 'editable') {
      throw new DubDeskError('pipeline_unavailable', 'Editable projects and proofreading are not available in this DubDesk version yet; set project_mode none and enable_proofreading false.');
    }
    if (request.selected_voice_id && !env.engines.voices().some((voice) => voice.id === request.selected_voice_id)) {
      throw new DubDeskError('not_found', `Voice ${request.selected_voice_id} does not exist; GET /v1/voices lists the voices.`);
    }
    const target = languagePart(request.target_language);
    if (!request.selected_voice_id && !env.engines.voices().some((voice) => voice.language === target)) {
      throw new DubDeskError('unsupported_language', `There is no voice for ${request.target_language} yet; choose one with selected_voice_id (GET /v1/voices).`);
    }
    if (request.subtitle_style_id && !env.subtitleStyleExists(request.subtitle_style_id)) {
      throw new DubDeskError('not_found', `Subtitle style ${request.subtitle_style_id} does not exist; GET /v1/subtitle_styles lists them.`);
    }
    // Without subtitles the speech must be transcribed; original-language subtitles must be translated.
    if (!request.subtitle_url) env.engines.requireSpeechRecognizer();
    if (needsTranslation(request)) env.engines.requireTranslator(request.source_language ?? 'auto', request.target_language);
  },
  async checkInputs(request, inputs) {
    const media = inputs.media_url;
    if (media?.info && request.media_type === 'video' && (!media.info.hasVideo || media.info.isStillImage)) {
      throw new DubDeskError('unsupported_media', `media_url (${media.name}) has no video stream, but media_type is video.`);
    }
    requireAudioTrack('media_url', media, 'there is no speech to translate.');
    const subtitle = inputs.subtitle_url;
    if (subtitle) {
      const cues = parseSrt(await readFile(subtitle.path));
      validateSrt(cues, { mediaDurationSec: media?.info?.durationSec });
    }
  },
};

/** Supplied final translations, or source and target in the same language, need no machine translation. */
export function needsTranslation(request: TranslateRequest): boolean {
  if (request.subtitle_url && request.subtitle_usage_type === 'final_translated') return false;
  const source = request.source_language ?? 'auto';
  return source === 'auto' || languagePart(source) !== languagePart(request.target_language);
}

export const frameTranslateSpec: JobSpec<FrameTranslateRequest> = {
  kind: 'frame_translate',
  inputRules: () => [{ field: 'video_url', allowed: VIDEO_TYPES, maxDurationSec: MAX_FRAME_TRANSLATE_SEC }],
  checkFields(request, env) {
    checkLanguage('source_language', request.source_language);
    checkLanguage('target_language', request.target_language);
    checkGlossaries(request.glossary_ids, env);
  },
  async checkInputs(_request, inputs) {
    const video = inputs.video_url;
    if (video?.info && (!video.info.hasVideo || video.info.isStillImage)) {
      throw new DubDeskError('unsupported_media', `video_url (${video.name}) has no video stream.`);
    }
  },
};

export const JOB_SPECS: { [K in JobKind]: JobSpec<any> } = {
  lipsync: lipsyncSpec,
  reusable_lipsync: reusableLipsyncSpec,
  translate: translateSpec,
  frame_translate: frameTranslateSpec,
};
