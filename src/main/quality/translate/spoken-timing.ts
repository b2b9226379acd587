// Where each dubbed line really sounds in the dub track and how fast, read off the track's loudness (not the plan).
import type { SpokenLine } from '../../dubbing/types.js';

/** A line spoken faster than this, relative to the voice's normal rate (rate x stretch), is worth a look. */
export const TOO_FAST_SPEED = 1.15;
/** A voice that starts further than this from its cue is worth a look. */
export const SHIFT_LIMIT_MS = 100;
/** The envelope's window: onsets are read to this precision (trimSilence's own window). */
export const ENVELOPE_WINDOW_MS = 5;
/** How far before and after its placement a line's voice is searched for. */
const SEARCH_MARGIN_MS = 300;
/**
 * A window counts as voiced when it is at most this far below the line's loudest window: trimSilence's measure, so a
 * line's normal length and its length in the track are read alike.
 */
const VOICED_BELOW_PEAK_DB = 40;
/** The silence trimSilence keeps on each side of a clip, counted in its normal length but not voiced. */
const TRIM_KEEP_MS = 20;

export interface MeasuredLine {
  index: number;
  startMs: number;
  endMs: number;
  /** Normal length over the length heard: 1 = the voice's own pace. */
  speed: number;
}

/**
 * Each line's first and last voiced window in the dub track's RMS envelope (ENVELOPE_WINDOW_MS windows), searched
 * around its placement and never into a neighbour's; lines with no voice there are left out.
 */
export function measureSpokenLines(envelope: Float32Array, lines: readonly SpokenLine[]): MeasuredLine[] {
  const ordered = [...lines].sort((a, b) => a.placedStartMs - b.placedStartMs);
  return ordered.flatMap((line, i) => {
    const from = Math.max(line.placedStartMs - SEARCH_MARGIN_MS, ordered[i - 1]?.placedEndMs ?? 0);
    const to = Math.min(line.placedEndMs + SEARCH_MARGIN_MS, ordered[i + 1]?.placedStartMs ?? Infinity);
    const first = Math.max(0, Math.floor(from / ENVELOPE_WINDOW_MS));
    const last = Math.min(envelope.length, Math.ceil(to / ENVELOPE_WINDOW_MS));
    let peak = 0;
    for (let w = first; w < last; w++) peak = Math.max(peak, envelope[w]!);
    if (peak <= 1e-5) return [];
    const floor = peak * 10 ** (-VOICED_BELOW_PEAK_DB / 20);
    let onset = -1;
    let offset = -1;
    for (let w = first; w < last; w++) {
      if (envelope[w]! < floor) continue;
      if (onset < 0) onset = w;
      offset = w;
    }
    const startMs = onset * ENVELOPE_WINDOW_MS;
    const endMs = (offset + 1) * ENVELOPE_WINDOW_MS;
    const normalVoicedMs = Math.max(ENVELOPE_WINDOW_MS, line.normalMs - TRIM_KEEP_MS);
    return [
      { index: line.index, startMs, endMs, speed: normalVoicedMs / Math.max(ENVELOPE_WINDOW_MS, endMs - startMs) },
    ];
  });
}
