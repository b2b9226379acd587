import { describe, expect, it } from 'vitest';
import {
  IDLE_MOTION_DEFAULTS,
  blinkAmount,
  planIdleMotion,
  type IdlePose,
} from '../../src/main/engines/lipsync/mouth-warp/idle-motion.js';

const FPS = 25;
const poses = (frameCount: number): IdlePose[] => {
  const plan = planIdleMotion(frameCount, FPS);
  return Array.from({ length: frameCount }, (_, i) => plan.poseAt(i));
};

describe('idle motion schedule', () => {
  it('is the same on a re-run for the same frame count, and differs for another length', () => {
    expect(poses(600)).toEqual(poses(600));
    expect(planIdleMotion(600, FPS).blinks).toEqual(planIdleMotion(600, FPS).blinks);
    expect(planIdleMotion(601, FPS).blinks).not.toEqual(planIdleMotion(600, FPS).blinks);
  });

  it('gives the same pose for a frame whatever order frames are asked in', () => {
    const inOrder = poses(500);
    const plan = planIdleMotion(500, FPS);
    for (const i of [400, 12, 499, 0, 250, 251, 60, 61, 62, 3]) expect(plan.poseAt(i)).toEqual(inOrder[i]);
  });

  it('blinks at irregular intervals of 2.5 to 6 s, each 150 to 250 ms, closing faster than it opens', () => {
    const intervals: number[] = [];
    for (let frameCount = 1500; frameCount < 1520; frameCount++) {
      const { blinks } = planIdleMotion(frameCount, FPS);
      expect(blinks.length).toBeGreaterThanOrEqual(60 / 6 - 1);
      expect(blinks[0].peakSec).toBeGreaterThanOrEqual(1);
      expect(blinks[0].peakSec).toBeLessThanOrEqual(3 + 0.5 / FPS);
      for (let k = 0; k < blinks.length; k++) {
        const blink = blinks[k];
        const duration = blink.endSec - blink.startSec;
        expect(duration).toBeGreaterThanOrEqual(0.15);
        expect(duration).toBeLessThanOrEqual(0.25);
        expect(blink.peakSec - blink.startSec).toBeLessThan(blink.endSec - blink.peakSec - blink.holdSec);
        // The peak falls on a frame, so the video shows the eye fully closed at least once.
        expect(Math.abs(blink.peakSec * FPS - Math.round(blink.peakSec * FPS))).toBeLessThan(1e-9);
        if (k > 0) intervals.push(blink.peakSec - blinks[k - 1].peakSec);
      }
      expect(blinks.at(-1)!.startSec).toBeLessThan(frameCount / FPS);
    }
    const [low, high] = IDLE_MOTION_DEFAULTS.blinkIntervalSec;
    // Peaks are rounded to frames: half a frame either way.
    expect(Math.min(...intervals)).toBeGreaterThanOrEqual(low - 0.5 / FPS);
    expect(Math.max(...intervals)).toBeLessThanOrEqual(high + 0.5 / FPS);
    // Irregular: the intervals spread over most of the range, not one repeated value.
    expect(Math.max(...intervals) - Math.min(...intervals)).toBeGreaterThan(2);
  });

  it('shows each blink as frames closing to fully shut and opening again, and open eyes between blinks', () => {
    const frameCount = 750;
    const plan = planIdleMotion(frameCount, FPS);
    const amounts = Array.from({ length: frameCount }, (_, i) => plan.poseAt(i).blink);
    for (const blink of plan.blinks) {
      const peak = Math.round(blink.peakSec * FPS);
      if (peak + 1 >= frameCount) continue;
      expect(amounts[peak]).toBe(1);
      expect(amounts[peak - 1]).toBeGreaterThan(0);
      expect(amounts[peak - 1]).toBeLessThan(1);
      expect(amounts[peak + 1]).toBeGreaterThan(0);
    }
    const inBlink = (i: number) => plan.blinks.some((b) => i / FPS > b.startSec && i / FPS < b.endSec);
    amounts.forEach((amount, i) => {
      expect(amount).toBeGreaterThanOrEqual(0);
      expect(amount).toBeLessThanOrEqual(1);
      if (!inBlink(i)) expect(amount).toBe(0);
    });
    const closedFrames = amounts.filter((a) => a > 0).length;
    // About 5 frames per blink: the eyes are open most of the time.
    expect(closedFrames).toBeLessThanOrEqual(plan.blinks.length * 7);
    expect(closedFrames).toBeGreaterThanOrEqual(plan.blinks.length * 3);
  });

  it('rises and falls smoothly within a blink', () => {
    const blink = { startSec: 1, peakSec: 1.08, holdSec: 0.02, endSec: 1.2 };
    expect(blinkAmount(blink, 1)).toBe(0);
    expect(blinkAmount(blink, 1.04)).toBeCloseTo(0.5, 6);
    expect(blinkAmount(blink, 1.09)).toBe(1);
    expect(blinkAmount(blink, 1.15)).toBeCloseTo(0.5, 6);
    expect(blinkAmount(blink, 1.2)).toBe(0);
  });

  it('sways the head slowly within about 1.5 % of the face height and 1 degree of tilt', () => {
    const all = poses(1500);
    const { swayAmplitude, tiltAmplitudeDeg } = IDLE_MOTION_DEFAULTS;
    const peak = (pick: (p: IdlePose) => number) => Math.max(...all.map((p) => Math.abs(pick(p))));
    expect(peak((p) => p.swayX)).toBeLessThanOrEqual(swayAmplitude.x);
    expect(peak((p) => p.swayY)).toBeLessThanOrEqual(swayAmplitude.y);
    expect(peak((p) => p.tiltDeg)).toBeLessThanOrEqual(tiltAmplitudeDeg);
    // It does move: each axis reaches at least half its range over a minute.
    expect(peak((p) => p.swayX)).toBeGreaterThan(swayAmplitude.x / 2);
    expect(peak((p) => p.swayY)).toBeGreaterThan(swayAmplitude.y / 2);
    expect(peak((p) => p.tiltDeg)).toBeGreaterThan(tiltAmplitudeDeg / 2);
    // Slow: under 0.1 % of the face height and 0.07 degree from one frame to the next (no jitter).
    for (let i = 1; i < all.length; i++) {
      expect(Math.abs(all[i].swayX - all[i - 1].swayX)).toBeLessThan(0.001);
      expect(Math.abs(all[i].swayY - all[i - 1].swayY)).toBeLessThan(0.001);
      expect(Math.abs(all[i].tiltDeg - all[i - 1].tiltDeg)).toBeLessThan(0.07);
    }
  });
});
