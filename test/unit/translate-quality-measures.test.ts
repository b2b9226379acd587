// The translate quality report's measures, each on a case built to trigger it and on a clean case that must not.
import { describe, expect, it } from 'vitest';
import { sortedReview } from '../../src/main/pipelines/quality-check.js';
import { reviewSpokenLine } from '../../src/main/pipelines/translate/check-quality/measure-quality.js';
import {
  LOW_CONFIDENCE_THRESHOLD,
  lineConfidences,
  recognitionConfidence,
} from '../../src/main/quality/translate/line-confidence.js';
import { isUntranslated, missedGlossaryTerms } from '../../src/main/quality/translate/line-text.js';
import { ENVELOPE_WINDOW_MS, measureSpokenLines } from '../../src/main/quality/translate/spoken-timing.js';
import { voiceReductionDb } from '../../src/main/quality/translate/voice-reduction.js';

const cue = (index: number, startMs: number, endMs: number, text = 'a line') => ({
  index,
  startMs,
  endMs,
  text,
  speaker: 'Speaker 1',
});
const word = (startMs: number, text: string, confidence: number) => ({
  startMs,
  endMs: startMs + 300,
  text,
  confidence,
});

describe('line confidence', () => {
  const cues = [cue(1, 0, 2000), cue(2, 2000, 4000)];
  it('scores each line by its words and flags the one with injected low-confidence words', () => {
    const segments = [
      {
        startMs: 0,
        endMs: 4000,
        text: '',
        words: [
          word(100, 'clear', 0.95),
          word(600, 'words', 0.9),
          word(2100, 'garbled', 0.2),
          word(2600, 'mumble', 0.3),
        ],
      },
    ];
    const lines = lineConfidences(cues, segments);
    expect(lines.map((line) => line.index)).toEqual([1, 2]);
    expect(lines[0]!.confidence).toBeGreaterThan(LOW_CONFIDENCE_THRESHOLD);
    expect(lines[1]!.confidence).toBeLessThan(LOW_CONFIDENCE_THRESHOLD);
    expect(recognitionConfidence(lines)).toBeCloseTo((0.95 + 0.9 + 0.2 + 0.3) / 4, 5);
  });

  it('says nothing for words the engine gave no confidence for (null overall)', () => {
    const segments = [{ startMs: 0, endMs: 4000, text: '', words: [{ startMs: 100, endMs: 400, text: 'unscored' }] }];
    expect(lineConfidences(cues, segments)).toEqual([]);
    expect(recognitionConfidence([])).toBeNull();
  });
});

/** A 10 ms RMS envelope with voice (0.3) over the given spans, silence elsewhere. */
function envelopeWith(totalMs: number, spans: Array<[number, number]>): Float32Array {
  const envelope = new Float32Array(totalMs / ENVELOPE_WINDOW_MS);
  for (const [from, to] of spans) envelope.fill(0.3, from / ENVELOPE_WINDOW_MS, to / ENVELOPE_WINDOW_MS);
  return envelope;
}

describe('spoken timing, read off the dub track', () => {
  it('measures the pace and the start each line really has', () => {
    const envelope = envelopeWith(8000, [
      [500, 2500],
      [3000, 4000],
    ]);
    const measured = measureSpokenLines(envelope, [
      { index: 1, normalMs: 2020, placedStartMs: 500, placedEndMs: 2500 },
      { index: 2, normalMs: 1520, placedStartMs: 3000, placedEndMs: 4000 },
    ]);
    expect(measured).toEqual([
      { index: 1, startMs: 500, endMs: 2500, speed: 1 },
      { index: 2, startMs: 3000, endMs: 4000, speed: 1.5 },
    ]);
  });

  it("never reads a neighbour's voice as part of a line, and leaves out a line that is silent", () => {
    const envelope = envelopeWith(6000, [
      [1000, 2000],
      [2100, 3000],
    ]);
    const measured = measureSpokenLines(envelope, [
      { index: 1, normalMs: 1000, placedStartMs: 1000, placedEndMs: 2000 },
      { index: 2, normalMs: 900, placedStartMs: 2100, placedEndMs: 3000 },
      { index: 3, normalMs: 900, placedStartMs: 4000, placedEndMs: 5000 },
    ]);
    expect(measured.map(({ index, startMs, endMs }) => [index, startMs, endMs])).toEqual([
      [1, 1000, 2000],
      [2, 2100, 3000],
    ]);
  });
});

