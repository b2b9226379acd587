import { DubDeskError } from '../../../shared/errors.js';
import { languagePart } from '../../../shared/languages.js';
import type { FrameTranslateRequest } from '../../../shared/schemas/jobs.js';
import { checkGlossaries, checkLanguage, VIDEO_TYPES, type IntakeChecks } from '../../requests/intake-checks.js';

export const MAX_FRAME_TRANSLATE_SEC = 20 * 60;

export const frameTranslateIntake: IntakeChecks<FrameTranslateRequest> = {
  inputRules: () => [{ field: 'video_url', allowed: VIDEO_TYPES, maxDurationSec: MAX_FRAME_TRANSLATE_SEC }],
  async checkFields(request, env) {
    checkLanguage('source_language', request.source_language);
    checkLanguage('target_language', request.target_language);
    await checkGlossaries(request.glossary_ids, env);
    // Every step needs its engine now: the first missing model is named before anything is queued.
    const source = languagePart(request.source_language);
    const target = languagePart(request.target_language);
    env.engines.requireTextRecognizer([source]);
    if (source !== target) env.engines.requireTranslator(source, target);
    env.engines.requireInpainter();
  },
  async checkInputs(_request, inputs) {
    const video = inputs.video_url;
    if (video?.info && (!video.info.hasVideo || video.info.isStillImage)) {
      throw new DubDeskError('unsupported_media', `video_url (${video.name}) has no video stream.`);
    }
  },
};
