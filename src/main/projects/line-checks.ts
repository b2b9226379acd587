// What a line edit must satisfy before it is written: times inside the media, a box inside the frame, a voice that exists.
import { DubDeskError } from '../../shared/errors.js';
import type { SegmentPatch } from '../../shared/schemas/projects.js';
import type { Engines } from '../engines/registry.js';
import type { ProjectRecord } from '../store/projects-repository.js';

/** Shortest line the editor may make, so a split or a drag never leaves a line with no time to speak. */
const MIN_SEGMENT_MS = 200;

export function checkVoice(engines: Engines, voiceId: string | null | undefined): void {
  if (voiceId && !engines.voices().some((voice) => voice.id === voiceId)) {
    throw new DubDeskError('not_found', `Voice ${voiceId} does not exist; GET /v1/voices lists the voices.`);
  }
}

/** Times inside the media and long enough; a dubbed line's neighbours are checked where it is written (keepApart). */
export function checkTimes(project: ProjectRecord, startMs: number, endMs: number): void {
  if (!(startMs >= 0) || !(endMs <= project.mediaDurationMs + 1) || endMs - startMs < MIN_SEGMENT_MS) {
    throw new DubDeskError(
      'invalid_request',
      `A line must lie within the media (0 to ${(project.mediaDurationMs / 1000).toFixed(3)} s) ` +
        `and last at least ${MIN_SEGMENT_MS / 1000} s; got ${(startMs / 1000).toFixed(3)} ` +
        `to ${(endMs / 1000).toFixed(3)} s.`,
    );
  }
}

export function checkBox(box: SegmentPatch['box']): void {
  if (box && (box.width <= 0 || box.height <= 0 || box.x + box.width > 1.0001 || box.y + box.height > 1.0001)) {
    throw new DubDeskError(
      'invalid_request',
      'box must lie inside the frame: width and height above 0, x + width and y + height at most 1.',
    );
  }
}
