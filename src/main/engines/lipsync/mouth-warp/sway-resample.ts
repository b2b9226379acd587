// The sway's resampling (pure, hot: runs over the head's box every frame): Lanczos-3 in two passes, across then
// down, in fixed-point integers, each pixel moved by its own share of the head's inverse motion. applySway
// (idle-motion.ts) describes one frame's sway as a SwayResample; nothing here allocates per pixel.
import { LANCZOS3_TABLE, LANCZOS_PHASES, LANCZOS_TAPS } from '../../../media/image/lanczos.js';

/** log2 of LANCZOS_PHASES: a sample position in 1/64 px splits into its pixel and its phase by a shift. */
const PHASE_BITS = Math.log2(LANCZOS_PHASES);

/** The buffer the sway's first pass writes (pixel values x 128), kept between frames (a job's frame size never changes). */
let scratch = new Int32Array(0);
/** The Lanczos weights in fixed point, x 4096: integer arithmetic is the cheapest V8 offers per pixel. */
const WEIGHTS = Int32Array.from(LANCZOS3_TABLE, (weight) => Math.round(weight * 4096));

/** One frame's sway, in the sway box's coordinates (sizes and offsets as small integers where they are counts). */
export interface SwayResample {
  /** The box's pixels before the sway: RGB rows of `width` pixels. */
  src: Uint8Array;
  /** The whole frame's pixels, rewritten inside the box where the head moves. */
  out: Uint8Array;
  frameWidth: number;
  boxX: number;
  boxY: number;
  width: number;
  height: number;
  /** The sway's share per column and per row of the box: 0 on its border, 1 over the face. */
  wx: Float32Array;
  wy: Float32Array;
  /** The tilt's rotation. */
  cos: number;
  sin: number;
  /** The pivot moved by the shift, and the pivot: inverse motion q = pivot + R(-angle) (p - shift - pivot). */
  ox: number;
  oy: number;
  px: number;
  py: number;
}

/** Draws the swayed head into `warp.out`: the first pass into a buffer kept between frames, the second into the frame. */
export function resampleSway(warp: SwayResample): void {
  const length = warp.width * warp.height * 3;
  if (scratch.length < length) scratch = new Int32Array(length);
  resampleAcross(warp, scratch);
  resampleDown(warp, scratch);
}

/** Pass 1, across: every pixel of the box (the second pass reads rows the ramp leaves in place too). */
function resampleAcross(warp: SwayResample, across: Int32Array): void {
  const { src, wx, wy, cos, sin, ox, oy, px } = warp;
  const bw = warp.width;
  const bh = warp.height;
  const maxX = bw - 1;
  const table = WEIGHTS;
  for (let row = 0; row < bh; row++) {
    const wRow = wy[row];
    const qx0 = px - cos * ox + sin * (row - oy);
    const rowStart = (row * bw * 3) | 0;
    let a = rowStart;
    for (let col = 0; col < bw; col++, a += 3) {
      const w = wx[col] * wRow;
      if (w <= 0) {
        across[a] = src[a] << 7;
        across[a + 1] = src[a + 1] << 7;
        across[a + 2] = src[a + 2] << 7;
        continue;
      }
      const sx = col + w * (qx0 + cos * col - col);
      const fx = (sx * LANCZOS_PHASES + 0.5) | 0;
      const x0 = (fx >> PHASE_BITS) - 2;
      const t = (fx & (LANCZOS_PHASES - 1)) * LANCZOS_TAPS;
      if (x0 >= 0 && x0 + 5 <= maxX) {
        // The whole interior: six taps, unrolled, no clamping.
        const i = rowStart + x0 * 3;
        const w0 = table[t],
          w1 = table[t + 1],
          w2 = table[t + 2],
          w3 = table[t + 3],
          w4 = table[t + 4],
          w5 = table[t + 5];
        across[a] =
          (src[i] * w0 +
            src[i + 3] * w1 +
            src[i + 6] * w2 +
            src[i + 9] * w3 +
            src[i + 12] * w4 +
            src[i + 15] * w5 +
            16) >>
          5;
        across[a + 1] =
          (src[i + 1] * w0 +
            src[i + 4] * w1 +
            src[i + 7] * w2 +
            src[i + 10] * w3 +
            src[i + 13] * w4 +
            src[i + 16] * w5 +
            16) >>
          5;
        across[a + 2] =
          (src[i + 2] * w0 +
            src[i + 5] * w1 +
            src[i + 8] * w2 +
            src[i + 11] * w3 +
            src[i + 14] * w4 +
            src[i + 17] * w5 +
            16) >>
          5;
        continue;
      }
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < LANCZOS_TAPS; k++) {
        let x = x0 + k;
        x = x < 0 ? 0 : x > maxX ? maxX : x;
        const i = rowStart + x * 3;
        const weight = table[t + k];
        r += src[i] * weight;
        g += src[i + 1] * weight;
        b += src[i + 2] * weight;
      }
      across[a] = (r + 16) >> 5;
      across[a + 1] = (g + 16) >> 5;
      across[a + 2] = (b + 16) >> 5;
    }
  }
}

