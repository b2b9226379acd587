// Where each output frame's mouth comes from (pure): the person's own mouths from the bank, or, for shapes the
// reference never shows (a silent or very short reference holds only its resting mouth), the mouth warp of
// standard_v1 fitted to the mouth of the reference frame underneath. A bank whose openings span what the audio asks
// for draws every frame.
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

/** The shape the warp gives a bank mouth: the opening on the warp's own scale, width and rounding relative to it. */
export interface SynthesisRequest {
  /** As standard_v1 poses a mouth (mouth-shape.ts units: 0 = lips together, 1 = maxOpening x mouth width). */
  opening: number;
  /** Relative width change from the bank mouth's width, -0.2..0.2. */
  width: number;
  rounding: number;
}

/**
 * How the bank serves `targets`. A bank that covers them maps the audio onto the person's own range (openingMapping).
 * One that does not keeps the warp's own scale, the one standard_v1 draws: lips that meet in the pauses (a listener's
 * parted smile is closed) and open as wide as the audio asks; the bank's mouths are shown where they already match.
 */
export function planMouthSources(
  targets: readonly MouthShape[],
  bank: Pick<MouthBankIndex, 'entries' | 'labels'>,
): MouthSources {
  // Landmarks read a still mouth as opening and closing by a few tenths: only what lasts a few frames is a real shape.
  const entries = bank.labels.source === 'landmarks' ? steadyOpenings(bank.entries) : [...bank.entries];
  const own = openingMapping(targets, entries);
  if (own.targetHigh <= 0 || own.span >= COVERED_SHARE * own.targetHigh)
    return { covered: true, opening: openingMapping(targets, bank.entries), entries: [...bank.entries] };
  return { covered: false, opening: { map: (opening) => opening, span: own.targetHigh }, entries };
}

/** Each entry with the median opening of the entries within STEADY_RADIUS reference frames of it (the bank is in frame order). */
export function steadyOpenings(entries: readonly MouthBankEntry[]): MouthBankEntry[] {
  let from = 0;
  let to = 0;
  return entries.map((entry) => {
    while (entries[from]!.frame < entry.frame - STEADY_RADIUS) from++;
    while (to + 1 < entries.length && entries[to + 1]!.frame <= entry.frame + STEADY_RADIUS) to++;
    const near = entries
      .slice(from, to + 1)
      .map((other) => other.shape.opening)
      .sort((a, b) => a - b);
    return { ...entry, shape: { ...entry.shape, opening: near[Math.floor(near.length / 2)]! } };
  });
}

const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

/** What the warp must change on bank mouth `slot` (of `sources.entries`) for `target`, or null when it already shows it. */
export function synthesisFor(sources: MouthSources, target: MouthShape, slot: number): SynthesisRequest | null {
  if (sources.covered) return null;
  const wanted = sources.opening.map(target.opening);
  const { shape } = sources.entries[slot]!;
  if (Math.abs(wanted - shape.opening) <= SYNTHESIS_TOLERANCE) return null;
  return {
    opening: wanted,
    width: clamp((1 + target.width) / (1 + shape.width) - 1, -0.2, 0.2),
    rounding: clamp(target.rounding - shape.rounding, 0, 1),
  };
}

/** What one output frame shows: a mouth of the bank, pasted or already in place, as it is or re-posed by the warp. */
export interface FrameMouth {
  /** The bank slot (of `sources.entries`) whose mouth the frame shows before any warp. */
  slot: number;
  /** False when that mouth is the one of the reference frame underneath, already in place: nothing is pasted. */
  pasted: boolean;
  /** What the warp changes on it; null: shown as the reference shows it. */
  synthesis: SynthesisRequest | null;
}

/**
 * The mouth output frame shows for `target`, given the chooser's pick and the bank slot of the reference frame
 * underneath (null when that frame has no mouth in the bank). A covered bank's pick is pasted as it is. Otherwise the
 * person's own mouths are kept where one already shows the wanted opening, the one underneath first; the rest is the
 * warp of the mouth underneath, which sits exactly where the face is. A pick pasted and then warped sits where the
 * face path puts it and read fuller when closed: on the 720p silent bench r 0.61, against 0.77 (standard_v1 0.76).
 */
export function frameMouth(
  sources: MouthSources,
  target: MouthShape,
  pick: number,
  underneath: number | null,
): FrameMouth {
  if (sources.covered) return { slot: pick, pasted: true, synthesis: null };
  const own = underneath === null ? null : synthesisFor(sources, target, underneath);
  if (underneath !== null && own === null) return { slot: underneath, pasted: false, synthesis: null };
  const picked = synthesisFor(sources, target, pick);
  if (picked === null || underneath === null) return { slot: pick, pasted: true, synthesis: picked };
  return { slot: underneath, pasted: false, synthesis: own };
}
