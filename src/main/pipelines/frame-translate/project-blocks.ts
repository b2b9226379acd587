// The blocks a task exported from a visual translate project draws: the project's lines (edited or not), each erasing
// what its original block showed during the line's own time, and drawing its text in its box. Pure.
import type { PixelBox } from '../../media/image/rgb-image.js';
import type { DraftBox, SnapshotLine } from '../project-snapshot.js';
import type { ReadTextEvent } from '../../engines/ocr/video-text/read-events.js';
import type { TextBlock } from './types.js';

type FrameSize = { width: number; height: number };

/** A project box (fractions of the frame) in the find frame's whole pixels. */
export function denormalizeBox(box: DraftBox, frame: FrameSize): PixelBox {
  const x0 = Math.round(Math.min(1, Math.max(0, box.x)) * frame.width);
  const y0 = Math.round(Math.min(1, Math.max(0, box.y)) * frame.height);
  const x1 = Math.round(Math.min(1, Math.max(0, box.x + box.width)) * frame.width);
  const y1 = Math.round(Math.min(1, Math.max(0, box.y + box.height)) * frame.height);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** The original lines shown during [startMs, endMs), cut to that time (a line split in two erases each half in its own time). */
function clipLines(lines: readonly ReadTextEvent[], startMs: number, endMs: number): ReadTextEvent[] {
  return lines
    .map((line) => ({ ...line, startMs: Math.max(line.startMs, startMs), endMs: Math.min(line.endMs, endMs) }))
    .filter((line) => line.endMs > line.startMs);
}

const centreInside = (inner: PixelBox, outer: PixelBox): boolean => {
  const cx = inner.x + inner.width / 2;
  const cy = inner.y + inner.height / 2;
  return cx >= outer.x && cx <= outer.x + outer.width && cy >= outer.y && cy <= outer.y + outer.height;
};

export interface ProjectBlocks {
  blocks: TextBlock[];
  /** Lines changed since the project was made. */
  edited: number;
  /** Lines whose original block was not found: drawn without erasing anything. */
  unmatched: number;
}

/**
 * The project's lines as blocks to render. A line erases its own block's lines, and those of a block no line refers to
 * any more (merged into a neighbour) lying inside its box, both cut to its time; its box and text are the project's.
 */
export function projectBlocks(
  lines: readonly SnapshotLine[],
  original: readonly TextBlock[],
  frame: FrameSize,
): ProjectBlocks {
  const byId = new Map(original.map((block) => [block.id, block]));
  const referred = new Set(lines.map((line) => line.blockId));
  const mergedAway = original.filter((block) => !referred.has(block.id));
  let unmatched = 0;
  const blocks = lines.map((line): TextBlock => {
    const own = line.blockId === undefined ? undefined : byId.get(line.blockId);
    if (!own) unmatched++;
    const box = line.box ? denormalizeBox(line.box, frame) : (own?.box ?? { x: 0, y: 0, width: 0, height: 0 });
    const absorbed = own
      ? mergedAway.filter((block) => centreInside(block.box, box)).flatMap((block) => block.lines)
      : [];
    const shown = [...(own?.lines ?? []), ...absorbed].sort((a, b) => a.box.y - b.box.y);
    return {
      id: line.index,
      startMs: line.startMs,
      endMs: line.endMs,
      box,
      lines: clipLines(shown, line.startMs, line.endMs),
      sourceText: line.sourceText,
      targetText: line.targetText,
    };
  });
  return { blocks, edited: lines.filter((line) => line.edited).length, unmatched };
}
