// Turns text boxes seen on sampled frames into text events: one per stretch of time a line shows the same text.
// Pure over observations: the caller detects boxes every few frames and answers, through a probe, whether a box
// shows the same picture on two frames (two samples, or a sample and a frame between samples), so a change of
// text in the same place starts a new event and each start and end lands on the exact frame.
import { boxIoU, type PixelBox } from '../../../media/image/rgb-image.js';
import { boxIntersection } from '../../../media/image/pixel-box.js';

/** One detected text box on a sampled frame. */
export interface TextObservation {
  box: PixelBox;
  /** boxSharpness() of the box on this frame. */
  sharpness: number;
  /** The detector's score for the box (its edge contrast, 0..1), when it came from the detector. */
  score?: number;
}

/** Whether `box` shows the same picture (the same text) on frames `a` and `b`. */
export type SameTextProbe = (a: number, b: number, box: PixelBox) => boolean;

export interface TrackedText {
  id: number;
  /** First and last frame (inclusive) that show the text. */
  startFrame: number;
  endFrame: number;
  /**
   * The rows of the box on the sharpest sample, the columns of every box seen on those rows (a word the detector
   * missed on one frame is still read).
   */
  box: PixelBox;
  /** The sampled frame where the text was sharpest: the one to read. */
  sharpestFrame: number;
  sharpness: number;
  /** Sampled frames where the detector saw it. */
  samples: number;
  /** The detector's mean score over those samples, 0..1. */
  score: number;
}

export interface TextEventTrackerOptions {
  /** Least overlap for a box to continue an open event; default 0.5. */
  minIou?: number;
  /** Events seen on fewer samples are dropped (moving textures, a single noisy frame); default 2. */
  minSamples?: number;
}

export interface SampleUpdate {
  /** Events whose sharpest frame is now this sample (new ones included): the caller keeps this frame for them. */
  sharpened: TrackedText[];
  /** Events that ended before this sample and were long enough to keep. */
  closed: TrackedText[];
  /** Ids of events that ended too short to count: their kept frame can go. */
  dropped: number[];
}

export interface TextEventTracker {
  /** Feeds one sampled frame's boxes; samples come in increasing frame order. */
  observe(frameIndex: number, observations: readonly TextObservation[], probe: SameTextProbe): SampleUpdate;
  /** Closes what is still open at the last frame of the video (probing frames after the last sample). */
  finish(lastFrameIndex: number, probe: SameTextProbe): Pick<SampleUpdate, 'closed' | 'dropped'>;
}

interface OpenEvent extends TrackedText {
  lastSeenFrame: number;
  /** Where it was on the last sample, for matching and probing. */
  lastBox: PixelBox;
  scoreSum: number;
}

