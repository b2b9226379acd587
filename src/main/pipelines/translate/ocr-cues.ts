// The text read inside a job's ocr_text_box as subtitle cues: the source transcript of a visual translation
// whose burned-in subtitles are replaced (subtitle_mode=replace).
import type { NormalizedBox } from '../../engines/ocr/text-regions.js';
import type { DubCue } from './types.js';
import { DEFAULT_SPEAKER } from './lines.js';
import type { ReadTextEvent } from '../../engines/ocr/video-text/read-events.js';

export interface FrameDimensions {
  width: number;
  height: number;
}

/**
 * Events whose box centre lies in `region`, in time order; lines shown together (a two-line subtitle: starts and
 * ends within `toleranceMs`) become one cue, top line first.
 */
export function textEventsToCues(
  events: readonly ReadTextEvent[],
  region: NormalizedBox,
  frame: FrameDimensions,
  toleranceMs = 120,
): DubCue[] {
  const inside = events.filter((event) => {
    const cx = (event.box.x + event.box.width / 2) / frame.width;
    const cy = (event.box.y + event.box.height / 2) / frame.height;
    return cx >= region.x && cx <= region.x + region.width && cy >= region.y && cy <= region.y + region.height;
  });
  const groups: ReadTextEvent[][] = [];
  for (const event of [...inside].sort((a, b) => a.startMs - b.startMs || a.box.y - b.box.y)) {
    const group = groups.find(
      (lines) =>
        Math.abs(lines[0]!.startMs - event.startMs) <= toleranceMs &&
        Math.abs(lines[0]!.endMs - event.endMs) <= toleranceMs,
    );
    if (group) group.push(event);
    else groups.push([event]);
  }
  return groups.map((lines, i) => ({
    index: i + 1,
    startMs: Math.min(...lines.map((line) => line.startMs)),
    endMs: Math.max(...lines.map((line) => line.endMs)),
    text: [...lines]
      .sort((a, b) => a.box.y - b.box.y)
      .map((line) => line.text)
      .join('\n'),
    speaker: DEFAULT_SPEAKER,
  }));
}
