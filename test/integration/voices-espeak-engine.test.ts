import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEspeakEngine, ESPEAK_SAMPLE_RATE, type EspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { guessGender, medianF0, semitonesBetween } from '../../src/main/engines/voice-analysis/pitch.js';

const SENTENCE = 'The quick brown fox jumps over the lazy dog, and every morning I walk to the station.';
const seconds = (speech: { samples: Float32Array; sampleRate: number }) => speech.samples.length / speech.sampleRate;
const peak = (samples: Float32Array) => samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);

describe('eSpeak NG engine', () => {
  let engine: EspeakEngine;

  beforeAll(() => {
    engine = createEspeakEngine({ size: 2 });
  });

  afterAll(async () => {
    await engine.dispose();
  });

  it('speaks a sentence as 22.05 kHz mono float PCM of a plausible length (and reports its speed)', async () => {
    let started = performance.now();
    const cold = await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us' });
    const coldMs = performance.now() - started;
    const warmMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:de+f2' });
      warmMs.push(performance.now() - started);
    }
    console.log(
      `eSpeak synthesis of a ${seconds(cold).toFixed(1)} s sentence: cold ${coldMs.toFixed(0)} ms, warm ${warmMs.map((ms) => ms.toFixed(0)).join('/')} ms`,
    );
    expect(cold.sampleRate).toBe(ESPEAK_SAMPLE_RATE);
    expect(seconds(cold)).toBeGreaterThan(2.5);
    expect(seconds(cold)).toBeLessThan(8);
    expect(peak(cold.samples)).toBeGreaterThan(0.1);
    expect(peak(cold.samples)).toBeLessThanOrEqual(1);
  });

  it('gives identical audio for identical requests, whatever ran before (each run starts from a pristine instance)', async () => {
    const first = await engine.synthesize({ text: 'Guten Morgen, wie geht es Ihnen?', voiceId: 'espeak:de+m3' });
    await Promise.all([
      engine.synthesize({ text: 'Bonjour tout le monde.', voiceId: 'espeak:fr+f4', rate: 1.7, pitchSemitones: 3 }),
      engine.synthesize({ text: '你好，世界。', voiceId: 'espeak:cmn' }),
      engine.synthesize({ text: 'x', voiceId: 'espeak:ja+alicia' }),
    ]);
    const again = await engine.synthesize({ text: 'Guten Morgen, wie geht es Ihnen?', voiceId: 'espeak:de+m3' });
    expect(Buffer.from(again.samples.buffer).equals(Buffer.from(first.samples.buffer))).toBe(true);
  });

  it('speaks text that looks like command-line options instead of obeying it', async () => {
    const speech = await engine.synthesize({ text: '-v xx --help -w /etc/passwd', voiceId: 'espeak:en-us' });
    expect(seconds(speech)).toBeGreaterThan(1);
    expect(peak(speech.samples)).toBeGreaterThan(0.1);
  });

  it('speaks faster at a higher rate', async () => {
    const normal = await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us' });
    const fast = await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us', rate: 2 });
    const slow = await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us', rate: 0.7 });
    expect(seconds(fast) / seconds(normal)).toBeGreaterThan(0.4);
    expect(seconds(fast) / seconds(normal)).toBeLessThan(0.6);
    expect(seconds(slow) / seconds(normal)).toBeGreaterThan(1.25);
    expect(seconds(slow) / seconds(normal)).toBeLessThan(1.6);
  });

  it('shifts the pitch by about the requested semitones', async () => {
    const plain = await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us+f2' });
    const up = await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us+f2', pitchSemitones: 4 });
    const down = await engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us+f2', pitchSemitones: -5 });
    const base = medianF0(plain.samples, plain.sampleRate)!;
    expect(semitonesBetween(base, medianF0(up.samples, up.sampleRate)!)).toBeGreaterThan(3);
    expect(semitonesBetween(base, medianF0(up.samples, up.sampleRate)!)).toBeLessThan(5);
    expect(semitonesBetween(base, medianF0(down.samples, down.sampleRate)!)).toBeLessThan(-4);
    expect(semitonesBetween(base, medianF0(down.samples, down.sampleRate)!)).toBeGreaterThan(-6);
  });

  it('makes male voices sound male and female voices female to the pitch analysis', async () => {
    for (const [voiceId, gender] of [
      ['espeak:en-us', 'male'],
      ['espeak:de+m8', 'male'],
      ['espeak:en-us+f2', 'female'],
      ['espeak:es+annie', 'female'],
    ] as const) {
      const speech = await engine.synthesize({ text: SENTENCE, voiceId });
      expect(guessGender(medianF0(speech.samples, speech.sampleRate)), voiceId).toBe(gender);
    }
  });

  it('returns empty speech for empty text and rejects an unknown voice with not_found', async () => {
    expect((await engine.synthesize({ text: ' \n ', voiceId: 'espeak:en-us' })).samples.length).toBe(0);
    await expect(engine.synthesize({ text: 'hi', voiceId: 'espeak:xx' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('cancels: an aborted signal rejects at once, and queued requests leave the queue', async () => {
    const aborted = AbortSignal.abort();
    await expect(engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us', signal: aborted })).rejects.toMatchObject(
      { code: 'cancelled' },
    );
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const controller = new AbortController();
    // Many requests share one job signal; that must not pile listeners onto it.
    const requests = Array.from({ length: 12 }, () =>
      engine.synthesize({ text: SENTENCE, voiceId: 'espeak:en-us', signal: controller.signal }),
    );
    controller.abort();
    const results = await Promise.allSettled(requests);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
    expect(
      results.every(
        (result) => result.status === 'rejected' && (result.reason as { code: string }).code === 'cancelled',
      ),
    ).toBe(true);
    // The pool still works afterwards.
    expect(seconds(await engine.synthesize({ text: 'Still here.', voiceId: 'espeak:en-us' }))).toBeGreaterThan(0.3);
  });

  it('runs many requests at once on the pool (and reports its throughput)', async () => {
    const texts = Array.from(
      { length: 24 },
      (_, i) => `Sentence number ${i + 1} of the batch, spoken while others wait.`,
    );
    const started = performance.now();
    const speeches = await Promise.all(
      texts.map((text, i) => engine.synthesize({ text, voiceId: i % 2 ? 'espeak:it+f3' : 'espeak:it+m1' })),
    );
    const elapsed = performance.now() - started;
    const audio = speeches.reduce((sum, speech) => sum + seconds(speech), 0);
    console.log(
      `eSpeak pool: ${texts.length} sentences in ${elapsed.toFixed(0)} ms (${(elapsed / texts.length).toFixed(1)} ms each, ${(audio / (elapsed / 1000)).toFixed(0)}x real time)`,
    );
    expect(speeches.every((speech) => seconds(speech) > 1)).toBe(true);
  });
});

describe('eSpeak NG engine lifecycle', () => {
  it('rejects requests after dispose', async () => {
    const engine = createEspeakEngine({ size: 1 });
    await engine.synthesize({ text: 'One.', voiceId: 'espeak:en-us' });
    await engine.dispose();
    await expect(engine.synthesize({ text: 'Two.', voiceId: 'espeak:en-us' })).rejects.toThrow(/closed/);
  });
});
