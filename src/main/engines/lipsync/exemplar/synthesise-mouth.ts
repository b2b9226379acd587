// Opens (or closes) a bank mouth beyond what the reference showed, with the mouth warp of standard_v1: its lips are
// the bank frame's own lip landmarks, steadied over the frames around it and carried into this frame through the face
// frames, so the warp moves the very lips shown there (the frame's own, or a pasted one), tinted from their colours
// (reusing their teeth if they show).
import type { FaceLandmarks, Point } from '../../face/types.js';
import type { RgbImage } from '../../../media/image/rgb-image.js';
import { applyMouthShape } from '../mouth-warp/mouth-warp.js';
import { describeMouth, type MouthContours } from '../mouth-shape.js';
import { toFace, toImage, type FaceFrame } from './face-frame.js';
import type { SynthesisRequest } from './mouth-sources.js';

/**
 * The lips of reference frame `frame` in face units, averaged point for point over the frames within `radius` of it:
 * the detector's lips shiver from frame to frame, and a warp driven by a shivering lip line shivers with it (standard_v1
 * smooths its track for the same reason). Null when the frame has no measured face.
 */
export function steadyLipsInFace(
  frame: number,
  track: readonly (Pick<FaceLandmarks, 'mouthOuter' | 'mouthInner'> | null)[],
  faceFrames: readonly (FaceFrame | null)[],
  radius: number,
): MouthContours | null {
  const centre = track[frame];
  if (!centre || !faceFrames[frame]) return null;
  const outer = centre.mouthOuter.map(() => ({ x: 0, y: 0 }));
  const inner = centre.mouthInner.map(() => ({ x: 0, y: 0 }));
  let count = 0;
  for (let k = Math.max(0, frame - radius); k <= Math.min(track.length - 1, frame + radius); k++) {
    const face = track[k];
    const faceFrame = faceFrames[k];
    if (!face || !faceFrame || face.mouthOuter.length !== outer.length || face.mouthInner.length !== inner.length)
      continue;
    const add = (into: Point[], points: readonly Point[]) =>
      points.forEach((point, i) => {
        const inFace = toFace(faceFrame, point);
        into[i]!.x += inFace.x;
        into[i]!.y += inFace.y;
      });
    add(outer, face.mouthOuter);
    add(inner, face.mouthInner);
    count++;
  }
  const mean = (point: Point) => ({ x: point.x / count, y: point.y / count });
  return { outer: outer.map(mean), inner: inner.map(mean) };
}

/** Lips in face units placed on the face frame of the frame they were pasted on. */
export function lipsOnFace(lips: MouthContours, pastedOn: FaceFrame): MouthContours {
  const place = (point: Point) => toImage(pastedOn, point.x, point.y);
  return { outer: lips.outer.map(place), inner: lips.inner.map(place) };
}

/** Warps the mouth (lips `lips`) in `frame` to the requested shape; false when its lips cannot be measured. */
export function synthesiseMouth(frame: RgbImage, lips: MouthContours, request: SynthesisRequest): boolean {
  try {
    describeMouth(lips);
  } catch {
    return false;
  }
  applyMouthShape(frame, lips, request);
  return true;
}
