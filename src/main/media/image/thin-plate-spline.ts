// A 2-D thin-plate spline: the smoothest displacement field (least bending) that takes given values at given sites.
import type { Point } from './rgb-image.js';

export interface ThinPlateSpline {
  /** Displacement (dx, dy) at (x, y), written into out[0], out[1]. */
  evaluate(x: number, y: number, out: Float64Array): void;
}

export interface SplineOptions {
  /** Ridge on the kernel diagonal: > 0 trades exactness at the sites for calm between close sites. */
  smoothing?: number;
}

/** r^2 log r^2 (the TPS kernel up to a factor), with 0 at r = 0. */
function kernel(r2: number): number {
  return r2 > 1e-12 ? r2 * Math.log(r2) : 0;
}

/**
 * Fits the spline with f(sites[i]) = values[i] (exactly when smoothing is 0).
 * Coordinates are normalised internally so the system stays well conditioned for any pixel scale.
 */
export function fitThinPlateSpline(
  sites: readonly Point[],
  values: readonly Point[],
  options: SplineOptions = {},
): ThinPlateSpline {
  const n = sites.length;
  if (n !== values.length)
    throw new Error(`A thin-plate spline needs one value per site (${n} sites, ${values.length} values).`);
  if (n < 3) throw new Error('A thin-plate spline needs at least 3 sites.');
  let cx = 0;
  let cy = 0;
  for (const s of sites) {
    cx += s.x;
    cy += s.y;
  }
  cx /= n;
  cy /= n;
  let scale = 0;
  for (const s of sites) scale = Math.max(scale, Math.abs(s.x - cx), Math.abs(s.y - cy));
  scale = scale > 0 ? scale : 1;
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    sx[i] = (sites[i].x - cx) / scale;
    sy[i] = (sites[i].y - cy) / scale;
  }

  const size = n + 3;
  // Augmented matrix [A | bx | by], row-major, size x (size + 2).
  const cols = size + 2;
  const m = new Float64Array(size * cols);
  const ridge = options.smoothing ?? 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dx = sx[i] - sx[j];
      const dy = sy[i] - sy[j];
      m[i * cols + j] = kernel(dx * dx + dy * dy) + (i === j ? ridge : 0);
    }
    m[i * cols + n] = 1;
    m[i * cols + n + 1] = sx[i];
    m[i * cols + n + 2] = sy[i];
    m[n * cols + i] = 1;
    m[(n + 1) * cols + i] = sx[i];
    m[(n + 2) * cols + i] = sy[i];
    m[i * cols + size] = values[i].x;
    m[i * cols + size + 1] = values[i].y;
  }
  solveInPlace(m, size, cols);

  const wx = new Float64Array(n);
  const wy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    wx[i] = m[i * cols + size];
    wy[i] = m[i * cols + size + 1];
  }
  const ax = [m[n * cols + size], m[(n + 1) * cols + size], m[(n + 2) * cols + size]];
  const ay = [m[n * cols + size + 1], m[(n + 1) * cols + size + 1], m[(n + 2) * cols + size + 1]];

  return {
    evaluate(x, y, out) {
      const px = (x - cx) / scale;
      const py = (y - cy) / scale;
      let fx = ax[0] + ax[1] * px + ax[2] * py;
      let fy = ay[0] + ay[1] * px + ay[2] * py;
      for (let i = 0; i < n; i++) {
        const dx = px - sx[i];
        const dy = py - sy[i];
        const u = kernel(dx * dx + dy * dy);
        fx += wx[i] * u;
        fy += wy[i] * u;
      }
      out[0] = fx;
      out[1] = fy;
    },
  };
}

/** Gauss-Jordan elimination with partial pivoting; the solution replaces the right-hand columns. */
function solveInPlace(m: Float64Array, size: number, cols: number): void {
  for (let col = 0; col < size; col++) {
    let pivot = col;
    for (let row = col + 1; row < size; row++) {
      if (Math.abs(m[row * cols + col]) > Math.abs(m[pivot * cols + col])) pivot = row;
    }
    const pivotValue = m[pivot * cols + col];
    if (Math.abs(pivotValue) < 1e-12)
      throw new Error('Thin-plate spline sites are degenerate (all on one line or repeated).');
    if (pivot !== col) {
      for (let k = 0; k < cols; k++) {
        const t = m[col * cols + k];
        m[col * cols + k] = m[pivot * cols + k];
        m[pivot * cols + k] = t;
      }
    }
    for (let k = col; k < cols; k++) m[col * cols + k] /= pivotValue;
    for (let row = 0; row < size; row++) {
      if (row === col) continue;
      const factor = m[row * cols + col];
      if (factor === 0) continue;
      for (let k = col; k < cols; k++) m[row * cols + k] -= factor * m[col * cols + k];
    }
  }
}
