// Pure: picks the lip, eye, nose and jaw contours out of a 468-point MediaPipe face mesh.
import type { Box, FaceLandmarks, Point } from './types.js';

export const FACEMESH_POINT_COUNT = 468;

/** Mesh indices of each contour, in the order types.ts documents (MediaPipe's canonical face mesh topology). */
export const FACEMESH_CONTOURS = {
  mouthOuter: [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146],
  mouthInner: [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95],
  // MediaPipe names eyes from the subject's view, so its "right eye" is on the image's left.
  leftEye: [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7],
  rightEye: [362, 398, 384, 385, 386, 387, 388, 466, 263, 249, 390, 373, 374, 380, 381, 382],
  nose: [168, 6, 197, 195, 5, 4, 1, 2, 98, 327],
  jaw: [234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454],
} as const;

export type MeshPoint = readonly number[];

/**
 * Landmarks of one face from its mesh (x, y in pixels of the image the mesh was computed on), multiplied by
 * scaleX/scaleY into the caller's frame of width x height, which also clamps the box.
 */
export function landmarksFromMesh(
  mesh: readonly MeshPoint[],
  score: number,
  frame: { width: number; height: number; scaleX?: number; scaleY?: number },
): FaceLandmarks {
  if (mesh.length !== FACEMESH_POINT_COUNT) {
    throw new RangeError(`A face mesh has ${FACEMESH_POINT_COUNT} points, not ${mesh.length}.`);
  }
  const { scaleX = 1, scaleY = 1 } = frame;
  const at = (index: number): Point => ({ x: mesh[index][0] * scaleX, y: mesh[index][1] * scaleY });
  const pick = (indices: readonly number[]): Point[] => indices.map(at);
  return {
    box: boundingBox(
      mesh.map((_, index) => at(index)),
      frame.width,
      frame.height,
    ),
    score,
    mouthOuter: pick(FACEMESH_CONTOURS.mouthOuter),
    mouthInner: pick(FACEMESH_CONTOURS.mouthInner),
    leftEye: pick(FACEMESH_CONTOURS.leftEye),
    rightEye: pick(FACEMESH_CONTOURS.rightEye),
    nose: pick(FACEMESH_CONTOURS.nose),
    jaw: pick(FACEMESH_CONTOURS.jaw),
  };
}

/** Smallest box holding every point, clamped to the frame. */
export function boundingBox(points: readonly Point[], frameWidth: number, frameHeight: number): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const left = clamp(minX, 0, frameWidth);
  const top = clamp(minY, 0, frameHeight);
  return { x: left, y: top, width: clamp(maxX, 0, frameWidth) - left, height: clamp(maxY, 0, frameHeight) - top };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
