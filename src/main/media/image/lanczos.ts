// Lanczos-3 interpolation weights, tabulated: resampling by a fraction of a pixel keeps fine detail (skin texture,
// lashes) that bilinear interpolation halves.

/** Sub-pixel positions tabulated per pixel: 1/64 px is below what an 8-bit picture can show. */
export const LANCZOS_PHASES = 64;
/** Pixels each weight row covers: from 2 before the sample's pixel to 3 after it. */
export const LANCZOS_TAPS = 6;

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (x <= -3 || x >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
}

/**
 * Row p holds the weights for a sample p/64 px past pixel x0, of pixels x0-2 .. x0+3; each row sums to 1, so flat
 * areas stay exactly flat.
 */
export const LANCZOS3_TABLE: Float32Array = (() => {
  const table = new Float32Array(LANCZOS_PHASES * LANCZOS_TAPS);
  for (let phase = 0; phase < LANCZOS_PHASES; phase++) {
    const frac = phase / LANCZOS_PHASES;
    let sum = 0;
    for (let k = 0; k < LANCZOS_TAPS; k++) sum += lanczos3(frac - (k - 2));
    for (let k = 0; k < LANCZOS_TAPS; k++) table[phase * LANCZOS_TAPS + k] = lanczos3(frac - (k - 2)) / sum;
  }
  return table;
})();
