// Where each output frame's mouth comes from (pure): the person's own mouths from the bank, or, for shapes the
// reference never shows (a silent or very short reference holds only its resting mouth), the mouth warp of
// standard_v1 fitted to the pasted bank mouth. A bank whose openings span what the audio asks for draws every frame.
import type { MouthShape } from '../mouth-shape.js';
import { openingMapping, type OpeningMapping } from './choose-exemplars.js';
import type { MouthBankEntry, MouthBankIndex } from './mouth-bank.js';

/** The bank covers the audio when its own openings span at least this share of the audio's (the person's own range is kept). */
export const COVERED_SHARE = 0.5;
/** A pasted mouth within this much of the wanted opening is left as it is (the warp would only redraw the same mouth). */
export const SYNTHESIS_TOLERANCE = 0.05;

/** Reference frames either side whose landmark openings are pooled (a median): the detector's shiver is frame to frame. */
export const STEADY_RADIUS = 3;

export interface MouthSources {
  /** Every frame can show a mouth of the bank: nothing is synthesised. */
  covered: boolean;
  /** The opening each target asks for on the bank's scale, which the picks (choose-exemplars.ts) aim at. */
  opening: OpeningMapping;
  /** The bank's entries, in its order, as the picks see them: labelled by landmarks, with their steady openings. */
  entries: MouthBankEntry[];
}

/** The shape the warp gives a pasted bank mouth: the opening on the warp's own scale, width and rounding relative to it. */
export interface SynthesisRequest {
  /** As standard_v1 poses a mouth (mouth-shape.ts units: 0 = lips together, 1 = maxOpening x mouth width). */
  opening: number;
  /** Relative width change from the pasted mouth's width, -0.2..0.2. */
  width: number;
  rounding: number;
}

/**
 * How the bank serves `targets`. A bank that covers them maps the audio onto the person's own range (openingMapping).
 * One that does not keeps the warp's own scale, the one standard_v1 draws: lips that meet in the pauses (a listener's
 * parted smile is closed) and open as wide as the audio asks; the bank's mouths are shown where they already match.
 */
export function planMouthSources(targets: readonly MouthShape[], bank: Pick<MouthBankIndex, 'entries' | 'labels'>): MouthSources {
  // Landmarks read a still mouth as opening and closing by a few tenths: only what lasts a few frames is a real shape.
  const entries = bank.labels.source === 'landmarks' ? steadyOpenings(bank.entries) : [...bank.entries];
  const own = openingMapping(targets, entries);
  if (own.targetHigh <= 0 || own.span >= COVERED_SHARE * own.targetHigh) return { covered: true, opening: openingMapping(targets, bank.entries), entries: [...bank.entries] };
  return { covered: false, opening: { map: (opening) => opening, span: own.targetHigh }, entries };
}

/** Each entry with the median opening of the entries within STEADY_RADIUS reference frames of it (the bank is in frame order). */
export function steadyOpenings(entries: readonly MouthBankEntry[]): MouthBankEntry[] {
  let from = 0;
  let to = 0;
  return entries.map((entry) => {
    while (entries[from]!.frame < entry.frame - STEADY_RADIUS) from++;
    while (to + 1 < entries.length && entries[to + 1]!.frame <= entry.frame + STEADY_RADIUS) to++;
    const near = entries.slice(from, to + 1).map((other) => other.shape.opening).sort((a, b) => a - b);
    return { ...entry, shape: { ...entry.shape, opening: near[Math.floor(near.length / 2)]! } };
  });
}

const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

/** What the warp must change on the picked bank mouth (one of `sources.entries`) for `target`, or null when it already shows it. */
export function synthesisFor(sources: MouthSources, target: MouthShape, picked: MouthBankEntry): SynthesisRequest | null {
  if (sources.covered) return null;
  const wanted = sources.opening.map(target.opening);
  if (Math.abs(wanted - picked.shape.opening) <= SYNTHESIS_TOLERANCE) return null;
  return {
    opening: wanted,
    width: clamp((1 + target.width) / (1 + picked.shape.width) - 1, -0.2, 0.2),
    rounding: clamp(target.rounding - picked.shape.rounding, 0, 1),
  };
}
