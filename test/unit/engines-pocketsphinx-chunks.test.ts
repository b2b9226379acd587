// Where PocketSphinx cuts a long recording for one decoder per core: at pauses between speech regions, into chunks of
// about equal length, never shorter than MIN_CHUNK_MS; and where a WAV keeps its samples.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkAtPauses, MIN_CHUNK_MS, readWavLayout } from '../../src/main/engines/asr/pocketsphinx-chunks.js';
import { encodeWav } from '../../src/main/media/audio.js';

/** Speech of 4 s every 5 s (1 s pauses) over `durationMs`. */
const regularSpeech = (durationMs: number) =>
  Array.from({ length: Math.floor(durationMs / 5000) }, (_, i) => ({ startMs: i * 5000, endMs: i * 5000 + 4000 }));

describe('chunkAtPauses', () => {
  it('cuts 150 s of speech into one chunk per decoder, each cut in the middle of a pause near the ideal point', () => {
    const regions = regularSpeech(150_000);
    const chunks = chunkAtPauses(150_000, regions, 2);
    expect(chunks).toEqual([
      { startMs: 0, endMs: 74_500 },
      { startMs: 74_500, endMs: 150_000 },
    ]);
    const four = chunkAtPauses(150_000, regions, 4);
    expect(four).toHaveLength(4);
    for (const chunk of four) {
      expect(chunk.endMs - chunk.startMs).toBeGreaterThan(30_000);
      // No region is cut: every bound lies in a pause.
      expect(regions.some((region) => chunk.endMs > region.startMs && chunk.endMs < region.endMs)).toBe(false);
    }
    expect(four[0]!.startMs).toBe(0);
    expect(four.at(-1)!.endMs).toBe(150_000);
  });

  it('keeps short audio whole, and never makes a chunk shorter than the minimum', () => {
    expect(chunkAtPauses(20_000, regularSpeech(20_000), 2)).toEqual([{ startMs: 0, endMs: 20_000 }]);
    const chunks = chunkAtPauses(40_000, regularSpeech(40_000), 4);
    expect(chunks).toHaveLength(2);
    for (const chunk of chunks) expect(chunk.endMs - chunk.startMs).toBeGreaterThanOrEqual(MIN_CHUNK_MS);
  });

  it('keeps the audio whole when the speech has no pause to cut at', () => {
    expect(chunkAtPauses(120_000, [{ startMs: 0, endMs: 120_000 }], 2)).toEqual([{ startMs: 0, endMs: 120_000 }]);
    // Pauses shorter than a breath are not cut at.
    expect(
      chunkAtPauses(
        60_000,
        [
          { startMs: 0, endMs: 30_000 },
          { startMs: 30_100, endMs: 60_000 },
        ],
        2,
      ),
    ).toHaveLength(1);
    expect(chunkAtPauses(60_000, [], 2)).toHaveLength(1);
  });
});

describe('readWavLayout', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-wav-layout-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the samples of a 16-bit mono WAV, past any extra chunk', () => {
    const plain = path.join(dir, 'plain.wav');
    writeFileSync(plain, encodeWav(new Float32Array(16_000), 16_000));
    expect(readWavLayout(plain)).toEqual({ sampleRate: 16_000, dataOffset: 44, dataBytes: 32_000 });
    // ffmpeg writes a LIST chunk between fmt and data.
    const wav = encodeWav(new Float32Array(800), 16_000);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([10, 0, 0, 0]), Buffer.alloc(10)]);
    const withList = path.join(dir, 'list.wav');
    writeFileSync(withList, Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]));
    expect(readWavLayout(withList)).toEqual({ sampleRate: 16_000, dataOffset: 62, dataBytes: 1600 });
  });

  it('says nothing of a file that is not 16-bit mono PCM, or is not there', () => {
    const junk = path.join(dir, 'junk.wav');
    writeFileSync(junk, Buffer.alloc(200, 7));
    expect(readWavLayout(junk)).toBeUndefined();
    const stereo = encodeWav(new Float32Array(100), 16_000);
    stereo.writeUInt16LE(2, 22);
    writeFileSync(path.join(dir, 'stereo.wav'), stereo);
    expect(readWavLayout(path.join(dir, 'stereo.wav'))).toBeUndefined();
    expect(readWavLayout(path.join(dir, 'gone.wav'))).toBeUndefined();
  });
});
