import type { TranslateRequest } from './types.js';

/** What export_type asks for, given the input (docs/api.md "Translate and dub": auto matches the input type). */
export function wantedOutputs(
  exportType: TranslateRequest['export_type'],
  inputHasVideo: boolean,
): { video: boolean; audio: boolean } {
  if (exportType === 'all') return { video: inputHasVideo, audio: true };
  if (exportType === 'video') return { video: inputHasVideo, audio: !inputHasVideo };
  if (exportType === 'audio') return { video: false, audio: true };
  return { video: inputHasVideo, audio: !inputHasVideo };
}
