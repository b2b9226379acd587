// Pure: the square face crop a Wav2Lip-class generator sees, from the tracked face box of each frame.
import type { Box, FaceLandmarks } from '../../face/types.js';
import type { PixelBox } from '../../../media/image/rgb-image.js';

/** Side of the square crops the generator takes and returns. */
export const FACE_CROP_SIZE = 96;
/**
 * Wav2Lip's inference pads the detected box by [top 0, bottom 10, left 0, right 0] px so the chin is inside; its
 * crops are about 96 px tall, so the bottom grows by 10/96 of the face's height here at any resolution.
 */
export const BOTTOM_PAD_FRACTION = 10 / 96;
/** Wav2Lip averages boxes over 5 frames so the crop does not jitter with the detector. */
export const BOX_SMOOTHING_FRAMES = 5;

interface SquareBox {
  centreX: number;
  top: number;
  side: number;
}

/** The face box grown at the bottom, then widened (around its centre) to a square. */
function paddedSquare(face: Box): SquareBox {
  const height = face.height * (1 + BOTTOM_PAD_FRACTION);
  return { centreX: face.x + face.width / 2, top: face.y, side: Math.max(height, face.width) };
}

/** Whole pixels, inside the frame: moved in from an edge rather than cut, so the crop stays square. */
function fitInFrame(square: SquareBox, frameWidth: number, frameHeight: number): PixelBox {
  // An even side puts the generator's masked half exactly on whole rows of the box.
  const side = 2 * Math.max(1, Math.floor(Math.min(Math.round(square.side), frameWidth, frameHeight) / 2));
  const x = Math.min(frameWidth - side, Math.max(0, Math.round(square.centreX - side / 2)));
  const y = Math.min(frameHeight - side, Math.max(0, Math.round(square.top)));
  return { x, y, width: side, height: side };
}

/** One frame's crop box from its face box. */
export function faceCropBox(face: Box, frameWidth: number, frameHeight: number): PixelBox {
  return fitInFrame(paddedSquare(face), frameWidth, frameHeight);
}

/**
 * Crop boxes for a face track (null where a frame has no face), each the mean of up to `window` neighbouring
 * squares centred on it; a gap without a face splits the averaging, so a box never drifts towards a lost face.
 */
export function cropBoxesForTrack(
  track: readonly (Pick<FaceLandmarks, 'box'> | null)[],
  frameWidth: number,
  frameHeight: number,
  window = BOX_SMOOTHING_FRAMES,
): (PixelBox | null)[] {
  const squares = track.map((face) => (face ? paddedSquare(face.box) : null));
  const half = Math.floor(window / 2);
  return squares.map((square, index) => {
    if (!square) return null;
    let centreX = 0;
    let top = 0;
    let side = 0;
    let count = 0;
    for (let k = index; k >= Math.max(0, index - half) && squares[k]; k--) {
      ({ centreX, top, side, count } = add(squares[k]!, { centreX, top, side, count }));
    }
    for (let k = index + 1; k <= Math.min(squares.length - 1, index + half) && squares[k]; k++) {
      ({ centreX, top, side, count } = add(squares[k]!, { centreX, top, side, count }));
    }
    return fitInFrame({ centreX: centreX / count, top: top / count, side: side / count }, frameWidth, frameHeight);
  });
}

function add(square: SquareBox, sum: SquareBox & { count: number }): SquareBox & { count: number } {
  return {
    centreX: sum.centreX + square.centreX,
    top: sum.top + square.top,
    side: sum.side + square.side,
    count: sum.count + 1,
  };
}