export function createTextEventTracker(options: TextEventTrackerOptions = {}): TextEventTracker {
  const minIou = options.minIou ?? 0.5;
  const minSamples = options.minSamples ?? 2;
  let open: OpenEvent[] = [];
  let previousSample = -1;
  let nextId = 1;

  /** Ends an event on its last frame that still shows the same picture, up to `untilFrame`. */
  const close = (
    event: OpenEvent,
    untilFrame: number,
    probe: SameTextProbe,
    update: Pick<SampleUpdate, 'closed' | 'dropped'>,
  ): void => {
    let endFrame = event.lastSeenFrame;
    while (endFrame + 1 <= untilFrame && probe(event.lastSeenFrame, endFrame + 1, event.lastBox)) endFrame++;
    if (event.samples < minSamples) {
      update.dropped.push(event.id);
      return;
    }
    update.closed.push({
      id: event.id,
      startFrame: event.startFrame,
      endFrame,
      box: event.box,
      sharpestFrame: event.sharpestFrame,
      sharpness: event.sharpness,
      samples: event.samples,
      score: event.scoreSum / event.samples,
    });
  };

  return {
    observe(frameIndex, observations, probe) {
      if (frameIndex <= previousSample)
        throw new RangeError(`Samples must move forward: ${frameIndex} after ${previousSample}.`);
      // An open event continues into a box that overlaps its last one, where both boxes cover the same picture
      // on its last sample and on this one (the detector's box may shift by a word; the text must not change).
      const pairs: { event: OpenEvent; observation: TextObservation; iou: number }[] = [];
      for (const event of open) {
        for (const observation of observations) {
          const iou = boxIoU(event.lastBox, observation.box);
          if (
            iou >= minIou &&
            probe(event.lastSeenFrame, frameIndex, boxIntersection(event.lastBox, observation.box))
          ) {
            pairs.push({ event, observation, iou });
          }
        }
      }
      pairs.sort((a, b) => b.iou - a.iou);
      const continued = new Map<OpenEvent, TextObservation>();
      const used = new Set<TextObservation>();
      for (const { event, observation } of pairs) {
        if (continued.has(event) || used.has(observation)) continue;
        continued.set(event, observation);
        used.add(observation);
      }
      // The detector missed a line, cut it in words or joined it to something: the text is still there when its
      // last box shows the same picture as on the last sample, and any boxes on it belong to it.
      for (const event of open) {
        if (continued.has(event) || !probe(event.lastSeenFrame, frameIndex, event.lastBox)) continue;
        continued.set(event, { box: event.lastBox, sharpness: 0 });
        for (const observation of observations) {
          if (!used.has(observation) && covered(observation.box, event.lastBox)) used.add(observation);
        }
      }

      const update: SampleUpdate = { sharpened: [], closed: [], dropped: [] };
      const stillOpen: OpenEvent[] = [];
      for (const event of open) {
        const observation = continued.get(event);
        if (!observation) {
          close(event, frameIndex - 1, probe, update);
          continue;
        }
        event.lastSeenFrame = frameIndex;
        event.lastBox = observation.box;
        // Only samples where the detector saw it count towards minSamples: a probe alone keeps, never makes, an event.
        if (observations.includes(observation)) {
          event.samples++;
          event.scoreSum += observation.score ?? 0;
        }
        if (observation.sharpness > event.sharpness) {
          event.sharpestFrame = frameIndex;
          event.sharpness = observation.sharpness;
          event.box = { ...observation.box, ...columnsOf(event.box, observation.box) };
          update.sharpened.push(event);
        } else if (sameRows(event.box, observation.box)) {
          event.box = { ...event.box, ...columnsOf(event.box, observation.box) };
        }
        stillOpen.push(event);
      }
      for (const observation of observations) {
        if (used.has(observation)) continue;
        let startFrame = frameIndex;
        while (startFrame - 1 > previousSample && probe(frameIndex, startFrame - 1, observation.box)) startFrame--;
        const event: OpenEvent = {
          id: nextId++,
          startFrame,
          endFrame: frameIndex,
          box: observation.box,
          sharpestFrame: frameIndex,
          sharpness: observation.sharpness,
          samples: 1,
          score: observation.score ?? 0,
          scoreSum: observation.score ?? 0,
          lastSeenFrame: frameIndex,
          lastBox: observation.box,
        };
        stillOpen.push(event);
        update.sharpened.push(event);
      }
      open = stillOpen;
      previousSample = frameIndex;
      return update;
    },
    finish(lastFrameIndex, probe) {
      const update: Pick<SampleUpdate, 'closed' | 'dropped'> = { closed: [], dropped: [] };
      for (const event of open) close(event, lastFrameIndex, probe, update);
      open = [];
      return update;
    },
  };
}

/** Boxes of one line: tops and bottoms within a fifth of the line height (not a box joined to something above). */
function sameRows(a: PixelBox, b: PixelBox): boolean {
  const tolerance = Math.max(2, 0.2 * Math.min(a.height, b.height));
  return Math.abs(a.y - b.y) <= tolerance && Math.abs(a.y + a.height - (b.y + b.height)) <= tolerance;
}

/** The columns both boxes span: a word the detector missed on one sample is still read. */
/** Most of `inner` lies inside `outer`. */
function covered(inner: PixelBox, outer: PixelBox): boolean {
  const overlap = boxIntersection(inner, outer);
  return overlap.width > 0 && overlap.height > 0 && overlap.width * overlap.height >= 0.5 * inner.width * inner.height;
}

function columnsOf(a: PixelBox, b: PixelBox): { x: number; width: number } {
  const x = Math.min(a.x, b.x);
  return { x, width: Math.max(a.x + a.width, b.x + b.width) - x };
}
