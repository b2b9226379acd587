// Pure: packing face crops and mel windows into a Wav2Lip-class generator's tensors, and unpacking its faces.
// Layout as Wav2Lip's inference.py and the public ONNX exports (facefusion's wav2lip_gan_96): channels are B, G, R
// because both were trained and are fed with OpenCV frames, which are BGR; values 0..1; NCHW.
import { createRgbImage, type RgbImage } from '../../../media/image/rgb-image.js';
import { WAV2LIP_MEL_BANDS, WAV2LIP_MEL_WINDOW } from '../../../media/dsp/mel.js';

/** Side of the square face crops Wav2Lip takes and draws. */
export const WAV2LIP_CROP_SIZE = 96;
const PLANE = WAV2LIP_CROP_SIZE * WAV2LIP_CROP_SIZE;
/** Floats of one frame's `faces` input: masked crop (3 planes) then the reference crop (3 planes). */
export const FACES_INPUT_FLOATS = 6 * PLANE;
/** Floats of one frame's `mel` input [1, 80, 16]. */
export const MEL_INPUT_FLOATS = WAV2LIP_MEL_BANDS * WAV2LIP_MEL_WINDOW;
/** Floats of one generated face [3, 96, 96]. */
export const FACE_OUTPUT_FLOATS = 3 * PLANE;
/** Rows from here down are blanked in the masked half of the input: the generator draws the lower face anew. */
export const MASKED_FROM_ROW = WAV2LIP_CROP_SIZE / 2;

/**
 * Writes one 96x96 RGB crop as slot `slot` of a [N, 6, 96, 96] `faces` buffer: channels 0-2 the crop in BGR with
 * its lower half zero (what to draw), channels 3-5 the same crop whole (what the face looks like).
 */
export function writeFacesInput(crop: RgbImage, faces: Float32Array, slot: number): void {
  if (crop.width !== WAV2LIP_CROP_SIZE || crop.height !== WAV2LIP_CROP_SIZE)
    throw new Error(`A face crop must be ${WAV2LIP_CROP_SIZE}x${WAV2LIP_CROP_SIZE}, not ${crop.width}x${crop.height}.`);
  const base = slot * FACES_INPUT_FLOATS;
  const masked = MASKED_FROM_ROW * WAV2LIP_CROP_SIZE;
  const { data } = crop;
  for (let p = 0; p < PLANE; p++) {
    const i = p * 3;
    const b = data[i + 2] / 255;
    const g = data[i + 1] / 255;
    const r = data[i] / 255;
    const keep = p < masked;
    faces[base + p] = keep ? b : 0;
    faces[base + PLANE + p] = keep ? g : 0;
    faces[base + 2 * PLANE + p] = keep ? r : 0;
    faces[base + 3 * PLANE + p] = b;
    faces[base + 4 * PLANE + p] = g;
    faces[base + 5 * PLANE + p] = r;
  }
}

/** Slot `slot` of a [N, 3, 96, 96] BGR output in 0..1 as a packed RGB crop (clipped, rounded). */
export function readFaceOutput(output: Float32Array, slot: number, into?: RgbImage): RgbImage {
  const image = into ?? createRgbImage(WAV2LIP_CROP_SIZE, WAV2LIP_CROP_SIZE);
  const base = slot * FACE_OUTPUT_FLOATS;
  const { data } = image;
  for (let p = 0; p < PLANE; p++) {
    const i = p * 3;
    data[i] = toByte(output[base + 2 * PLANE + p]);
    data[i + 1] = toByte(output[base + PLANE + p]);
    data[i + 2] = toByte(output[base + p]);
  }
  return image;
}

function toByte(value: number): number {
  // NaN from a broken model becomes black rather than garbage.
  if (!(value > 0)) return 0;
  return value >= 1 ? 255 : Math.round(value * 255);
}
