// Where the exemplar engine takes each frame's mouth from: the person's own (the bank) when the bank spans the
// shapes the audio asks for; for the shapes a silent reference never shows, the mouth warp on the mouth of the
// reference frame underneath, which sits where the face is (a pasted one would not quite).
import { describe, expect, it } from 'vitest';
import { chooseExemplars } from '../../src/main/engines/lipsync/exemplar/choose-exemplars.js';
import type { MouthBankEntry, MouthBankIndex } from '../../src/main/engines/lipsync/exemplar/mouth-bank.js';
import {
  COVERED_SHARE,
  frameMouth,
  planMouthSources,
  steadyOpenings,
  SYNTHESIS_TOLERANCE,
  synthesisFor,
} from '../../src/main/engines/lipsync/exemplar/mouth-sources.js';
import { referenceFrameFor } from '../../src/main/engines/lipsync/frame-schedule.js';

const entry = (frame: number, opening: number, width = 0): MouthBankEntry => ({
  frame,
  shape: { opening, width, rounding: 0 },
  noseU: 0,
});
const shape = (opening: number) => ({ opening, width: 0, rounding: 0 });
const bankOf = (
  entries: MouthBankEntry[],
  source: 'audio' | 'landmarks' = 'landmarks',
): Pick<MouthBankIndex, 'entries' | 'labels'> => ({ entries, labels: { source, agreement: null } });
/** Speech: openings rising and falling between 0 and 0.8, with pauses. */
const speech = Array.from({ length: 200 }, (_, i) =>
  shape(i % 50 < 10 ? 0 : 0.8 * Math.abs(Math.sin((i * Math.PI) / 12))),
);
/** A detector's shiver on a still mouth: +-0.12 from frame to frame, no trend. */
const shiver = (k: number) => [0.12, -0.12, 0.06, -0.06, 0, 0.12, -0.12][k % 7]!;

/** What every frame of `speech` shows over a reference that plays back and forth under it, as the render decides it. */
function mouthsFor(bank: Pick<MouthBankIndex, 'entries' | 'labels'>) {
  const sources = planMouthSources(speech, bank);
  const choice = chooseExemplars(
    speech,
    speech.map(() => 0),
    sources.entries,
    { opening: sources.opening },
  );
  const slotOfFrame = new Map(sources.entries.map((e, slot) => [e.frame, slot]));
  const underneath = speech.map((_, i) => slotOfFrame.get(referenceFrameFor(i, bank.entries.length)) ?? null);
  const mouths = speech.map((target, i) => frameMouth(sources, target, choice.slots[i]!, underneath[i]!));
  return { sources, mouths, picks: choice.slots, underneath, requests: mouths.map((mouth) => mouth.synthesis) };
}