/** Pass 2, down, only where the head moves: the frame keeps its own pixels elsewhere. */
function resampleDown(warp: SwayResample, across: Int32Array): void {
  const { out, wx, wy, cos, sin, ox, oy, py, frameWidth, boxX, boxY } = warp;
  const bw = warp.width;
  const bh = warp.height;
  const maxY = bh - 1;
  const table = WEIGHTS;
  const stride = bw * 3;
  for (let row = 0; row < bh; row++) {
    const wRow = wy[row];
    if (wRow <= 0) continue;
    const qy0 = py + sin * ox + cos * (row - oy);
    let f = (((boxY + row) * frameWidth + boxX) * 3) | 0;
    for (let col = 0; col < bw; col++, f += 3) {
      const w = wx[col] * wRow;
      if (w <= 0) continue;
      const sy = row + w * (qy0 - sin * col - row);
      const fy = (sy * LANCZOS_PHASES + 0.5) | 0;
      const y0 = (fy >> PHASE_BITS) - 2;
      const t = (fy & (LANCZOS_PHASES - 1)) * LANCZOS_TAPS;
      let r = 0;
      let g = 0;
      let b = 0;
      if (y0 >= 0 && y0 + 5 <= maxY) {
        const i = y0 * stride + col * 3;
        const w0 = table[t],
          w1 = table[t + 1],
          w2 = table[t + 2],
          w3 = table[t + 3],
          w4 = table[t + 4],
          w5 = table[t + 5];
        r =
          across[i] * w0 +
          across[i + stride] * w1 +
          across[i + 2 * stride] * w2 +
          across[i + 3 * stride] * w3 +
          across[i + 4 * stride] * w4 +
          across[i + 5 * stride] * w5;
        g =
          across[i + 1] * w0 +
          across[i + 1 + stride] * w1 +
          across[i + 1 + 2 * stride] * w2 +
          across[i + 1 + 3 * stride] * w3 +
          across[i + 1 + 4 * stride] * w4 +
          across[i + 1 + 5 * stride] * w5;
        b =
          across[i + 2] * w0 +
          across[i + 2 + stride] * w1 +
          across[i + 2 + 2 * stride] * w2 +
          across[i + 2 + 3 * stride] * w3 +
          across[i + 2 + 4 * stride] * w4 +
          across[i + 2 + 5 * stride] * w5;
      } else {
        for (let k = 0; k < LANCZOS_TAPS; k++) {
          let y = y0 + k;
          y = y < 0 ? 0 : y > maxY ? maxY : y;
          const i = y * stride + col * 3;
          const weight = table[t + k];
          r += across[i] * weight;
          g += across[i + 1] * weight;
          b += across[i + 2] * weight;
        }
      }
      // Back from x 128 x 4096; Lanczos overshoots a little at hard edges, so clamp to the 8-bit range.
      r = (r + (1 << 18)) >> 19;
      g = (g + (1 << 18)) >> 19;
      b = (b + (1 << 18)) >> 19;
      out[f] = r < 0 ? 0 : r > 255 ? 255 : r;
      out[f + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
      out[f + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
    }
  }
}
