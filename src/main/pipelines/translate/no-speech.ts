// The no_speech_detected failure of a job without subtitles, worded so the user knows what to check.
import { DubDeskError } from '../../../shared/errors.js';
import type { SpeechRegion } from '../../engines/vad/types.js';
import type { SpeechActivity } from './types.js';

export function noSpeechError(mediaName: string, what: string): DubDeskError {
  return new DubDeskError(
    'no_speech_detected',
    `No speech was found in ${mediaName}: ${what}. Check that its audio track holds the speech (not only music or noise), ` +
      'or give the lines as subtitle_url (an SRT file).',
  );
}

/** The detected speech regions; a recording where the detector heard nobody fails here, before any model loads. */
export function requireSpeechRegions(
  activity: SpeechActivity | undefined,
  mediaName: string,
): SpeechRegion[] | undefined {
  if (activity && activity.regions.length === 0)
    throw noSpeechError(mediaName, `${activity.detector} heard no one speaking`);
  return activity?.regions;
}
