import { describe, expect, it } from 'vitest';
import { createRgbImage } from '../../src/main/media/image/rgb-image.js';
import {
  FACE_OUTPUT_FLOATS,
  FACES_INPUT_FLOATS,
  readFaceOutput,
  writeFacesInput,
} from '../../src/main/engines/lipsync/wav2lip/tensors.js';

const PLANE = 96 * 96;

function gradientCrop() {
  const crop = createRgbImage(96, 96);
  for (let p = 0; p < PLANE; p++) {
    crop.data[p * 3] = p % 256; // R
    crop.data[p * 3 + 1] = (p >> 3) % 256; // G
    crop.data[p * 3 + 2] = 255 - (p % 256); // B
  }
  return crop;
}

describe('precision model tensors', () => {
  it('feeds BGR planes 0..1: the crop with its lower half blanked, then the whole crop, in its batch slot', () => {
    const crop = gradientCrop();
    const faces = new Float32Array(3 * FACES_INPUT_FLOATS).fill(-1);
    writeFacesInput(crop, faces, 1);
    expect(faces[0]).toBe(-1);
    expect(faces[2 * FACES_INPUT_FLOATS]).toBe(-1);
    const base = FACES_INPUT_FLOATS;
    const upper = 10 * 96 + 7;
    const lower = 70 * 96 + 7;
    // Channel 0 is blue, 2 is red (OpenCV order); 3-5 the same, unmasked.
    expect(faces[base + upper]).toBeCloseTo(crop.data[upper * 3 + 2]! / 255, 6);
    expect(faces[base + PLANE + upper]).toBeCloseTo(crop.data[upper * 3 + 1]! / 255, 6);
    expect(faces[base + 2 * PLANE + upper]).toBeCloseTo(crop.data[upper * 3]! / 255, 6);
    for (let c = 0; c < 3; c++) expect(faces[base + c * PLANE + lower]).toBe(0);
    expect(faces[base + 3 * PLANE + lower]).toBeCloseTo(crop.data[lower * 3 + 2]! / 255, 6);
    expect(faces[base + 5 * PLANE + lower]).toBeCloseTo(crop.data[lower * 3]! / 255, 6);
    // The blanked part is exactly rows 48..95.
    expect(faces[base + 2 * PLANE + 47 * 96 + 95]).toBe(1);
    expect(faces[base + 48 * 96]).toBe(0);
  });

  it('reads a generated BGR face back as the RGB picture it was made from, clipping out-of-range values', () => {
    const crop = gradientCrop();
    const faces = new Float32Array(2 * FACES_INPUT_FLOATS);
    writeFacesInput(crop, faces, 1);
    // An identity "model": output slot 1 = the reference planes of input slot 1.
    const output = new Float32Array(2 * FACE_OUTPUT_FLOATS);
    output.set(faces.subarray(FACES_INPUT_FLOATS + 3 * PLANE, 2 * FACES_INPUT_FLOATS), FACE_OUTPUT_FLOATS);
    expect(Buffer.from(readFaceOutput(output, 1).data).equals(Buffer.from(crop.data))).toBe(true);
    output[FACE_OUTPUT_FLOATS] = 1.7;
    output[FACE_OUTPUT_FLOATS + 2 * PLANE] = -0.3;
    output[FACE_OUTPUT_FLOATS + PLANE] = Number.NaN;
    const clipped = readFaceOutput(output, 1);
    expect([clipped.data[0], clipped.data[1], clipped.data[2]]).toEqual([0, 0, 255]);
  });
});
