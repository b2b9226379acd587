// How the quality check reads the lip-synced face on each frame it samples. The face finder is half of a detection's
// cost, and the faces stage's track already says where the face is: so the finder frames the face once, and on later
// frames the landmark model alone reads it in that square, moved and scaled with the track. The finder's own square:
// in one made from the track's box the mesh read a close-up's openings otherwise (correlating 0.5 with the sound, not
// 0.8). Where the landmark model's own confidence says no face is there (hidden, gone), the whole detector looks
// around the face as before, so a hidden face still reads as none.
import type { Box, FaceDetector, FaceLandmarks, RgbFrame } from '../../engines/face/types.js';
import { clampBox, cropRgb, type RgbImage } from '../../media/image/rgb-image.js';
import { faceBoxes, regionAround } from './face-regions.js';
import { detectInRegion, type FaceReader } from './mouth-samples.js';

/** The finder's square for the followed face, and the track's face box on the frame it was found on. */
interface Anchor {
  square: Box;
  tracked: Box;
}

/**
 * Reads the followed face of `track` (faces per reference frame, in `trackSize` pixels) on the result's frames. The
 * landmarks come back in the pixels of the part read: the whole picture, or the region around the face.
 */
export function followedFaceReader(
  detector: FaceDetector,
  track: readonly (FaceLandmarks | null)[],
  trackSize: { width: number; height: number },
): FaceReader {
  const boxAt = faceBoxes(track);
  let anchor: Anchor | null = null;
  return async (picture, frame) => {
    const tracked = scaled(boxAt(frame), picture.width / trackSize.width, picture.height / trackSize.height);
    if (!tracked) return detectInRegion(detector, picture, null);
    const region = regionAround(tracked);
    if (detector.findFaces && detector.fitLandmarks) {
      anchor ??= await anchorOn(detector.findFaces.bind(detector), picture, region, tracked);
      const fitted = anchor && (await detector.fitLandmarks({ ...picture, channels: 3 }, carried(anchor, tracked)));
      if (fitted) return fitted;
    }
    const found = await detectInRegion(detector, picture, region);
    // The finder sees a face the square missed: the square was wrong, so the next frame is framed afresh.
    if (found) anchor = null;
    return found;
  };
}

/**
 * The finder's square around the tracked face, looked for in the region around it (as the detector looks) and given
 * in picture pixels; none when no square's centre is inside the tracked box (a bystander is not followed).
 */
async function anchorOn(
  findFaces: (frame: RgbFrame) => Promise<Box[]>,
  picture: RgbImage,
  region: Box,
  tracked: Box,
): Promise<Anchor | null> {
  const part = clampBox(region, picture.width, picture.height);
  if (part.width < 2 || part.height < 2) return null;
  const squares = await findFaces({ ...cropRgb(picture, part), channels: 3 });
  const square = squares
    .map((found) => ({ ...found, x: found.x + part.x, y: found.y + part.y }))
    .find((found) => inside(centre(found), tracked));
  return square ? { square, tracked } : null;
}

/**
 * The anchor's square where the face is now: kept at the same place from the track box's top left corner and scaled
 * with its width (its height changes as the jaw opens).
 */
function carried(anchor: Anchor, tracked: Box): Box {
  const scale = tracked.width / anchor.tracked.width;
  return {
    x: tracked.x + (anchor.square.x - anchor.tracked.x) * scale,
    y: tracked.y + (anchor.square.y - anchor.tracked.y) * scale,
    width: anchor.square.width * scale,
    height: anchor.square.height * scale,
  };
}

function scaled(box: Box | null, scaleX: number, scaleY: number): Box | null {
  return box && { x: box.x * scaleX, y: box.y * scaleY, width: box.width * scaleX, height: box.height * scaleY };
}

function centre(box: Box): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

function inside(point: { x: number; y: number }, box: Box): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}
