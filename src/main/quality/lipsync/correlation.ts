// Pearson correlation: how closely one series rises and falls with another.

/** Pearson correlation of two equally long series; NaN when either does not vary (or has fewer than 2 values). */
export function pearson(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError(`Series of ${a.length} and ${b.length} values cannot be correlated.`);
  const n = a.length;
  if (n < 2) return Number.NaN;
  // Measured from the first value (the correlation does not change), so a constant series has exactly no variance.
  const da = a.map((value) => value - a[0]!);
  const db = b.map((value) => value - b[0]!);
  const meanA = da.reduce((sum, value) => sum + value, 0) / n;
  const meanB = db.reduce((sum, value) => sum + value, 0) / n;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let i = 0; i < n; i++) {
    covariance += (da[i]! - meanA) * (db[i]! - meanB);
    varianceA += (da[i]! - meanA) ** 2;
    varianceB += (db[i]! - meanB) ** 2;
  }
  return varianceA > 0 && varianceB > 0 ? covariance / Math.sqrt(varianceA * varianceB) : Number.NaN;
}
