// Average-linkage agglomerative clustering by the nearest-neighbour chain (O(n²) time, one n×n distance matrix),
// cut at a distance threshold and held within a minimum and maximum number of clusters.

export interface ClusterCut {
  /** Merging stops once the two nearest clusters are farther apart than this (mean distance of their members). */
  threshold: number;
  minClusters: number;
  maxClusters: number;
}

interface Merge {
  a: number;
  b: number;
  distance: number;
}

/** The full merge tree of `count` items (distance(i, j) symmetric, >= 0), merges in increasing distance. */
function averageLinkageMerges(count: number, distance: (i: number, j: number) => number): Merge[] {
  const matrix = new Float32Array(count * count);
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const value = distance(i, j);
      matrix[i * count + j] = value;
      matrix[j * count + i] = value;
    }
  }
  const size = new Int32Array(count).fill(1);
  const active = new Uint8Array(count).fill(1);
  const merges: Merge[] = [];
  const chain: number[] = [];
  let remaining = count;
  while (remaining > 1) {
    if (chain.length === 0) chain.push(active.indexOf(1));
    // Follow nearest neighbours until two clusters are each other's nearest: average linkage is reducible, so that
    // pair merges in the same tree the greedy closest-pair order would build.
    for (;;) {
      const x = chain[chain.length - 1];
      const previous = chain.length > 1 ? chain[chain.length - 2] : -1;
      let nearest = previous;
      let best = previous >= 0 ? matrix[x * count + previous] : Infinity;
      for (let y = 0; y < count; y++) {
        if (!active[y] || y === x) continue;
        const value = matrix[x * count + y];
        if (value < best) {
          best = value;
          nearest = y;
        }
      }
      if (nearest === previous) break;
      chain.push(nearest);
    }
    const b = chain.pop()!;
    const a = chain.pop()!;
    merges.push({ a, b, distance: matrix[a * count + b] });
    // Lance-Williams update for average linkage: the merged cluster lives on in slot a.
    for (let k = 0; k < count; k++) {
      if (!active[k] || k === a || k === b) continue;
      const value = (size[a] * matrix[a * count + k] + size[b] * matrix[b * count + k]) / (size[a] + size[b]);
      matrix[a * count + k] = value;
      matrix[k * count + a] = value;
    }
    size[a] += size[b];
    active[b] = 0;
    remaining--;
  }
  return merges.sort((left, right) => left.distance - right.distance);
}

/** A cluster number per item, 0-based, numbered in order of first item. */
export function clusterAverageLinkage(
  count: number,
  distance: (i: number, j: number) => number,
  cut: ClusterCut,
): number[] {
  if (count === 0) return [];
  const merges = averageLinkageMerges(count, distance);
  const byThreshold = count - merges.filter((merge) => merge.distance <= cut.threshold).length;
  const clusters = Math.min(count, Math.max(cut.minClusters, Math.min(cut.maxClusters, byThreshold)));
  const parent = Array.from({ length: count }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (const merge of merges.slice(0, count - clusters)) parent[root(merge.b)] = root(merge.a);
  const numbers = new Map<number, number>();
  return Array.from({ length: count }, (_, i) => {
    const key = root(i);
    if (!numbers.has(key)) numbers.set(key, numbers.size);
    return numbers.get(key)!;
  });
}
