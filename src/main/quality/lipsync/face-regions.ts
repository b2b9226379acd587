// Where the lip-synced face is on each output frame, from the track the faces stage followed through the reference:
// the quality check reads the face in the region around it only (cheaper than the whole frame, and it reads the face
// that was lip-synced, not a bystander's).
import type { Box, FaceLandmarks } from '../../engines/face/types.js';
import type { PixelBox } from '../../media/image/rgb-image.js';
import { referenceFrameFor } from '../../engines/lipsync/frame-schedule.js';

/**
 * The face box grown by this share of its size on every side: room for a picture's head sway, and the context the
 * detector needs (on a 640x360 result, the opening read with margin 1 correlated 0.76 with the loudness, with 0.5
 * 0.56, on the whole frame 0.61).
 */
export const REGION_MARGIN = 1;

/**
 * For each output frame, the face box in the reference frame it shows (the frame schedule's), in reference pixels.
 * Where the track lost the face, the nearest frame's box (the face may be hidden right there); null when the track
 * has no face at all (then the whole frame is read).
 */
export function faceBoxes(track: readonly (FaceLandmarks | null)[]): (outputFrame: number) => Box | null {
  const nearest = nearestBoxes(track);
  return (outputFrame) => nearest[referenceFrameFor(outputFrame, track.length)] ?? null;
}

/** The face box grown by REGION_MARGIN of its size on every side. */
export function regionAround(box: Box): PixelBox {
  return {
    x: box.x - box.width * REGION_MARGIN,
    y: box.y - box.height * REGION_MARGIN,
    width: box.width * (1 + 2 * REGION_MARGIN),
    height: box.height * (1 + 2 * REGION_MARGIN),
  };
}

/** Each frame's face box, or the box of the closest frame that has one (the earlier one on a tie). */
function nearestBoxes(track: readonly (FaceLandmarks | null)[]): (Box | null)[] {
  const previous: number[] = [];
  let last = -1;
  for (let index = 0; index < track.length; index++) {
    if (track[index]) last = index;
    previous.push(last);
  }
  const result: (Box | null)[] = new Array(track.length).fill(null);
  let following = -1;
  for (let index = track.length - 1; index >= 0; index--) {
    if (track[index]) following = index;
    const before = previous[index]!;
    const closest = before < 0 ? following : following < 0 || index - before <= following - index ? before : following;
    result[index] = closest < 0 ? null : track[closest]!.box;
  }
  return result;
}
