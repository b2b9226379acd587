import { describe, expect, it } from 'vitest';
import { createMdxSpectrogram } from '../../src/main/engines/separation/mdx-spectrogram.js';

const shape = { nFft: 96, hop: 16, dimF: 48, dimT: 12 };

function signal(length: number, seed: number): Float32Array {
  return Float32Array.from(
    { length },
    (_, i) => 0.5 * Math.sin(0.37 * i * seed) + 0.3 * Math.cos(0.051 * i + seed) + 0.1 * Math.sin(1.3 * i),
  );
}

describe('MDX-Net spectrogram (torch.stft/istft layout)', () => {
  it('lays out [left re, left im, right re, right im] x dimF x dimT with the bins of a centred, reflect-padded, Hann-windowed DFT', () => {
    const mdx = createMdxSpectrogram(shape);
    expect(mdx.chunkSamples).toBe(16 * 11);
    const left = signal(mdx.chunkSamples, 1);
    const right = signal(mdx.chunkSamples, 2);
    const out = new Float32Array(mdx.size);
    mdx.forward(left, right, out);
    // Direct DFT of frame t of the right channel, the padding reflected as torch does.
    const reflect = (i: number) => right[i < 0 ? -i : i >= right.length ? 2 * (right.length - 1) - i : i];
    const plane = shape.dimF * shape.dimT;
    for (const [t, k] of [
      [0, 3],
      [5, 0],
      [11, 47],
      [7, 20],
    ]) {
      let re = 0;
      let im = 0;
      for (let n = 0; n < shape.nFft; n++) {
        const x = reflect(t * shape.hop - shape.nFft / 2 + n) * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / shape.nFft));
        re += x * Math.cos((2 * Math.PI * k * n) / shape.nFft);
        im -= x * Math.sin((2 * Math.PI * k * n) / shape.nFft);
      }
      expect(out[2 * plane + k * shape.dimT + t]).toBeCloseTo(re, 4);
      expect(out[3 * plane + k * shape.dimT + t]).toBeCloseTo(im, 4);
    }
  });

  it('gives back the signal from its own spectrogram (what a pass-through model would return)', () => {
    // dimF = nFft/2 drops only the Nyquist bin, which these signals hardly have.
    const mdx = createMdxSpectrogram({ nFft: 6144, hop: 1024, dimF: 3072, dimT: 16 });
    const left = Float32Array.from(
      { length: mdx.chunkSamples },
      (_, i) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / 44100) + 0.2 * Math.sin((2 * Math.PI * 3000 * i) / 44100),
    );
    const right = Float32Array.from(
      { length: mdx.chunkSamples },
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 97 * i) / 44100 + 1),
    );
    const spectrogram = new Float32Array(mdx.size);
    mdx.forward(left, right, spectrogram);
    const backLeft = new Float32Array(mdx.chunkSamples);
    const backRight = new Float32Array(mdx.chunkSamples);
    mdx.inverse(spectrogram, backLeft, backRight);
    let worst = 0;
    for (let i = 0; i < mdx.chunkSamples; i++)
      worst = Math.max(worst, Math.abs(backLeft[i] - left[i]), Math.abs(backRight[i] - right[i]));
    expect(worst).toBeLessThan(1e-4);
  });
});
