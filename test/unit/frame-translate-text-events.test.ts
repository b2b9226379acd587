// The text-event tracker, flicker merging and ocr_text_box cues on synthetic observations: a small "world" says
// which text shows where on every frame; the tracker only sees samples and asks the world through its probe.
import { describe, expect, it } from 'vitest';
import type { PixelBox } from '../../src/main/media/image/rgb-image.js';
import { signatureDistance } from '../../src/main/engines/ocr/video-text/box-pixels.js';
import { textEventsToCues } from '../../src/main/pipelines/translate/ocr-cues.js';
import { mergeFlickers, type ReadTextEvent } from '../../src/main/engines/ocr/video-text/read-events.js';
import {
  createTextEventTracker,
  type SameTextProbe,
  type TrackedText,
} from '../../src/main/engines/ocr/video-text/text-events.js';

interface Shown {
  content: number;
  box: PixelBox;
  /** Inclusive frames. */
  first: number;
  last: number;
  sharpness?: (frame: number) => number;
}

/** A distinct picture per content: a pseudo-random pattern, so different contents do not correlate. */
function signatureOf(content: number): Float32Array {
  const cells = new Float32Array(64);
  let state = content * 2654435761;
  for (let i = 0; i < cells.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    cells[i] = state >>> 24;
  }
  return cells;
}

const BAND: PixelBox = { x: 100, y: 300, width: 400, height: 30 };

/** Runs the tracker over `frames` frames sampled every `step`, as the video pipeline does. */
function track(
  world: Shown[],
  frames: number,
  step: number,
  minSamples?: number,
): { events: TrackedText[]; dropped: number[]; probes: number[] } {
  const probes: number[] = [];
  // What a box shows on a frame: the signature of the text whose box holds its centre, or of the background (0).
  const picture = (frame: number, box: PixelBox): Float32Array => {
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const shown = world.find(
      (text) =>
        frame >= text.first &&
        frame <= text.last &&
        cx >= text.box.x &&
        cx <= text.box.x + text.box.width &&
        cy >= text.box.y &&
        cy <= text.box.y + text.box.height,
    );
    return signatureOf(shown?.content ?? 0);
  };
  const probe: SameTextProbe = (a, b, box) => {
    probes.push(b);
    return signatureDistance(picture(a, box), picture(b, box)) < 0.3;
  };
  const tracker = createTextEventTracker({ minSamples });
  const events: TrackedText[] = [];
  const dropped: number[] = [];
  for (let frame = 0; frame < frames; frame += step) {
    const visible = world.filter((shown) => frame >= shown.first && frame <= shown.last);
    const update = tracker.observe(
      frame,
      visible.map((shown) => ({
        box: shown.box,
        sharpness: shown.sharpness?.(frame) ?? 1,
      })),
      probe,
    );
    events.push(...update.closed);
    dropped.push(...update.dropped);
  }
  const rest = tracker.finish(frames - 1, probe);
  events.push(...rest.closed);
  dropped.push(...rest.dropped);
  return { events: events.sort((a, b) => a.startFrame - b.startFrame), dropped, probes };
}

