// Chunked AAC encoding with real ffmpeg: a mix in which one stretch changed is encoded again only around it, and
// the spliced stream decodes like a whole encode (same length, aligned to the sample, no worse at the seams).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { CHUNK_SAMPLES, encodeAacChunked } from '../../src/main/media/chunked-aac.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { audioExportArgs } from '../../src/main/dubbing/export-args.js';
import { makeMediaDir } from '../fixtures/media.js';

const { ffmpeg } = resolveMediaTools();
const RATE = 48_000;
let media: { dir: string; cleanup: () => Promise<void> };

/** A 50 s stereo mix: a tone over pink noise. */
async function makeMix(name: string): Promise<string> {
  const file = path.join(media.dir, name);
  await runProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=300:sample_rate=${RATE}:duration=50`,
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=d=50:c=pink:r=${RATE}:a=0.1:seed=7`,
      '-filter_complex',
      '[0][1]amix=inputs=2,volume=2',
      '-ac',
      '2',
      '-ar',
      String(RATE),
      '-c:a',
      'pcm_s16le',
      file,
    ],
    { toolName: 'ffmpeg' },
  );
  return file;
}

/** A copy of the mix whose [20.9 s, 22.9 s] is a louder 1200 Hz tone: one line spoken anew. */
async function withChangedLine(source: string, name: string): Promise<string> {
  const bytes = await fs.readFile(source);
  const dataOffset = bytes.indexOf(Buffer.from('data')) + 8;
  for (let frame = Math.round(20.9 * RATE); frame < Math.round(22.9 * RATE); frame++) {
    const value = Math.round(12_000 * Math.sin((2 * Math.PI * 1200 * frame) / RATE));
    bytes.writeInt16LE(value, dataOffset + frame * 4);
    bytes.writeInt16LE(value, dataOffset + frame * 4 + 2);
  }
  const file = path.join(media.dir, name);
  await fs.writeFile(file, bytes);
  return file;
}

/** The mix as a finished M4A (the ADTS copied, its priming trimmed), decoded back to mono PCM. */
async function finishedAndDecoded(adts: string, name: string): Promise<Float32Array> {
  const m4a = path.join(media.dir, name);
  await runProcess(ffmpeg, audioExportArgs(adts, m4a, 'm4a', RATE), { toolName: 'ffmpeg' });
  return decodeAudioPcm(m4a, { sampleRate: RATE });
}

/** Signal-to-error ratio of `decoded` against `reference` over [fromSec, toSec), dB. */
function snrDb(decoded: Float32Array, reference: Float32Array, fromSec: number, toSec: number): number {
  let signal = 0;
  let error = 0;
  for (let i = Math.round(fromSec * RATE); i < Math.round(toSec * RATE); i++) {
    signal += reference[i]! ** 2;
    error += (decoded[i]! - reference[i]!) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(error, 1e-12));
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-chunked-aac-');
});

afterAll(async () => {
  await media?.cleanup();
});

describe('chunked AAC encoding', () => {
  it('encodes once whole, then only the chunk a change touched; both decode aligned and as clean at the seams as inside', async () => {
    const cacheDir = path.join(media.dir, 'cache');
    const first = await makeMix('first.wav');
    const firstAdts = path.join(media.dir, 'first.adts');
    const whole = await encodeAacChunked({ ffmpeg, wavFile: first, outputFile: firstAdts, cacheDir });
    expect(whole).toEqual({ chunks: 3, encoded: 3, sampleRate: RATE });

    const second = await withChangedLine(first, 'second.wav');
    const secondAdts = path.join(media.dir, 'second.adts');
    const again = await encodeAacChunked({ ffmpeg, wavFile: second, outputFile: secondAdts, cacheDir });
    // 20.9..22.9 s lies in the second chunk only (20.48..40.96 s).
    expect(again).toEqual({ chunks: 3, encoded: 1, sampleRate: RATE });

    const reference = await decodeAudioPcm(second, { sampleRate: RATE });
    const decoded = await finishedAndDecoded(secondAdts, 'second.m4a');
    // Aligned to the mix (the priming packet is trimmed as a direct encode's is); a copied stream keeps at most its
    // last packet's padding at the end (under 1024 samples, 21 ms of silence).
    expect(decoded.length - reference.length).toBeGreaterThanOrEqual(0);
    expect(decoded.length - reference.length).toBeLessThan(1024);
    const inside = snrDb(decoded, reference, 5, 15);
    expect(inside).toBeGreaterThan(15);
    const seam = CHUNK_SAMPLES / RATE;
    for (const at of [seam, 2 * seam])
      expect(snrDb(decoded, reference, at - 0.05, at + 0.05)).toBeGreaterThan(inside - 3);
    // The changed stretch holds the new sound, not the first mix's.
    expect(snrDb(decoded, reference, 21, 22.8)).toBeGreaterThan(15);
    const firstReference = await decodeAudioPcm(first, { sampleRate: RATE });
    expect(snrDb(decoded, firstReference, 21, 22.8)).toBeLessThan(3);

    const wholeDecoded = await finishedAndDecoded(firstAdts, 'first.m4a');
    expect(wholeDecoded.length - firstReference.length).toBeLessThan(1024);
    expect(snrDb(wholeDecoded, firstReference, 5, 45)).toBeGreaterThan(15);
    // Only the chunks of the last encode stay in the cache (older ones once an hour old).
    expect((await fs.readdir(cacheDir)).filter((name) => name.endsWith('.adts')).length).toBe(4);
  }, 120_000);
});
