import { DubDeskError } from '../../../shared/errors.js';
import { REFERENCE_IMAGE_TYPES, REFERENCE_VIDEO_TYPES } from '../../../shared/schemas/jobs.js';
import { AUDIO_TYPES, requireAudioTrack, type IntakeChecks } from '../../requests/intake-checks.js';
import type { LipsyncRequest } from './types.js';

export const lipsyncIntake: IntakeChecks<LipsyncRequest> = {
  inputRules(request) {
    const reference = request.reference_file_type === 'video' ? REFERENCE_VIDEO_TYPES : REFERENCE_IMAGE_TYPES;
    return [
      { field: 'reference_file_url', allowed: reference },
      ...(request.audio_url ? [{ field: 'audio_url', allowed: AUDIO_TYPES }] : []),
    ];
  },
  // precision_v1 needs no model: without one it runs its built-in engines (renderer.ts).
  checkFields(request) {
    if (!request.audio_url && request.reference_file_type === 'image') {
      throw new DubDeskError('invalid_request', 'audio_url is required when reference_file_type is image.');
    }
  },
  async checkInputs(request, inputs) {
    const reference = inputs.reference_file_url;
    if (
      reference?.info &&
      request.reference_file_type === 'video' &&
      (!reference.info.hasVideo || reference.info.isStillImage)
    ) {
      throw new DubDeskError(
        'unsupported_media',
        `reference_file_url (${reference.name}) has no video stream, but reference_file_type is video.`,
      );
    }
    if (!request.audio_url)
      requireAudioTrack('reference_file_url', reference, 'give an audio_url to drive the lip-sync.');
    requireAudioTrack('audio_url', inputs.audio_url, 'the driving audio must contain sound.');
  },
};