describe('mouth sources', () => {
  it('draws every frame from a bank that speaks: its own range, its own labels, no warp', () => {
    const entries = Array.from({ length: 100 }, (_, k) =>
      entry(k, 0.05 + 0.6 * Math.abs(Math.sin((k * Math.PI) / 15))),
    );
    const { sources, mouths, picks } = mouthsFor(bankOf(entries, 'audio'));
    expect(sources.covered).toBe(true);
    expect(sources.entries).toEqual(entries);
    expect(mouths).toEqual(speech.map((_, i) => ({ slot: picks[i], pasted: true, synthesis: null })));
  });

  it("poses a silent bank's mouths as the warp would: closed in the pauses, open as the audio asks", () => {
    // A listener whose parted smile the detector reads at 0.5, shivering by +-0.12.
    const { sources, mouths, requests, underneath } = mouthsFor(
      bankOf(Array.from({ length: 100 }, (_, k) => entry(k, 0.5 + shiver(k)))),
    );
    expect(sources.covered).toBe(false);
    for (let i = 0; i < speech.length; i++) {
      const wanted = speech[i]!.opening;
      // Far from the resting mouth, the warp draws the audio's own opening on the mouth already in place (nothing pasted).
      if (Math.abs(wanted - 0.5) > 0.15)
        expect(mouths[i]).toEqual({
          slot: underneath[i],
          pasted: false,
          synthesis: { opening: wanted, width: 0, rounding: 0 },
        });
      // Near it, a real mouth stays as it is.
      if (Math.abs(wanted - 0.5) < 0.02) expect(requests[i]).toBeNull();
    }
    const synthesised = requests.filter(Boolean).length;
    expect(synthesised).toBeGreaterThan(speech.length * 0.5);
    expect(synthesised).toBeLessThan(speech.length);
  });

  it("takes a short bank's own half-open mouths where they match and synthesises the rest", () => {
    // Opening to 0.3 at most: less than COVERED_SHARE of the audio's 0.8.
    const entries = Array.from({ length: 60 }, (_, k) => entry(k, 0.3 * Math.abs(Math.sin((k * Math.PI) / 20))));
    expect(0.3).toBeLessThan(COVERED_SHARE * 0.8);
    const { sources, mouths, requests, underneath } = mouthsFor(bankOf(entries));
    expect(sources.covered).toBe(false);
    // Part of what the bank can show comes from it: the mouth underneath where it matches, else the pick pasted.
    const showable = speech.flatMap((target, i) => (target.opening < 0.25 ? [i] : []));
    expect(showable.filter((i) => requests[i] === null).length).toBeGreaterThan(0.25 * showable.length);
    const pastedAsTheyAre = showable.filter((i) => mouths[i]!.pasted && mouths[i]!.synthesis === null);
    expect(pastedAsTheyAre.length).toBeGreaterThan(0);
    for (const i of pastedAsTheyAre)
      expect(Math.abs(sources.entries[mouths[i]!.slot]!.shape.opening - speech[i]!.opening)).toBeLessThanOrEqual(
        SYNTHESIS_TOLERANCE,
      );
    for (let i = 0; i < speech.length; i++) {
      const wanted = speech[i]!.opening;
      // Wider than any mouth of the bank: the mouth underneath, opened by the warp.
      if (wanted > 0.3 + SYNTHESIS_TOLERANCE)
        expect(mouths[i]).toMatchObject({ slot: underneath[i], pasted: false, synthesis: { opening: wanted } });
    }
  });

  it('warps a pasted mouth where the frame underneath has none in the bank', () => {
    const sources = planMouthSources(speech, bankOf([entry(0, 0.1), entry(1, 0.12)]));
    expect(frameMouth(sources, shape(0.8), 1, null)).toEqual({
      slot: 1,
      pasted: true,
      synthesis: { opening: 0.8, width: 0, rounding: 0 },
    });
    // Without a mouth underneath, a pick that matches is pasted as it is.
    expect(frameMouth(sources, shape(0.14), 1, null)).toEqual({ slot: 1, pasted: true, synthesis: null });
  });

  it("reads a landmark-labelled bank's openings as they last, not as the detector shivers", () => {
    const steady = steadyOpenings(Array.from({ length: 30 }, (_, k) => entry(k, 0.5 + shiver(k))));
    // Away from the ends (where the window is cut short), the shiver of +-0.12 is gone to +-0.06 at most.
    for (const {
      shape: { opening },
    } of steady.slice(3, 27))
      expect(Math.abs(opening - 0.5)).toBeLessThan(0.061);
    // A real opening that lasts survives.
    const opened = steadyOpenings(Array.from({ length: 30 }, (_, k) => entry(k, k >= 10 && k < 20 ? 0.8 : 0.1)));
    expect(opened.map((e) => e.shape.opening).slice(12, 18)).toEqual([0.8, 0.8, 0.8, 0.8, 0.8, 0.8]);
    expect(opened[3]!.shape.opening).toBe(0.1);
  });

  it('poses the warp relative to the pasted mouth: a mouth already spread is not spread again', () => {
    const sources = planMouthSources(speech, bankOf([entry(0, 0.1, 0.1), entry(1, 0.1)]));
    const request = synthesisFor(sources, { opening: 0.6, width: 0.1, rounding: 0 }, 0)!;
    expect(request.width).toBeCloseTo(0, 6);
    expect(request.opening).toBe(0.6);
  });
});
