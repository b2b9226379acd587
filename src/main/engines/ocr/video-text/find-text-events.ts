// Finds the text shown in a video and reads each piece once: one decode pass at the source rate; boxes detected
// on a few frames a second; the frames between two samples held (grey) only until the next sample, so every
// event's start and end can be moved to the exact frame; one picture per open event kept for reading.
import type { TextRegionDetector, NormalizedBox } from '../text-regions.js';
import type { TextRecognizer } from '../types.js';
import { describeFrameStream, readFrames } from '../../../media/frames.js';
import type { RgbImage } from '../../../media/image/rgb-image.js';
import { boxSharpness, boxSignature, signatureDistance, toGrey, type GreyImage } from './box-pixels.js';
import { textPicture } from './text-picture.js';
import {
  readTextEvents,
  type EventPicture,
  type GlyphColours,
  type ReadTextEvent,
  type TimedTextEvent,
} from './read-events.js';
import { glyphMask } from '../../inpaint/glyph-mask.js';
import {
  createTextEventTracker,
  type SameTextProbe,
  type SampleUpdate,
  type TextEventTrackerOptions,
  type TextObservation,
  type TrackedText,
} from './text-events.js';

// Signatures further apart than this are different text (or none): see signatureDistance.
const MAX_SIGNATURE_DISTANCE = 0.3;
const BOLD_STROKE_RATIO = 0.12;

export interface FindTextEventsOptions {
  detector: TextRegionDetector;
  recognizer: TextRecognizer;
  languages: string[];
  signal: AbortSignal;
  /** Only text inside this part of the frame (a job's ocr_text_box). */
  roi?: NormalizedBox;
  /** Detection samples per second; default 5. */
  samplesPerSecond?: number;
  /** Frames are decoded at most this tall (text stays readable, memory and time stay bounded); default 720. */
  maxHeight?: number;
  tracker?: TextEventTrackerOptions;
  minConfidence?: number;
  /** Fraction 0..1 of the decode done, when `durationSec` says how long the video is. */
  onProgress?: (fraction: number) => void;
  durationSec?: number;
}

export interface FoundText {
  events: ReadTextEvent[];
  /** The tracked events before reading (one recognizer call each). */
  tracked: TimedTextEvent[];
  frame: { width: number; height: number; fps: number };
  stats: { frames: number; samples: number; detectMs: number; recognizerCalls: number };
}

export async function findTextEvents(file: string, options: FindTextEventsOptions): Promise<FoundText> {
  const { detector, signal } = options;
  const probeInfo = await describeFrameStream(file, { pixelFormat: 'rgb24', signal });
  const height = Math.min(probeInfo.height, options.maxHeight ?? 720);
  const streamOptions = { pixelFormat: 'rgb24' as const, height: height - (height % 2), signal };
  const stream = await describeFrameStream(file, streamOptions);
  const step = Math.max(1, Math.round(stream.fps / (options.samplesPerSecond ?? 5)));
  const tracker = createTextEventTracker(options.tracker);

  // Grey frames from the last sample to the current one, by index: all the probe ever looks at.
  // Held in colour and turned grey only when probed: most frames between samples are never looked at.
  let held = new Map<number, RgbImage>();
  let greys = new Map<number, GreyImage>();
  const greyOf = (index: number): GreyImage | undefined => {
    let grey = greys.get(index);
    const rgb = held.get(index);
    if (!grey && rgb) greys.set(index, (grey = toGrey(rgb)));
    return grey;
  };
  const probe: SameTextProbe = (a, b, box) => {
    const [greyA, greyB] = [greyOf(a), greyOf(b)];
    if (!greyA || !greyB) throw new Error(`Frame ${greyA ? b : a} is no longer held for comparison.`);
    return signatureDistance(boxSignature(greyA, box), boxSignature(greyB, box)) <= MAX_SIGNATURE_DISTANCE;
  };
  // The sharpest frame of each open event (frames are shared, so memory is a few frames), then its cut-out.
  const sharpestFrames = new Map<number, RgbImage>();
  const pictures = new Map<number, EventPicture>();
  const colours = new Map<number, GlyphColours>();
  const tracked: TrackedText[] = [];
  const settle = (update: Pick<SampleUpdate, 'closed' | 'dropped'>): void => {
    for (const event of update.closed) {
      const frame = sharpestFrames.get(event.id)!;
      pictures.set(event.id, textPicture(frame, event.box));
      const glyphs = glyphMask(frame, event.box);
      // Regular DejaVu-like type has strokes about 9 % of its line height, bold about 14 % (measured, outline or not).
      const bold = glyphs.strokeWidth / event.box.height >= BOLD_STROKE_RATIO;
      if (glyphs.pixelCount > 0)
        colours.set(event.id, {
          fillRgb: glyphs.fillRgb,
          ...(glyphs.outlineRgb ? { outlineRgb: glyphs.outlineRgb } : {}),
          bold,
        });
      sharpestFrames.delete(event.id);
      tracked.push(event);
    }
    for (const id of update.dropped) sharpestFrames.delete(id);
  };
  let frames = 0;
  let samples = 0;
  let detectMs = 0;
  let lastIndex = -1;
  for await (const frame of readFrames(file, streamOptions)) {
    frames++;
    lastIndex = frame.index;
    const rgb: RgbImage = { data: frame.data, width: stream.width, height: stream.height };
    held.set(frame.index, rgb);
    if (frame.index % step !== 0) continue;
    if (options.onProgress && options.durationSec)
      options.onProgress(Math.min(0.95, frame.index / stream.fps / options.durationSec));
    samples++;
    const started = performance.now();
    const boxes = detector.detect(rgb, { roi: options.roi });
    detectMs += performance.now() - started;
    const grey = greyOf(frame.index)!;
    const observations: TextObservation[] = boxes.map(({ score, ...box }) => ({
      box,
      score,
      sharpness: boxSharpness(grey, box),
    }));
    const update = tracker.observe(frame.index, observations, probe);
    for (const event of update.sharpened) sharpestFrames.set(event.id, rgb);
    settle(update);
    held = new Map([[frame.index, rgb]]);
    greys = new Map([[frame.index, grey]]);
  }
  settle(tracker.finish(lastIndex, probe));
  const frameMs = 1000 / stream.fps;
  const timed: TimedTextEvent[] = tracked.map((event) => ({
    id: event.id,
    startMs: Math.round(event.startFrame * frameMs),
    endMs: Math.round((event.endFrame + 1) * frameMs),
    box: event.box,
    sharpestFrameMs: Math.round(event.sharpestFrame * frameMs),
    detectorScore: event.score,
    ...(colours.has(event.id) ? { colours: colours.get(event.id) } : {}),
  }));
  let recognizerCalls = 0;
  const counted: TextRecognizer = {
    id: options.recognizer.id,
    supports: (language) => options.recognizer.supports(language),
    recognize: (image, recognizeOptions) => {
      recognizerCalls++;
      return options.recognizer.recognize(image, recognizeOptions);
    },
  };
  const events = await readTextEvents(timed, pictures, counted, {
    languages: options.languages,
    signal,
    minConfidence: options.minConfidence,
  });
  return {
    events,
    tracked: timed,
    frame: { width: stream.width, height: stream.height, fps: stream.fps },
    stats: { frames, samples, detectMs, recognizerCalls },
  };
}
