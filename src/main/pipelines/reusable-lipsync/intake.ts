import { DubDeskError } from '../../../shared/errors.js';
import { AUDIO_TYPES, requireAudioTrack, type IntakeChecks } from '../../requests/intake-checks.js';
import { PRECISION_LIPSYNC_MODEL } from '../../requests/required-models.js';
import type { ReusableLipsyncRequest } from './types.js';

export const reusableLipsyncIntake: IntakeChecks<ReusableLipsyncRequest> = {
  inputRules: () => [{ field: 'audio_url', allowed: AUDIO_TYPES }],
  async checkFields(request, env) {
    if (!(await env.reusableModelExists(request.model_id))) {
      throw new DubDeskError(
        'not_found',
        `Reusable lip-sync model ${request.model_id} does not exist; GET /v1/reusable_lipsync_models lists yours.`,
      );
    }
    // A model made by the built-in exemplar engine needs none; stored face crops need the generator they were made for.
    if ((await env.reusableModelEngine(request.model_id)) === 'generator')
      env.models.requireInstalled(PRECISION_LIPSYNC_MODEL);
  },
  async checkInputs(_request, inputs) {
    requireAudioTrack('audio_url', inputs.audio_url, 'the driving audio must contain sound.');
  },
};
