import { describe, expect, it } from 'vitest';
import { rms, rmsEnvelope, toDb, toneLevel, trimSilence } from '../../src/main/media/dsp/envelope.js';

const RATE = 16000;

describe('energy helpers', () => {
  it('measures RMS and dB of a sine (amplitude / √2, -3 dB under its peak)', () => {
    const tone = Float32Array.from({ length: RATE }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / RATE));
    expect(rms(tone)).toBeCloseTo(Math.SQRT1_2, 3);
    expect(toDb(rms(tone))).toBeCloseTo(-3.01, 1);
    expect(toDb(0)).toBe(-Infinity);
  });

  it('gives one RMS value per window', () => {
    const samples = new Float32Array(RATE);
    samples.fill(0.5, RATE / 2);
    const envelope = rmsEnvelope(samples, RATE, 100);
    expect(envelope.length).toBe(10);
    expect(envelope[4]).toBe(0);
    expect(envelope[5]).toBeCloseTo(0.5, 6);
  });

  it('trims the silence a TTS puts around speech, keeping 10 ms on each side', () => {
    const clip = new Float32Array(RATE); // 1 s: 300 ms silence, 500 ms tone, 200 ms silence with faint noise
    for (let i = 0.3 * RATE; i < 0.8 * RATE; i++) clip[i] = 0.4 * Math.sin((2 * Math.PI * 200 * i) / RATE);
    for (let i = 0.8 * RATE; i < RATE; i++) clip[i] = (i % 2 ? 1 : -1) * 0.0001;
    const trimmed = trimSilence(clip, RATE);
    expect(trimmed.leadMs).toBeCloseTo(290, 0);
    expect(trimmed.trailMs).toBeCloseTo(190, 0);
    expect(trimmed.samples.length).toBe(Math.round(0.52 * RATE));
    expect(trimSilence(new Float32Array(100), RATE).samples.length).toBe(0);
  });
});

describe('toneLevel', () => {
  it('measures one tone in a mix without the louder other tone leaking in', () => {
    const rate = 48000;
    const mix = Float32Array.from(
      { length: rate / 10 },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 1500 * i) / rate) + 0.01 * Math.sin((2 * Math.PI * 440 * i) / rate),
    );
    expect(toneLevel(mix, rate, 1500)).toBeCloseTo(0.5, 2);
    expect(toneLevel(mix, rate, 440)).toBeCloseTo(0.01, 3);
    expect(toneLevel(mix, rate, 3000)).toBeLessThan(1e-4);
  });
});
