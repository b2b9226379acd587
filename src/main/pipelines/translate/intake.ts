import { readFile } from 'node:fs/promises';
import { DubDeskError } from '../../../shared/errors.js';
import { languagePart } from '../../../shared/languages.js';
import { parseSrt, validateSrt } from '../../media/srt.js';
import {
  AUDIO_TYPES,
  checkGlossaries,
  checkLanguage,
  requireAudioTrack,
  VIDEO_TYPES,
  type IntakeChecks,
} from '../../requests/intake-checks.js';
import { noEngineForLanguage } from '../../engines/no-engine-for-language.js';
import { firstMissing } from '../../plans/job-plan.js';
import { planTranslateEngines } from '../../plans/translate-plan.js';
import type { TranslateRequest } from './types.js';

export const MAX_TRANSLATE_SEC = 2 * 60 * 60;

/**
 * A cloning voice (voice_model real, or a selected one that clones) speaks in each speaker's own voice and must know
 * what their reference speech says: subtitles that are only the translation cannot tell it.
 */
function checkCloning(request: TranslateRequest, selectedClones: boolean): void {
  if (selectedClones && request.voice_model === 'native') {
    throw new DubDeskError(
      'conflicting_fields',
      `${request.selected_voice_id} speaks in each speaker's own voice, and voice_model native ` +
        `asks for stock voices: use voice_model real (or auto), or choose a stock voice.`,
    );
  }
  const clones = selectedClones || (request.voice_model === 'real' && !request.selected_voice_id);
  const source =
    request.source_language && request.source_language !== 'auto' ? languagePart(request.source_language) : 'auto';
  if (
    clones &&
    request.subtitle_url &&
    request.subtitle_usage_type === 'final_translated' &&
    source !== languagePart(request.target_language)
  ) {
    throw new DubDeskError(
      'conflicting_fields',
      "Cloning each speaker's voice needs the words of their own speech, and subtitles of " +
        'subtitle_usage_type final_translated hold only the translation: give the original ' +
        'subtitles (subtitle_usage_type original), or use voice_model auto or native.',
    );
  }
}

export const translateIntake: IntakeChecks<TranslateRequest> = {
  inputRules(request) {
    return [
      {
        field: 'media_url',
        allowed: request.media_type === 'video' ? VIDEO_TYPES : AUDIO_TYPES,
        maxDurationSec: MAX_TRANSLATE_SEC,
      },
      ...(request.subtitle_url ? [{ field: 'subtitle_url', allowed: ['srt'] }] : []),
    ];
  },
  async checkFields(request, env) {
    if (request.subtitle_url && request.ocr_text_box) {
      throw new DubDeskError(
        'conflicting_fields',
        'subtitle_url and ocr_text_box cannot be used together: give the subtitles as a file, or the region where they appear on screen.',
      );
    }
    if (request.ocr_text_box && request.media_type === 'audio') {
      throw new DubDeskError('conflicting_fields', 'ocr_text_box applies only to media_type video.');
    }
    if (request.media_type === 'audio' && (request.export_type === 'video' || request.export_type === 'all')) {
      throw new DubDeskError(
        'conflicting_fields',
        `export_type ${request.export_type} needs a video input; with media_type audio use auto or audio.`,
      );
    }
    if (request.bilingual_subtitle && request.subtitle_url && request.subtitle_usage_type === 'final_translated') {
      throw new DubDeskError(
        'conflicting_fields',
        'bilingual_subtitle needs the original lines, and subtitles of subtitle_usage_type ' +
          'final_translated have only the translation: give the original subtitles, or set ' +
          'bilingual_subtitle false.',
      );
    }
    const speakers = request.speaker_number;
    if (speakers?.min !== undefined && speakers.max !== undefined && speakers.min > speakers.max) {
      throw new DubDeskError(
        'invalid_request',
        `speaker_number.min (${speakers.min}) is larger than speaker_number.max (${speakers.max}).`,
      );
    }
    checkLanguage('source_language', request.source_language);
    checkLanguage('target_language', request.target_language);
    await checkGlossaries(request.glossary_ids, env, {
      source: request.source_language ?? 'auto',
      target: request.target_language,
    });
    if (request.selected_voice_id && !env.engines.voices().some((voice) => voice.id === request.selected_voice_id)) {
      throw new DubDeskError(
        'not_found',
        `Voice ${request.selected_voice_id} does not exist; GET /v1/voices lists the voices.`,
      );
    }
    const target = languagePart(request.target_language);
    checkCloning(
      request,
      env.engines.voices().find((voice) => voice.id === request.selected_voice_id)?.clones ?? false,
    );
    if (!request.selected_voice_id && !env.engines.voices().some((voice) => voice.language === target)) {
      throw noEngineForLanguage('voices', request.target_language);
    }
    if (request.subtitle_style_id && !(await env.subtitleStyleExists(request.subtitle_style_id))) {
      throw new DubDeskError(
        'not_found',
        `Subtitle style ${request.subtitle_style_id} does not exist; GET /v1/subtitle_styles lists them.`,
      );
    }
    // Every step the job will run needs its engine now: the first missing model is named before anything is queued.
    const missing = firstMissing(planTranslateEngines(request, env.engines));
    if (missing) throw missing;
  },
  async checkInputs(request, inputs) {
    const media = inputs.media_url;
    if (media?.info && request.media_type === 'video' && (!media.info.hasVideo || media.info.isStillImage)) {
      throw new DubDeskError(
        'unsupported_media',
        `media_url (${media.name}) has no video stream, but media_type is video.`,
      );
    }
    requireAudioTrack('media_url', media, 'there is no speech to translate.');
    const subtitle = inputs.subtitle_url;
    if (subtitle) {
      const cues = parseSrt(await readFile(subtitle.path));
      validateSrt(cues, { mediaDurationSec: media?.info?.durationSec });
    }
  },
};
