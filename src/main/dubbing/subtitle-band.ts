// Where a video's burned-in subtitles are, from the text found on its frames: the lines that keep coming back,
// roughly centred, low in the frame (or high, as in some films). Titles, signs and one-off text are left alone.
import type { PixelBox } from '../media/image/rgb-image.js';
import type { PlacedText } from '../engines/inpaint/video-text/erase-spans.js';

export type { PlacedText };

export interface SubtitleBand<Event extends PlacedText = PlacedText> {
  /** The rows and columns the subtitles cover, padded, inside the frame. */
  box: PixelBox;
  /** The subtitles' own first and last row (unpadded): where new ones are anchored. */
  top: number;
  bottom: number;
  /** In the lower half: new lines grow upwards from `bottom`; in the upper, downwards from `top`. */
  edge: 'bottom' | 'top';
  /** The events inside the band, to erase. */
  events: Event[];
}

export interface FrameSize {
  width: number;
  height: number;
}

// Subtitles sit in the lower 40 % of the frame, or the upper 25 %.
const LOWER_FROM = 0.6;
const UPPER_TO = 0.25;
// A centred line's middle stays this close to the frame's middle (fraction of the width), on average over time.
const CENTRE_TOLERANCE = 0.12;
// Subtitles are several lines over time, and most of the time text is shown at that height.
const MIN_EVENTS = 2;
const MIN_TIME_SHARE = 0.3;
// Two lines of one cue are stacked with less than this gap (fraction of a line's height) between them.
const LINE_GAP = 0.6;
const PAD_PX = 4;

interface Group<Event> {
  top: number;
  bottom: number;
  events: Event[];
}

/** Total time covered by the spans, overlaps counted once. */
function coveredMs(events: readonly PlacedText[]): number {
  const spans = events.map((event) => [event.startMs, event.endMs] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [start, end] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [from, to] of spans) {
    if (from > end) {
      if (end > start) total += end - start;
      [start, end] = [from, to];
    } else end = Math.max(end, to);
  }
  if (end > start) total += end - start;
  return total;
}

/** Events grouped by the rows they cover: overlapping (or stacked lines of one block) are one group. */
function groupByRows<Event extends PlacedText>(events: readonly Event[]): Group<Event>[] {
  const groups: Group<Event>[] = [];
  for (const event of [...events].sort((a, b) => a.box.y - b.box.y)) {
    const top = event.box.y;
    const bottom = event.box.y + event.box.height;
    const last = groups.at(-1);
    if (last && top <= last.bottom + LINE_GAP * event.box.height) {
      last.bottom = Math.max(last.bottom, bottom);
      last.events.push(event);
    } else groups.push({ top, bottom, events: [event] });
  }
  return groups;
}

/** The time-weighted mean of the events' horizontal middles, as a fraction of the width. */
function meanCentre(events: readonly PlacedText[], width: number): number {
  let weight = 0;
  let sum = 0;
  for (const event of events) {
    const duration = Math.max(1, event.endMs - event.startMs);
    weight += duration;
    sum += duration * (event.box.x + event.box.width / 2);
  }
  return sum / weight / width;
}

/** Union of the events' boxes. */
function unionBox(events: readonly PlacedText[]): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.min(...events.map((event) => event.box.x)),
    y0: Math.min(...events.map((event) => event.box.y)),
    x1: Math.max(...events.map((event) => event.box.x + event.box.width)),
    y1: Math.max(...events.map((event) => event.box.y + event.box.height)),
  };
}

/** The band covering `events` (all of them: e.g. those read inside the user's ocr_text_box), padded and anchored. */
export function bandAround<Event extends PlacedText>(
  events: readonly Event[],
  frame: FrameSize,
): SubtitleBand<Event> | undefined {
  if (events.length === 0) return undefined;
  const { x0, y0, x1, y1 } = unionBox(events);
  const left = Math.max(0, x0 - PAD_PX);
  const top = Math.max(0, y0 - PAD_PX);
  const right = Math.min(frame.width, x1 + PAD_PX);
  const bottom = Math.min(frame.height, y1 + PAD_PX);
  const edge = (y0 + y1) / 2 >= frame.height / 2 ? 'bottom' : 'top';
  return {
    box: { x: left, y: top, width: right - left, height: bottom - top },
    top: y0,
    bottom: y1,
    edge,
    events: [...events],
  };
}

/**
 * Where the burned-in subtitles are when no box is given: of the text low (or high) in the frame, grouped by the
 * rows it covers, the group that is roughly centred, holds several events and covers the most time (at least
 * MIN_TIME_SHARE of the time any text is shown). Undefined when no group looks like subtitles.
 */
export function subtitleBand<Event extends PlacedText>(
  events: readonly Event[],
  frame: FrameSize,
): SubtitleBand<Event> | undefined {
  const textTime = coveredMs(events);
  if (textTime <= 0) return undefined;
  const middleRow = (event: PlacedText) => (event.box.y + event.box.height / 2) / frame.height;
  const lower = events.filter((event) => middleRow(event) >= LOWER_FROM);
  const upper = events.filter((event) => middleRow(event) <= UPPER_TO);
  const candidates = [...groupByRows(lower), ...groupByRows(upper)]
    .filter((group) => group.events.length >= MIN_EVENTS)
    .filter((group) => Math.abs(meanCentre(group.events, frame.width) - 0.5) <= CENTRE_TOLERANCE)
    .map((group) => ({ group, time: coveredMs(group.events) }))
    .filter(({ time }) => time >= MIN_TIME_SHARE * textTime)
    // Subtitles at the bottom win a tie: that is where most films have them.
    .sort((a, b) => b.time - a.time || b.group.bottom - a.group.bottom);
  const best = candidates[0];
  return best ? bandAround(best.group.events, frame) : undefined;
}

/**
 * The subtitle_position_y (media/subtitles/ass.ts placement()) that puts new subtitles where the old ones were:
 * below the middle placement() sets the block's bottom edge at positionY, so the new bottom line sits on the old
 * one; above the middle it sets the top edge.
 */
export function bandPositionY(band: Pick<SubtitleBand, 'top' | 'bottom' | 'edge'>, frame: FrameSize): number {
  const y = band.edge === 'bottom' ? band.bottom / frame.height : band.top / frame.height;
  // 0.5 would centre the block; keep the anchor on the band's own side of the middle.
  return band.edge === 'bottom' ? Math.min(1, Math.max(0.51, y)) : Math.max(0, Math.min(0.49, y));
}
