// Which real mouth from the bank each output frame shows (pure). Every frame has a few candidates close to the
// shape the audio asks for; a Viterbi pass picks the sequence that matches best while staying on runs of
// consecutive reference frames, so the mouth moves as the person really moved it and never flickers between picks.
import type { MouthShape } from '../mouth-shape.js';
import type { MouthBankEntry } from './mouth-bank.js';

export interface ChooseOptions {
  /** Candidates kept per frame. */
  candidates?: number;
  /** Cost of cutting to a mouth that is not the next reference frame of the previous pick (in shape-distance units). */
  cutCost?: number;
  /** Weights of the shape distance: opening dominates what a viewer reads as speech. */
  weights?: { opening: number; width: number; rounding: number; turn: number };
  /** How the audio's openings map onto the bank's (default: onto the bank's own range, openingMapping). */
  opening?: OpeningMapping;
}

const DEFAULTS = { candidates: 12, cutCost: 0.1, weights: { opening: 1, width: 0.6, rounding: 0.4, turn: 4 } };

export interface ExemplarChoice {
  /** Bank slot shown by each output frame. */
  slots: Int32Array;
  /** Output frames where the pick cuts to another part of the reference (they are cross-faded). */
  cuts: number;
  /** Mean shape distance of the picks: 0 = every frame got exactly the shape it asked for. */
  meanDistance: number;
}

/**
 * Whether showing `to` after `from` cuts to another part of the reference: the next frame either way (a reference may
 * play backwards) or the same one continue the motion.
 */
export function cutsBetween(from: Pick<MouthBankEntry, 'frame'>, to: Pick<MouthBankEntry, 'frame'>): boolean {
  return Math.abs(to.frame - from.frame) > 1;
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** The opening a target asks for, on the bank's scale; span: the range the mapped openings cover (distances are in its units). */
export interface OpeningMapping {
  map: (opening: number) => number;
  span: number;
}

/**
 * The audio asks for openings on its own scale (0 closed .. 1 wide); a person's real mouths span their own range,
 * and a detector reads even closed lips over teeth as a little open. The targets are mapped onto the bank's range:
 * silence shows this person's most closed mouths, loud speech their widest, never a shape they never made.
 */
export function openingMapping(
  targets: readonly MouthShape[],
  bank: readonly MouthBankEntry[],
): OpeningMapping & { low: number; targetHigh: number } {
  const spoken = targets.map((shape) => shape.opening).filter((opening) => opening > 0.02);
  const targetHigh = quantile(spoken, 0.9);
  const openings = bank.map((entry) => entry.shape.opening);
  const low = quantile(openings, 0.05);
  const high = quantile(openings, 0.95);
  return {
    map: (opening) => low + (targetHigh > 0 ? opening / targetHigh : opening) * (high - low),
    span: high - low,
    low,
    targetHigh,
  };
}

/**
 * For each output frame: its target shape, and the head turn of the frame underneath (noseU), so a mouth comes
 * from a frame whose head faced the same way.
 */
export function chooseExemplars(
  targets: readonly MouthShape[],
  underneathNoseU: readonly (number | null)[],
  bank: readonly MouthBankEntry[],
  options: ChooseOptions = {},
): ExemplarChoice {
  const {
    candidates: k,
    cutCost,
    weights,
  } = { ...DEFAULTS, ...options, weights: { ...DEFAULTS.weights, ...options.weights } };
  const frames = targets.length;
  if (frames === 0 || bank.length === 0) return { slots: new Int32Array(frames), cuts: 0, meanDistance: 0 };
  const opening = options.opening ?? openingMapping(targets, bank);
  // Distances in units of the bank's own opening range, so cutCost means the same for every face.
  const openingSpan = Math.max(0.05, opening.span);
  const distance = (target: MouthShape, noseU: number | null, entry: MouthBankEntry) =>
    weights.opening * ((opening.map(target.opening) - entry.shape.opening) / openingSpan) ** 2 +
    weights.width * (target.width - entry.shape.width) ** 2 +
    weights.rounding * (target.rounding - entry.shape.rounding) ** 2 +
    (noseU === null ? 0 : weights.turn * (noseU - entry.noseU) ** 2);

  // The k nearest bank entries per frame (a linear scan: banks hold at most a few thousand mouths).
  const count = Math.min(k, bank.length);
  const candidateSlots: Int32Array[] = [];
  const candidateCosts: Float64Array[] = [];
  for (let i = 0; i < frames; i++) {
    // Insertion into a sorted list of `count`: no allocation per bank entry, however long the audio.
    const slots = new Int32Array(count).fill(-1);
    const costs = new Float64Array(count).fill(Infinity);
    for (let slot = 0; slot < bank.length; slot++) {
      const cost = distance(targets[i]!, underneathNoseU[i] ?? null, bank[slot]!);
      if (cost >= costs[count - 1]!) continue;
      let at = count - 1;
      while (at > 0 && costs[at - 1]! > cost) {
        costs[at] = costs[at - 1]!;
        slots[at] = slots[at - 1]!;
        at--;
      }
      costs[at] = cost;
      slots[at] = slot;
    }
    candidateSlots.push(slots);
    candidateCosts.push(costs);
  }
  const isCut = (from: number, to: number) => cutsBetween(bank[from]!, bank[to]!);
  const transition = (from: number, to: number) => (isCut(from, to) ? cutCost : 0);

  // Viterbi over the candidates.
  let total = Float64Array.from(candidateCosts[0]!);
  const back: Int32Array[] = [new Int32Array(count).fill(-1)];
  for (let i = 1; i < frames; i++) {
    const next = new Float64Array(count);
    const from = new Int32Array(count);
    for (let c = 0; c < count; c++) {
      let best = Infinity;
      let bestFrom = 0;
      for (let p = 0; p < count; p++) {
        const cost = total[p]! + transition(candidateSlots[i - 1]![p]!, candidateSlots[i]![c]!);
        if (cost < best) {
          best = cost;
          bestFrom = p;
        }
      }
      next[c] = best + candidateCosts[i]![c]!;
      from[c] = bestFrom;
    }
    total = next;
    back.push(from);
  }
  let pick = 0;
  for (let c = 1; c < count; c++) if (total[c]! < total[pick]!) pick = c;
  const slots = new Int32Array(frames);
  let distanceSum = 0;
  for (let i = frames - 1; i >= 0; i--) {
    slots[i] = candidateSlots[i]![pick]!;
    distanceSum += candidateCosts[i]![pick]!;
    pick = back[i]![pick]!;
  }
  let cuts = 0;
  for (let i = 1; i < frames; i++) if (isCut(slots[i - 1]!, slots[i]!)) cuts++;
  return { slots, cuts, meanDistance: distanceSum / frames };
}
