// Whether two clusters of lines are reliably different voices: a Fisher ratio, the squared distance between the
// clusters' centres over the spread of lines within them. Clusters that fail it are merged, and decisions near the
// margin are reported as uncertain (docs/models.md, "Built-in speaker clustering").

/**
 * Cut one speaker's (roughly normal) spread of lines at its middle and the halves' centres lie 2·√(2/π) spreads of
 * the whole apart, each half keeping √(1 − 2/π) of it: a Fisher ratio of (8/π)/(1 − 2/π) ≈ 7.0. Below that, one
 * voice explains the difference (the Duda–Hart argument for splitting a cluster in two).
 */
export const SEPARATION_MARGIN = 8 / Math.PI / (1 - 2 / Math.PI);
/** Decisions within this factor of the margin either way are reported as uncertain. */
export const UNCERTAIN_FACTOR = 2;

export interface SeparationOptions {
  /** Variance of one speaker's lines about their centre (squared-distance units), the floor of the measured one. */
  floorVariance: number;
  minClusters: number;
  maxClusters: number;
  margin?: number;
}

/** A decision near the margin: the items of the smaller cluster, and how far apart the two clusters were. */
export interface UncertainDecision {
  items: number[];
  /** Fisher ratio of the two clusters (squared centre distance over within spread). */
  ratio: number;
  /** True: merged though fairly different; false: kept apart though fairly alike. */
  merged: boolean;
}

interface Group {
  items: number[];
  /** Sum of squared distances over ordered pairs inside the group. */
  inner: number;
}

/**
 * Merges the closest pair of clusters while their Fisher ratio is under the margin (or while there are more than
 * maxClusters), never below minClusters. `distance2` is a squared distance; `labels` numbers clusters 0..k-1.
 */
export function mergeUnseparated(
  labels: readonly number[],
  distance2: (i: number, j: number) => number,
  options: SeparationOptions,
): { labels: number[]; uncertain: UncertainDecision[] } {
  const margin = options.margin ?? SEPARATION_MARGIN;
  const clusters = Math.max(0, ...labels.map((label) => label + 1));
  const groups: Group[] = Array.from({ length: clusters }, () => ({ items: [], inner: 0 }));
  labels.forEach((label, item) => groups[label].items.push(item));
  // Between-sums of every cluster pair, in one pass over the item pairs (k is small: at most maxClusters + a few).
  const between = Array.from({ length: clusters }, () => new Float64Array(clusters));
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const value = distance2(i, j);
      if (labels[i] === labels[j]) groups[labels[i]].inner += 2 * value;
      else {
        between[labels[i]][labels[j]] += value;
        between[labels[j]][labels[i]] += value;
      }
    }
  }
  const alive = new Set(groups.map((_, index) => index).filter((index) => groups[index].items.length > 0));
  const ratio = (a: number, b: number) => fisherRatio(groups[a], groups[b], between[a][b], options.floorVariance);
  const uncertain: UncertainDecision[] = [];
  const smaller = (a: number, b: number) =>
    (groups[a].items.length <= groups[b].items.length ? groups[a] : groups[b]).items.slice();
  for (;;) {
    const closest = closestPair(alive, ratio);
    if (!closest) break;
    const mustMerge = alive.size > options.maxClusters;
    const mayMerge = alive.size > options.minClusters;
    if (!mustMerge && (!mayMerge || closest.ratio >= margin)) {
      if (closest.ratio < margin * UNCERTAIN_FACTOR)
        uncertain.push({ items: smaller(closest.a, closest.b), ratio: closest.ratio, merged: false });
      break;
    }
    if (closest.ratio >= margin / UNCERTAIN_FACTOR)
      uncertain.push({ items: smaller(closest.a, closest.b), ratio: closest.ratio, merged: true });
    const { a, b } = closest;
    groups[a] = {
      items: [...groups[a].items, ...groups[b].items],
      inner: groups[a].inner + groups[b].inner + 2 * between[a][b],
    };
    alive.delete(b);
    for (const other of alive) {
      if (other === a) continue;
      between[a][other] += between[b][other];
      between[other][a] = between[a][other];
    }
  }
  const numbers = new Map<number, number>();
  const merged = new Array<number>(labels.length);
  for (const index of alive) {
    numbers.set(index, numbers.size);
    for (const item of groups[index].items) merged[item] = numbers.get(index)!;
  }
  return { labels: merged, uncertain };
}

/** Squared distance of the centres over the pooled within-cluster variance (never under the floor). */
function fisherRatio(a: Group, b: Group, betweenSum: number, floorVariance: number): number {
  const na = a.items.length;
  const nb = b.items.length;
  // For squared Euclidean distances: |mean_a - mean_b|² = mean cross distance - half of each mean inner distance.
  const centres = betweenSum / (na * nb) - a.inner / (2 * na * na) - b.inner / (2 * nb * nb);
  const withinSum = a.inner / (2 * na) + b.inner / (2 * nb);
  const within = na + nb > 2 ? withinSum / (na + nb - 2) : 0;
  return Math.max(0, centres) / Math.max(floorVariance, within);
}

function closestPair(
  alive: ReadonlySet<number>,
  ratio: (a: number, b: number) => number,
): { a: number; b: number; ratio: number } | undefined {
  let best: { a: number; b: number; ratio: number } | undefined;
  const ids = [...alive];
  for (let x = 0; x < ids.length; x++) {
    for (let y = x + 1; y < ids.length; y++) {
      const value = ratio(ids[x], ids[y]);
      if (!best || value < best.ratio) best = { a: ids[x], b: ids[y], ratio: value };
    }
  }
  return best;
}
