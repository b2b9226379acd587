import { describe, expect, it } from 'vitest';
import { rms } from '../../src/main/media/dsp/envelope.js';
import { assembleDubTrack, type DubClip } from '../../src/main/dubbing/dub-track.js';
import { planDubTiming } from '../../src/main/dubbing/timing-plan.js';

const TTS_RATE = 22050;
const tone = (index: number, ms: number): DubClip => ({
  index,
  sampleRate: TTS_RATE,
  samples: Float32Array.from(
    { length: Math.round((ms * TTS_RATE) / 1000) },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * 700 * i) / TTS_RATE),
  ),
});

describe('assembleDubTrack', () => {
  const cues = [
    { index: 1, startMs: 500, endMs: 1500 },
    { index: 2, startMs: 1500, endMs: 2500 },
    { index: 3, startMs: 2500, endMs: 3500 },
  ];

  it('places each clip at its cue start on the 48 kHz track, stretched as planned, silent elsewhere', async () => {
    const plan = planDubTiming(
      { cues, speechMs: [800, 1250, 600], synthesizedRates: [1, 1, 1], mediaDurationMs: 6000 },
      { maxStretch: 1.3 },
    );
    const track = await assembleDubTrack([tone(1, 800), tone(2, 1250), tone(3, 600)], plan.lines, {
      durationMs: plan.outputDurationMs,
      sampleRate: 48000,
    });
    expect(track.sampleRate).toBe(48000);
    expect(track.samples.length).toBe(6 * 48000);
    expect(track.placed.map((clip) => [clip.index, clip.startMs, Math.round(clip.endMs)])).toEqual([
      [1, 500, 1300],
      [2, 1500, 2500], // 1250 ms stretched 1.25x into its 1000 ms cue, which the next one abuts
      [3, 2500, 3100],
    ]);
    expect(track.worstStartErrorMs).toBeLessThan(0.05);
    const at = (ms: number): number => Math.round((ms * 48000) / 1000);
    expect(rms(track.samples, at(510), at(1290))).toBeGreaterThan(0.3);
    expect(rms(track.samples, at(0), at(499))).toBe(0);
    expect(rms(track.samples, at(1301), at(1499))).toBe(0);
    expect(rms(track.samples, at(3101), at(6000))).toBe(0);
    // Fades: the first and last samples of a clip are (near) zero, no click.
    expect(Math.abs(track.samples[at(500)])).toBeLessThan(0.01);
    expect(Math.abs(track.samples[at(2500) - 1])).toBeLessThan(0.01);
  });

  it('cuts a clip that came out longer than planned at its limit, with a warning, so it never runs into the next line', async () => {
    const plan = planDubTiming({ cues, speechMs: [800, 900, 600], synthesizedRates: [1, 1, 1], mediaDurationMs: 6000 });
    // The clip for cue 1 is 1400 ms although 800 ms were planned; its limit is the next cue at 1500 ms.
    const track = await assembleDubTrack([tone(1, 1400), tone(2, 900), tone(3, 600)], plan.lines, { durationMs: 6000 });
    expect(track.placed[0].endMs).toBe(1500);
    expect(track.placed[0].truncatedMs).toBeCloseTo(400, 0);
    expect(track.log[0]).toBe(
      'warning: cue 1 came out 400 ms longer than planned; its end was faded out to keep it before the next line',
    );
  });

  it("keeps the clips' own rate when they share one, and uses 48 kHz when they differ", async () => {
    const plan = planDubTiming({ cues, speechMs: [800, 900, 600], mediaDurationMs: 6000 });
    const same = await assembleDubTrack([tone(1, 800), tone(2, 900)], plan.lines, { durationMs: 6000 });
    expect(same.sampleRate).toBe(TTS_RATE);
    expect(same.placed[1]).toMatchObject({ startMs: 1500 });
    const mixed = await assembleDubTrack([tone(1, 800), { ...tone(2, 900), sampleRate: 24000 }], plan.lines, {
      durationMs: 6000,
    });
    expect(mixed.sampleRate).toBe(48000);
    expect(mixed.samples.length).toBe(6 * 48000);
  });

  it('stops when aborted', async () => {
    const plan = planDubTiming({ cues, speechMs: [800, 900, 600], mediaDurationMs: 6000 });
    await expect(
      assembleDubTrack([tone(1, 800)], plan.lines, { durationMs: 6000, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
