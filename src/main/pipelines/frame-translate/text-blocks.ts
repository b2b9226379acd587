// Groups the lines read on screen into blocks: lines shown at the same time, stacked one under the other and
// overlapping sideways, are one text (a two-line subtitle), translated as one sentence and drawn in one box.
import type { PixelBox } from '../../media/image/rgb-image.js';
import { unionBox } from '../../media/image/pixel-box.js';
import type { ReadTextEvent } from '../../engines/ocr/video-text/read-events.js';

export interface LineGroup {
  startMs: number;
  endMs: number;
  box: PixelBox;
  lines: ReadTextEvent[];
}

/** Two lines belong together: shown within `toleranceMs` of each other, at most a line's height apart vertically, overlapping sideways. */
function together(a: ReadTextEvent, b: ReadTextEvent, toleranceMs: number): boolean {
  if (Math.abs(a.startMs - b.startMs) > toleranceMs || Math.abs(a.endMs - b.endMs) > toleranceMs) return false;
  const [upper, lower] = a.box.y <= b.box.y ? [a.box, b.box] : [b.box, a.box];
  const gap = lower.y - (upper.y + upper.height);
  const lineHeight = Math.max(upper.height, lower.height);
  const overlap = Math.min(upper.x + upper.width, lower.x + lower.width) - Math.max(upper.x, lower.x);
  return gap <= lineHeight && gap > -lineHeight / 2 && overlap > 0;
}

export function groupTextLines(events: readonly ReadTextEvent[], toleranceMs = 120): LineGroup[] {
  const groups: ReadTextEvent[][] = [];
  for (const event of [...events].sort((a, b) => a.startMs - b.startMs || a.box.y - b.box.y)) {
    const group = groups.find((lines) => lines.some((line) => together(line, event, toleranceMs)));
    if (group) group.push(event);
    else groups.push([event]);
  }
  return groups.map((lines) => {
    const sorted = [...lines].sort((a, b) => a.box.y - b.box.y);
    return {
      startMs: Math.min(...sorted.map((line) => line.startMs)),
      endMs: Math.max(...sorted.map((line) => line.endMs)),
      box: unionBox(sorted.map((line) => line.box)),
      lines: sorted,
    };
  });
}
