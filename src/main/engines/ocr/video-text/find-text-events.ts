// Finds the text shown in a video and reads each piece once: one grey decode at the source rate, and a colour one of
// the few frames a second the boxes are detected on; the grey frames between two samples held only until the next
// sample, so every event's start and end can be moved to the exact frame; one picture per open event kept for reading.
import type { TextRegionDetector, NormalizedBox } from '../text-regions.js';
import type { TextRecognizer } from '../types.js';
import { describeFrameStream, readFrames } from '../../../media/frames.js';
import type { RgbImage } from '../../../media/image/rgb-image.js';
import { boxSharpness, boxSignature, signatureDistance, type GreyImage } from './box-pixels.js';
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
  let held = new Map<number, GreyImage>();
  const heldFrame = (index: number): GreyImage => {
    const grey = held.get(index);
    if (!grey) throw new Error(`Frame ${index} is no longer held for comparison.`);
    return grey;
  };
  const probe: SameTextProbe = (a, b, box) =>
    signatureDistance(boxSignature(heldFrame(a), box), boxSignature(heldFrame(b), box)) <= MAX_SIGNATURE_DISTANCE;
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
  // Every frame in grey (a third of the bytes: the probe reads only luma), and the samples in colour from a second
  // decode that keeps every step-th frame (framestep: the same pixels as those frames of a full-rate decode).
  const size = { width: stream.width, height: stream.height };
  const samplesInColour = readFrames(file, { ...streamOptions, graph: { filter: `framestep=${step}`, ...size } });
  try {
    for await (const frame of readFrames(file, { ...streamOptions, pixelFormat: 'gray' })) {
      frames++;
      lastIndex = frame.index;
      const grey: GreyImage = { data: frame.data, ...size };
      held.set(frame.index, grey);
      if (frame.index % step !== 0) continue;
      if (options.onProgress && options.durationSec)
        options.onProgress(Math.min(0.95, frame.index / stream.fps / options.durationSec));
      const sample = await samplesInColour.next();
      if (sample.done) throw new Error(`The colour decode ended before frame ${frame.index}.`);
      const rgb: RgbImage = { data: sample.value.data, ...size };
      samples++;
      const started = performance.now();
      const boxes = detector.detect(rgb, { roi: options.roi });
      detectMs += performance.now() - started;
      const observations: TextObservation[] = boxes.map(({ score, ...box }) => ({
        box,
        score,
        sharpness: boxSharpness(grey, box),
      }));
      const update = tracker.observe(frame.index, observations, probe);
      for (const event of update.sharpened) sharpestFrames.set(event.id, rgb);
      settle(update);
      held = new Map([[frame.index, grey]]);
    }
  } finally {
    // Stops the colour decode (and its ffmpeg) when the grey one ended first, failed or was aborted.
    await samplesInColour.return(undefined);
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
