// The RMS envelope of a WAV, read in chunks: what an in-memory envelope of the same samples says, channels summed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/main/media/audio.js';
import { rmsEnvelope } from '../../src/main/media/dsp/envelope.js';
import { wavRmsEnvelope } from '../../src/main/media/dsp/wav-envelope.js';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-envelope-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('wavRmsEnvelope', () => {
  it('matches the in-memory envelope over a file longer than one read chunk', async () => {
    const rate = 48_000;
    // 30 s: silence, a 0.5-amplitude tone from 10 s to 20 s, silence.
    const samples = Float32Array.from({ length: rate * 30 }, (_, i) =>
      i >= rate * 10 && i < rate * 20 ? 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate) : 0,
    );
    const file = path.join(dir, 'tone.wav');
    await fs.writeFile(file, encodeWav(samples, rate));
    const envelope = await wavRmsEnvelope(file, 10);
    const expected = rmsEnvelope(samples, rate, 10);
    expect(envelope.length).toBe(expected.length);
    for (const window of [0, 999, 1000, 1500, 1999, 2000, 2999])
      expect(envelope[window]).toBeCloseTo(expected[window]!, 3);
    expect(envelope[1500]).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });
});
