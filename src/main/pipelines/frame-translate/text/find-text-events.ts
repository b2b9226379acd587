// Finds the text shown in a video and reads each piece once: one decode pass at the source rate; boxes detected
// on a few frames a second; the frames between two samples held (grey) only until the next sample, so every
// event's start and end can be moved to the exact frame; one picture per open event kept for reading.
import type { TextRegionDetector, NormalizedBox } from '../../../engines/ocr/text-regions.js';
import type { TextRecognizer } from '../../../engines/ocr/types.js';
import { describeFrameStream, readFrames } from '../../../media/frames.js';
import type { RgbImage } from '../../../media/image/rgb-image.js';
import { boxSharpness, boxSignature, signatureDistance, toGrey, type GreyImage } from './box-pixels.js';
import { textPicture } from './text-picture.js';
import { readTextEvents, type EventPicture, type ReadTextEvent, type TimedTextEvent } from './read-events.js';
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
  let greys = new Map<number, GreyImage>();
  const probe: SameTextProbe = (a, b, box) => {
    const [greyA, greyB] = [greys.get(a), greys.get(b)];
    if (!greyA || !greyB) throw new Error(`Frame ${greyA ? b : a} is no longer held for comparison.`);
    return signatureDistance(boxSignature(greyA, box), boxSignature(greyB, box)) <= MAX_SIGNATURE_DISTANCE;
  };
  // The sharpest frame of each open event (frames are shared, so memory is a few frames), then its cut-out.
  const sharpestFrames = new Map<number, RgbImage>();
  const pictures = new Map<number, EventPicture>();
  const tracked: TrackedText[] = [];
  const settle = (update: Pick<SampleUpdate, 'closed' | 'dropped'>): void => {
    for (const event of update.closed) {
      const frame = sharpestFrames.get(event.id)!;
      pictures.set(event.id, textPicture(frame, event.box));
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
    const grey = toGrey(rgb);
    greys.set(frame.index, grey);
    if (frame.index % step !== 0) continue;
    samples++;
    const started = performance.now();
    const boxes = detector.detect(rgb, { roi: options.roi });
    detectMs += performance.now() - started;
    const observations: TextObservation[] = boxes.map((box) => ({ box, sharpness: boxSharpness(grey, box) }));
    const update = tracker.observe(frame.index, observations, probe);
    for (const event of update.sharpened) sharpestFrames.set(event.id, rgb);
    settle(update);
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
  const events = await readTextEvents(timed, pictures, counted, { languages: options.languages, signal, minConfidence: options.minConfidence });
  return {
    events,
    tracked: timed,
    frame: { width: stream.width, height: stream.height, fps: stream.fps },
    stats: { frames, samples, detectMs, recognizerCalls },
  };
}
