// Reads each text event once, on the picture kept from its sharpest frame, then merges reads of one text that a
// flicker split in two and drops events that are not text (text-acceptance.ts: detector score, word confidences).
import type { Rgb } from '../../inpaint/glyph-mask.js';
import type { RecognizedLine, TextRecognizer } from '../types.js';
import { boxIoU, type PixelBox, type RgbImage } from '../../../media/image/rgb-image.js';
import { judgeRead, KEEP_CONFIDENCE } from './text-acceptance.js';

export interface TimedTextEvent {
  id: number;
  startMs: number;
  /** When the text is gone: the end of its last frame. */
  endMs: number;
  /** In frame pixels, on the sharpest frame. */
  box: PixelBox;
  sharpestFrameMs: number;
  /** The text detector's mean score over the samples it saw the box on (edge contrast, 0..1). */
  detectorScore: number;
  /** The glyphs' colours on the sharpest frame, for drawing the translation in the same colours. */
  colours?: GlyphColours;
}

export interface GlyphColours {
  fillRgb: Rgb;
  outlineRgb?: Rgb;
  /** Strokes heavy for their height (bold type). */
  bold?: boolean;
}

export interface EventPicture {
  /** The box plus a margin, cut from the sharpest frame: one or more renditions of it, one above the other. */
  image: RgbImage;
  /** First row of each rendition; the best read among them counts. Default: one rendition. */
  renditionRows?: number[];
}

export interface ReadTextEvent {
  startMs: number;
  endMs: number;
  box: PixelBox;
  text: string;
  /** The recognizer's confidence, 0..1, averaged over the text's characters. */
  confidence: number;
  /** The text detector's score for its box, 0..1 (absent in stage outputs written before it was kept). */
  detectorScore?: number;
  colours?: GlyphColours;
}

export interface ReadTextEventsOptions {
  languages: string[];
  signal: AbortSignal;
  /** Reads below this confidence are dropped; default KEEP_CONFIDENCE (text-acceptance.ts). */
  minConfidence?: number;
  /** Two reads of the same text in the same place this close in time are one event; default 250 ms. */
  mergeGapMs?: number;
}

export async function readTextEvents(
  events: readonly TimedTextEvent[],
  pictures: ReadonlyMap<number, EventPicture>,
  recognizer: TextRecognizer,
  options: ReadTextEventsOptions,
): Promise<ReadTextEvent[]> {
  const minConfidence = options.minConfidence ?? KEEP_CONFIDENCE;
  const read: ReadTextEvent[] = [];
  for (const event of [...events].sort((a, b) => a.startMs - b.startMs)) {
    const picture = pictures.get(event.id);
    if (!picture) throw new Error(`Text event ${event.id} has no picture to read.`);
    const lines = await readPicture(picture, recognizer, options);
    const verdict = judgeRead(lines, event.detectorScore);
    if (verdict.rejected || verdict.confidence < minConfidence) continue;
    read.push({
      startMs: event.startMs,
      endMs: event.endMs,
      box: event.box,
      text: verdict.text,
      confidence: verdict.confidence,
      detectorScore: event.detectorScore,
      ...(event.colours ? { colours: event.colours } : {}),
    });
  }
  return mergeFlickers(read, options.mergeGapMs ?? 250);
}

/** The lines read in the picture's best rendition. */
export async function readPicture(
  picture: EventPicture,
  recognizer: TextRecognizer,
  options: Pick<ReadTextEventsOptions, 'languages' | 'signal'>,
): Promise<RecognizedLine[]> {
  const all = await recognizer.recognize(picture.image, { languages: options.languages, signal: options.signal });
  return bestRendition(all, picture.renditionRows ?? [0]);
}

/** The lines of the rendition read best: most characters weighted by confidence. */
function bestRendition(lines: readonly RecognizedLine[], rows: readonly number[]): RecognizedLine[] {
  const groups = rows.map(() => [] as RecognizedLine[]);
  for (const line of lines) {
    const middle = line.box.y + line.box.height / 2;
    let index = 0;
    while (index + 1 < rows.length && middle >= rows[index + 1]!) index++;
    groups[index]!.push(line);
  }
  const score = (group: RecognizedLine[]): number =>
    group.reduce((sum, line) => sum + line.confidence * line.text.trim().length, 0);
  return groups.reduce((best, group) => (score(group) > score(best) ? group : best));
}

/**
 * Joins reads of the same text in the same place that follow each other within `gapMs` (a flicker, a fade) or
 * overlap in time (a moving shape next to the text made the detector see a second, larger box around it).
 */
export function mergeFlickers(events: readonly ReadTextEvent[], gapMs: number): ReadTextEvent[] {
  const merged: ReadTextEvent[] = [];
  for (const event of [...events].sort((a, b) => a.startMs - b.startMs)) {
    const earlier = merged.find(
      (kept) =>
        event.startMs - kept.endMs <= gapMs &&
        samePlace(kept.box, event.box) &&
        (sameText(kept.text, event.text) || (event.startMs < kept.endMs && partOf(kept.text, event.text))),
    );
    if (!earlier) {
      merged.push({ ...event });
      continue;
    }
    earlier.startMs = Math.min(earlier.startMs, event.startMs);
    earlier.endMs = Math.max(earlier.endMs, event.endMs);
    // Shown at once in one place, one read holding the other: the same line, one box having cut off its end.
    if (!sameText(earlier.text, event.text)) {
      const whole = normal(event.text).length > normal(earlier.text).length ? event : earlier;
      Object.assign(earlier, {
        text: whole.text,
        box: whole.box,
        confidence: whole.confidence,
        colours: whole.colours ?? earlier.colours,
      });
      continue;
    }
    // The tighter box is the text's own (the larger one took in its surroundings); else the better read's.
    const tighter = containment(event.box, earlier.box) >= 0.8 && area(event.box) < area(earlier.box);
    const looser = containment(earlier.box, event.box) >= 0.8 && area(earlier.box) < area(event.box);
    if (tighter || (!looser && event.confidence > earlier.confidence)) {
      Object.assign(earlier, { box: event.box, colours: event.colours ?? earlier.colours });
    }
    earlier.confidence = Math.max(earlier.confidence, event.confidence);
  }
  return merged;
}

const area = (box: PixelBox): number => box.width * box.height;

/** How much of `inner` lies inside `outer`, 0..1. */
function containment(inner: PixelBox, outer: PixelBox): number {
  const width = Math.min(inner.x + inner.width, outer.x + outer.width) - Math.max(inner.x, outer.x);
  const height = Math.min(inner.y + inner.height, outer.y + outer.height) - Math.max(inner.y, outer.y);
  return width <= 0 || height <= 0 ? 0 : (width * height) / area(inner);
}

/** Overlapping boxes, or one holding the other. */
function samePlace(a: PixelBox, b: PixelBox): boolean {
  return boxIoU(a, b) >= 0.5 || Math.max(containment(a, b), containment(b, a)) >= 0.8;
}

const normal = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

function sameText(a: string, b: string): boolean {
  return normal(a) === normal(b);
}

/** One read holds the other whole (a box that cut a line short read only its start). */
function partOf(a: string, b: string): boolean {
  const [x, y] = [normal(a), normal(b)];
  return x.length > 0 && y.length > 0 && (x.includes(y) || y.includes(x));
}