describe('a dubbed line judged against its cue', () => {
  const line = cue(4, 10_000, 12_000, 'Hallo zusammen.');
  it('is fine at its own pace and on time (within 100 ms)', () => {
    expect(reviewSpokenLine(line, line, { index: 4, startMs: 10_060, endMs: 11_500, speed: 1.1 })).toEqual([]);
  });
  it('is too fast above 1.15x, naming the pace', () => {
    expect(reviewSpokenLine(line, line, { index: 4, startMs: 10_000, endMs: 11_000, speed: 1.4 })).toEqual([
      {
        start: 10,
        end: 12,
        reasons: ['too_fast'],
        detail: "spoken at 1.40x the voice's normal pace",
        line: 4,
        text: 'Hallo zusammen.',
      },
    ]);
  });
  it('is shifted when its voice starts more than 100 ms away from the cue, either way', () => {
    expect(reviewSpokenLine(line, line, { index: 4, startMs: 9_700, endMs: 11_500, speed: 1 })[0]).toMatchObject({
      reasons: ['shifted'],
      detail: 'the voice starts 300 ms before its line',
    });
    expect(reviewSpokenLine(line, line, { index: 4, startMs: 10_150, endMs: 11_500, speed: 1 })[0]).toMatchObject({
      reasons: ['shifted'],
      detail: 'the voice starts 150 ms after its line',
    });
  });
});

describe('original voice reduction, measured on the mix', () => {
  const rate = 2000;
  const tone = (seconds: number, amplitude: number, hz: number) =>
    Float32Array.from({ length: seconds * rate }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
  const regions = [{ startMs: 0, endMs: 2000 }];
  /** Seeded white noise: a voice-like broadband signal whose lag is unambiguous. */
  const noise = (seconds: number, amplitude: number, seed: number) => {
    let state = seed;
    return Float32Array.from({ length: seconds * rate }, () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return amplitude * ((state / 2147483648) * 2 - 1);
    });
  };

  it("finds the depth the original was pulled down by under the dub, whatever the master gain and the limiter's delay", () => {
    const original = noise(2, 0.5, 1);
    const dub = noise(2, 0.3, 2);
    const gain = 10 ** (-6 / 20);
    const delay = 10; // 5 ms at 2 kHz: the limiter's look-ahead
    const ducked = original.map((value) => value * 10 ** (-24 / 20));
    const mix = new Float32Array(dub.length + delay);
    dub.forEach((value, i) => {
      mix[i + delay] = gain * (value + ducked[i]!);
    });
    expect(voiceReductionDb({ original, dub, mix, sampleRate: rate, regions })).toBeCloseTo(24, 0);
  });

  it('reads 0 dB when the original was left at full level under the dub', () => {
    const original = tone(2, 0.5, 220);
    const dub = tone(2, 0.3, 330);
    const mix = dub.map((value, i) => value + original[i]!);
    expect(voiceReductionDb({ original, dub, mix, sampleRate: rate, regions })).toBeCloseTo(0, 1);
  });

  it('gives null without speech to measure', () => {
    const silent = new Float32Array(4000);
    expect(voiceReductionDb({ original: silent, dub: silent, mix: silent, sampleRate: rate, regions: [] })).toBeNull();
  });
});

describe('line text against its source', () => {
  it('flags a translation that is its source again, but not numbers or a real translation', () => {
    expect(isUntranslated('Turn left here.', 'turn left here')).toBe(true);
    expect(isUntranslated('Turn left here.', 'Gire a la izquierda aquí.')).toBe(false);
    expect(isUntranslated('2024', '2024')).toBe(false);
  });

  it('names the glossary term the translation dropped, and none when it is there', () => {
    const glossary = [{ source: 'DubDesk', target: 'DubDesk Studio' }];
    expect(missedGlossaryTerms('Open DubDesk now.', 'Abre el programa ahora.', glossary)).toEqual(glossary);
    expect(missedGlossaryTerms('Open DubDesk now.', 'Abre DubDesk Studio ahora.', glossary)).toEqual([]);
    expect(missedGlossaryTerms('Nothing to see.', 'Nada que ver.', glossary)).toEqual([]);
  });
});

describe('the review list', () => {
  it('is in time order, and one place with two reasons is one item', () => {
    const review = sortedReview([
      { start: 3, end: 4, reasons: ['too_fast'], detail: 'fast', line: 2 },
      { start: 1, end: 2, reasons: ['low_confidence'], detail: 'unsure', line: 1 },
      { start: 3, end: 4, reasons: ['shifted'], detail: 'late', line: 2 },
    ]);
    expect(review).toEqual([
      { start: 1, end: 2, reasons: ['low_confidence'], detail: 'unsure', line: 1 },
      { start: 3, end: 4, reasons: ['too_fast', 'shifted'], detail: 'fast; late', line: 2 },
    ]);
  });
});
