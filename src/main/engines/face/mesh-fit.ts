// The face mesh alone, on a square the caller already knows: what Human's detect does after its finder (crop the
// finder's square to the mesh's input, run it, gate on its face confidence), without the finder, which costs about
// 26 of a detection's 50 ms on a face's region.
import { FACEMESH_POINT_COUNT, landmarksFromMesh } from './facemesh-landmarks.js';
import type { TfGraphModel, TfTensor, Tfjs } from './human-package.js';
import type { Box, FaceLandmarks, RgbFrame } from './types.js';

/** The mesh's face confidence and its 468 points (x, y, z) in the pixels of its square input. */
const CONFIDENCE_VALUES = 1;
const MESH_VALUES = FACEMESH_POINT_COUNT * 3;

/** The landmarks of the face in `square`, or null unless the mesh's confidence in a face there is above `minConfidence`. */
export async function fitMesh(
  tf: Tfjs,
  mesh: TfGraphModel,
  frame: RgbFrame,
  square: Box,
  minConfidence: number,
): Promise<FaceLandmarks | null> {
  const inputSide = mesh.inputs[0]?.shape?.[2] ?? 192;
  const piece = pixelsUnder(frame, square);
  if (!piece) return null;
  const [confidence, points] = tf.tidy(() => {
    const pixels = tf.tensor4d(piece.data, [1, piece.height, piece.width, 3], 'int32');
    // The square relative to the piece copied: the parts outside the frame read black, as Human's own crop does.
    const box = [
      (square.y - piece.y) / piece.height,
      (square.x - piece.x) / piece.width,
      (square.y + square.height - piece.y) / piece.height,
      (square.x + square.width - piece.x) / piece.width,
    ];
    const input = tf.div(tf.image.cropAndResize(pixels, [box], [0], [inputSide, inputSide]), 255);
    const outputs = [mesh.execute(input)].flat();
    return [outputOfSize(outputs, CONFIDENCE_VALUES), outputOfSize(outputs, MESH_VALUES)];
  });
  try {
    const score = (await confidence.data())[0]!;
    if (!(score > minConfidence)) return null;
    const values = await points.data();
    const meshPoints = Array.from({ length: FACEMESH_POINT_COUNT }, (_, i) => [
      square.x + (values[3 * i]! * square.width) / inputSide,
      square.y + (values[3 * i + 1]! * square.height) / inputSide,
      values[3 * i + 2]!,
    ]);
    return landmarksFromMesh(meshPoints, score, { width: frame.width, height: frame.height });
  } finally {
    confidence.dispose();
    points.dispose();
  }
}

function outputOfSize(outputs: TfTensor[], size: number): TfTensor {
  const found = outputs.find((output) => output.shape[output.shape.length - 1] === size);
  if (!found) throw new Error(`The face mesh model gave no output of ${size} values.`);
  return found;
}

/** The frame's RGB pixels under the square (cut to the frame; alpha dropped), with where they start; null when none. */
function pixelsUnder(
  frame: RgbFrame,
  square: Box,
): { data: Uint8Array; x: number; y: number; width: number; height: number } | null {
  const x = Math.max(0, Math.floor(square.x));
  const y = Math.max(0, Math.floor(square.y));
  const width = Math.min(frame.width, Math.ceil(square.x + square.width)) - x;
  const height = Math.min(frame.height, Math.ceil(square.y + square.height)) - y;
  if (width < 2 || height < 2) return null;
  const data = new Uint8Array(width * height * 3);
  let at = 0;
  for (let row = y; row < y + height; row++) {
    for (
      let from = (row * frame.width + x) * frame.channels, end = from + width * frame.channels;
      from < end;
      from += frame.channels
    ) {
      data[at++] = frame.data[from]!;
      data[at++] = frame.data[from + 1]!;
      data[at++] = frame.data[from + 2]!;
    }
  }
  return { data, x, y, width, height };
}
