import { DubDeskError } from '../../../shared/errors.js';
import type { FrameTranslateRequest } from '../../../shared/schemas/jobs.js';
import { checkGlossaries, checkLanguage, VIDEO_TYPES, type IntakeChecks } from '../../requests/intake-checks.js';
import { firstMissing } from '../../plans/job-plan.js';
import { planFrameTranslateEngines } from '../../plans/frame-translate-plan.js';

export const MAX_FRAME_TRANSLATE_SEC = 20 * 60;

export const frameTranslateIntake: IntakeChecks<FrameTranslateRequest> = {
  inputRules: () => [{ field: 'video_url', allowed: VIDEO_TYPES, maxDurationSec: MAX_FRAME_TRANSLATE_SEC }],
  async checkFields(request, env) {
    checkLanguage('source_language', request.source_language);
    checkLanguage('target_language', request.target_language);
    await checkGlossaries(request.glossary_ids, env, {
      source: request.source_language,
      target: request.target_language,
    });
    // Every step needs its engine now: the first missing model is named before anything is queued (the plan's own check).
    const missing = firstMissing(planFrameTranslateEngines(request, env.engines));
    if (missing) throw missing;
  },
  async checkInputs(_request, inputs) {
    const video = inputs.video_url;
    if (video?.info && (!video.info.hasVideo || video.info.isStillImage)) {
      throw new DubDeskError('unsupported_media', `video_url (${video.name}) has no video stream.`);
    }
  },
};
