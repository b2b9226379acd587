// Where the face is in every reference frame, steady enough to paste a mouth on: the path the eye region really
// moved (region-shift.ts, to a hundredth of a pixel), pulled slowly towards the detected landmarks so it never
// drifts. Landmarks alone shiver by about a pixel from frame to frame; a pasted mouth would shiver with them.
import type { FaceLandmarks } from '../../face/types.js';
import { regionShift, type GreyFrame } from '../../../media/image/region-shift.js';
import type { PixelBox } from '../../../media/image/rgb-image.js';
import { faceFrameOf, toImage, type FaceFrame } from './face-frame.js';

/** The followed region in face units: eyes, brows and the top of the nose, which do not move when someone speaks. */
const EYE_REGION = { minU: -1, maxU: 1, minV: -0.55, maxV: 0.3 };
/** Frames either side over which the landmarks correct the followed path (0.5 s at 25 fps): only drift is corrected. */
const CORRECTION_RADIUS = 12;
/** Frames either side over which the face's size and tilt are averaged: they change slowly. */
const AXIS_RADIUS = 8;

function regionBox(frame: FaceFrame, width: number, height: number): PixelBox {
  const corners = [
    [EYE_REGION.minU, EYE_REGION.minV],
    [EYE_REGION.maxU, EYE_REGION.minV],
    [EYE_REGION.minU, EYE_REGION.maxV],
    [EYE_REGION.maxU, EYE_REGION.maxV],
  ].map(([u, v]) => toImage(frame, u!, v!));
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))));
  const x1 = Math.min(width, Math.ceil(Math.max(...corners.map((p) => p.x))));
  const y1 = Math.min(height, Math.ceil(Math.max(...corners.map((p) => p.y))));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/**
 * How the eye region moved from each frame to the next (entry t: from t-1 to t; null where a face is missing or
 * the region cannot be followed), reading the reference's grey frames once, in order.
 */
export async function followEyeRegion(
  track: readonly (FaceLandmarks | null)[],
  frames: AsyncIterable<GreyFrame>,
): Promise<({ dx: number; dy: number } | null)[]> {
  const detected = track.map((face) => (face ? faceFrameOf(face) : null));
  const shifts: ({ dx: number; dy: number } | null)[] = [];
  let previous: GreyFrame | undefined;
  let index = 0;
  for await (const frame of frames) {
    if (index >= track.length) break;
    const before = detected[index - 1];
    const now = detected[index];
    if (!previous || !before || !now) {
      shifts.push(null);
    } else {
      // The search starts from the last motion (heads move smoothly); the landmarks shiver too much to start from.
      const guess = shifts[index - 1] ?? { dx: 0, dy: 0 };
      shifts.push(regionShift(previous, frame, regionBox(before, frame.width, frame.height), guess, 6));
    }
    previous = { data: Uint8Array.from(frame.data), width: frame.width, height: frame.height };
    index++;
  }
  while (shifts.length < track.length) shifts.push(null);
  return shifts;
}

/** The mean of `values` over the window of `radius` around each index, within [from, to]. */
function windowMeans(values: readonly number[], from: number, to: number, radius: number): number[] {
  const means: number[] = [];
  for (let t = from; t <= to; t++) {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(from, t - radius); k <= Math.min(to, t + radius); k++) {
      sum += values[k - from]!;
      count++;
    }
    means.push(sum / count);
  }
  return means;
}

/**
 * The steady face frame of every frame: within each run of frames the region was followed through, the followed
 * path plus the landmarks' average offset from it; size and tilt averaged over a few frames. Null without a face.
 */
export function fuseFacePath(
  track: readonly (FaceLandmarks | null)[],
  shifts: readonly ({ dx: number; dy: number } | null)[],
): (FaceFrame | null)[] {
  const detected = track.map((face) => (face ? faceFrameOf(face) : null));
  const fused: (FaceFrame | null)[] = detected.map(() => null);
  let start = 0;
  while (start < detected.length) {
    if (!detected[start]) {
      start++;
      continue;
    }
    // A run: consecutive frames with a face, each followed from the one before.
    let end = start;
    while (end + 1 < detected.length && detected[end + 1] && shifts[end + 1]) end++;
    const path: { x: number; y: number }[] = [{ x: 0, y: 0 }];
    for (let t = start + 1; t <= end; t++)
      path.push({ x: path[t - start - 1]!.x + shifts[t]!.dx, y: path[t - start - 1]!.y + shifts[t]!.dy });
    const run = detected.slice(start, end + 1) as FaceFrame[];
    const offsetX = windowMeans(
      run.map((frame, k) => frame.origin.x - path[k]!.x),
      start,
      end,
      CORRECTION_RADIUS,
    );
    const offsetY = windowMeans(
      run.map((frame, k) => frame.origin.y - path[k]!.y),
      start,
      end,
      CORRECTION_RADIUS,
    );
    const axisX = windowMeans(
      run.map((frame) => frame.axis.x),
      start,
      end,
      AXIS_RADIUS,
    );
    const axisY = windowMeans(
      run.map((frame) => frame.axis.y),
      start,
      end,
      AXIS_RADIUS,
    );
    for (let k = 0; k <= end - start; k++) {
      fused[start + k] = {
        origin: { x: path[k]!.x + offsetX[k]!, y: path[k]!.y + offsetY[k]! },
        axis: { x: axisX[k]!, y: axisY[k]! },
      };
    }
    start = end + 1;
  }
  return fused;
}
