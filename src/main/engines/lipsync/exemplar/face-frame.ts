// A face's own coordinate frame, fixed by its eyes: origin between the eye centres, u towards the image-right eye,
// v down the face, one unit = the distance between the eyes. The eyes do not move when a person speaks, so the
// same mouth lands in the same place of this frame in every video frame (pure geometry).
import type { FaceLandmarks, Point } from '../../face/types.js';

export interface FaceFrame {
  origin: Point;
  /** Image pixels per unit along u (x, y) and along v (-y, x): rotation and scale in one vector. */
  axis: Point;
}

function centroid(points: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const point of points) {
    x += point.x;
    y += point.y;
  }
  return { x: x / points.length, y: y / points.length };
}

/** The frame of a face, or null when its eyes are missing or on top of each other. */
export function faceFrameOf(face: Pick<FaceLandmarks, 'leftEye' | 'rightEye'>): FaceFrame | null {
  if (face.leftEye.length === 0 || face.rightEye.length === 0) return null;
  const left = centroid(face.leftEye);
  const right = centroid(face.rightEye);
  const axis = { x: right.x - left.x, y: right.y - left.y };
  if (Math.hypot(axis.x, axis.y) < 2) return null;
  return { origin: { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 }, axis };
}

/** Pixels per face unit (the distance between the eyes). */
export function faceScale(frame: FaceFrame): number {
  return Math.hypot(frame.axis.x, frame.axis.y);
}

export function toFace(frame: FaceFrame, point: Point): Point {
  const dx = point.x - frame.origin.x;
  const dy = point.y - frame.origin.y;
  const s2 = frame.axis.x ** 2 + frame.axis.y ** 2;
  return { x: (dx * frame.axis.x + dy * frame.axis.y) / s2, y: (dy * frame.axis.x - dx * frame.axis.y) / s2 };
}

export function toImage(frame: FaceFrame, u: number, v: number): Point {
  return {
    x: frame.origin.x + u * frame.axis.x - v * frame.axis.y,
    y: frame.origin.y + u * frame.axis.y + v * frame.axis.x,
  };
}