describe('text event tracker', () => {
  it('times an appearing and disappearing text to the exact frames between samples', () => {
    const { events } = track([{ content: 1, box: BAND, first: 7, last: 33 }], 60, 5);
    expect(events.map((event) => [event.startFrame, event.endFrame])).toEqual([[7, 33]]);
    expect(events[0]!.samples).toBe(5);
  });

  it('starts a new event when the text in the same box changes, with no gap between them', () => {
    const { events } = track(
      [
        { content: 1, box: BAND, first: 10, last: 27 },
        { content: 2, box: BAND, first: 28, last: 49 },
      ],
      60,
      5,
    );
    expect(events.map((event) => [event.startFrame, event.endFrame])).toEqual([
      [10, 27],
      [28, 49],
    ]);
  });

  it('keeps texts in different places apart and closes the ones still shown at the end', () => {
    const title: PixelBox = { x: 10, y: 10, width: 150, height: 20 };
    const { events } = track(
      [
        { content: 1, box: title, first: 0, last: 59 },
        { content: 2, box: BAND, first: 12, last: 31 },
      ],
      60,
      5,
    );
    expect(events.map((event) => [event.box.x, event.startFrame, event.endFrame])).toEqual([
      [10, 0, 59],
      [100, 12, 31],
    ]);
  });

  it('drops what only one sample saw, and says so', () => {
    const { events, dropped } = track([{ content: 1, box: BAND, first: 14, last: 16 }], 40, 5);
    expect(events).toEqual([]);
    expect(dropped).toHaveLength(1);
    expect(
      track([{ content: 1, box: BAND, first: 14, last: 16 }], 40, 5, 1).events.map((e) => [e.startFrame, e.endFrame]),
    ).toEqual([[14, 16]]);
  });

  it('reads on the sharpest sampled frame', () => {
    const { events } = track(
      [{ content: 1, box: BAND, first: 0, last: 39, sharpness: (frame) => (frame === 25 ? 9 : 1 + frame / 100) }],
      40,
      5,
    );
    expect(events[0]!.sharpestFrame).toBe(25);
  });

  it('probes only the frames next to a change, not every frame', () => {
    const { probes } = track([{ content: 1, box: BAND, first: 7, last: 33 }], 200, 5);
    // Backwards from the first sample (10) to 7 and one more, forwards from 30 to 33 and one more, one check per continuing sample.
    expect(probes.length).toBeLessThan(20);
  });
});

describe('flicker merging', () => {
  const read = (text: string, startMs: number, endMs: number, box: PixelBox = BAND): ReadTextEvent => ({
    text,
    startMs,
    endMs,
    box,
    confidence: 0.9,
  });

  it('joins reads of one text in one place split by a short gap, and keeps the rest apart', () => {
    const merged = mergeFlickers(
      [
        read('Hello there', 1000, 2000),
        read('hello  there', 2040, 3000),
        read('Hello there', 5000, 6000),
        read('Goodbye', 6000, 7000),
        read('Hello there', 6000, 7000, { x: 10, y: 10, width: 150, height: 20 }),
      ],
      250,
    );
    expect(merged.map((event) => [event.text, event.startMs, event.endMs])).toEqual([
      ['Hello there', 1000, 3000],
      ['Hello there', 5000, 6000],
      ['Goodbye', 6000, 7000],
      ['Hello there', 6000, 7000],
    ]);
  });

  it('joins a line read whole with a read of its start from a box that cut it short, shown at once in one place', () => {
    const whole = { x: 195, y: 301, width: 247, height: 33 };
    const merged = mergeFlickers(
      [
        read('The house is', 520, 3520, { x: 195, y: 301, width: 190, height: 28 }),
        read('The house is big', 640, 3520, whole),
        // A later line starting the same way is another text.
        read('The house', 4000, 5000, whole),
      ],
      250,
    );
    expect(merged.map((event) => [event.text, event.startMs, event.endMs, event.box])).toEqual([
      ['The house is big', 520, 3520, whole],
      ['The house', 4000, 5000, whole],
    ]);
  });
});

describe('ocr_text_box cues', () => {
  const frame = { width: 640, height: 360 };
  const event = (text: string, startMs: number, endMs: number, y: number): ReadTextEvent => ({
    text,
    startMs,
    endMs,
    box: { x: 200, y, width: 240, height: 24 },
    confidence: 0.9,
  });

  it('keeps the text inside the box, in time order, two lines shown together as one cue', () => {
    const cues = textEventsToCues(
      [
        event('second line', 1000, 2500, 320),
        event('first line', 1040, 2500, 290),
        event('TITLE', 0, 8000, 20),
        event('next cue', 3000, 4000, 320),
      ],
      { x: 0, y: 0.75, width: 1, height: 0.25 },
      frame,
    );
    expect(cues).toEqual([
      { index: 1, startMs: 1000, endMs: 2500, text: 'first line\nsecond line', speaker: 'Speaker 1' },
      { index: 2, startMs: 3000, endMs: 4000, text: 'next cue', speaker: 'Speaker 1' },
    ]);
  });
});
