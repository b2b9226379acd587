// Pure: which of a frame's faces is the person being followed, by where the face was last seen, its size and its
// appearance; none when the person is not in view (hidden, or gone), so no bystander is taken for them.
import { appearanceSimilarity, type FaceAppearance } from './face-appearance.js';
import type { Box, FaceLandmarks } from './types.js';

/** A face found on a frame, with its appearance there (null where its pixels gave nothing to compare). */
export interface Sighting {
  face: FaceLandmarks;
  appearance: FaceAppearance | null;
}

export interface IdentityLimits {
  /** Larger over smaller face size (square root of the box area) beyond which two faces are not the same person. */
  maxSizeRatio: number;
  /** Centre shift from the last sighting, in the last face's sizes, within which a face is near enough. */
  nearShift: number;
  /** Appearance similarity a near face needs: rules out a bystander who stepped into the place. */
  nearSimilarity: number;
  /** Appearance similarity at which a face anywhere is the person again (they moved while hidden). */
  farSimilarity: number;
}

/**
 * Measured on the 22 faces of @vladmandic/face-api's six demo photos (test/integration/face-identity.test.ts): the same
 * face again, shrunk to 37 % and turned 5 degrees, reads 0.81 or more, with its mouth opened by the warp 0.97 or more;
 * two different people at most 0.80 (median 0.23; 8 % of the 231 pairs reach 0.6). Near the last sighting a loose bar
 * turns most bystanders away; away from it only a closer match than any two people reached counts.
 */
export const IDENTITY_LIMITS: IdentityLimits = {
  maxSizeRatio: 1.5,
  nearShift: 1,
  nearSimilarity: 0.6,
  farSimilarity: 0.9,
};

/**
 * The followed person among a frame's faces: the largest face when nobody is followed yet; otherwise the nearest face
 * of about the same size that is near the last sighting and looks alike, or looks very alike anywhere; null when none
 * is (the person is hidden or left the picture). Without an appearance to compare, position and size decide alone.
 */
export function followFace(
  candidates: readonly Sighting[],
  last: Sighting | null,
  limits: IdentityLimits = IDENTITY_LIMITS,
): Sighting | null {
  if (candidates.length === 0) return null;
  if (!last)
    return candidates.reduce((best, candidate) => (size(candidate.face.box) > size(best.face.box) ? candidate : best));
  let best: Sighting | null = null;
  let bestShift = Infinity;
  for (const candidate of candidates) {
    const ratio = size(candidate.face.box) / size(last.face.box);
    if (Math.max(ratio, 1 / ratio) > limits.maxSizeRatio) continue;
    const shift = faceShift(last.face.box, candidate.face.box);
    const similarity =
      candidate.appearance && last.appearance ? appearanceSimilarity(candidate.appearance, last.appearance) : null;
    const near = shift <= limits.nearShift && (similarity === null || similarity >= limits.nearSimilarity);
    const alike = similarity !== null && similarity >= limits.farSimilarity;
    if ((near || alike) && shift < bestShift) {
      best = candidate;
      bestShift = shift;
    }
  }
  return best;
}

/** How far the centre of `to` lies from the centre of `from`, in `from`'s sizes. */
export function faceShift(from: Box, to: Box): number {
  const dx = to.x + to.width / 2 - (from.x + from.width / 2);
  const dy = to.y + to.height / 2 - (from.y + from.height / 2);
  return Math.hypot(dx, dy) / Math.max(1, size(from));
}

function size(box: Box): number {
  return Math.sqrt(box.width * box.height);
}
