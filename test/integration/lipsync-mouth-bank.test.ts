// The exemplar engine's mouth bank on disk: written from a reference's frames and track, read back patch by patch.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { faceFrameOf } from '../../src/main/engines/lipsync/exemplar/face-frame.js';
import {
  openMouthBank,
  readMouthBankIndex,
  writeMouthBank,
} from '../../src/main/engines/lipsync/exemplar/mouth-bank.js';
import { syntheticFaceWithLandmarks } from '../fixtures/synthetic-mouth.js';

describe('the mouth bank', () => {
  it("measures each frame's opening from its own landmarks and stores the patches it reads back; frames without a face are left out", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-bank-'));
    try {
      const frames = [0, 12, 24, 0].map((opening) => syntheticFaceWithLandmarks(opening));
      const track = [...frames.map((f) => f.face), null];
      const index = await writeMouthBank(
        dir,
        track,
        track.map((face) => (face ? faceFrameOf(face) : null)),
        null,
        (async function* () {
          for (const [i, f] of frames.entries()) yield { index: i, image: f.image };
        })(),
      );
      expect(index.entries.map((entry) => entry.frame)).toEqual([0, 1, 2, 3]);
      const openings = index.entries.map((entry) => entry.shape.opening);
      expect(openings[0]).toBeLessThan(openings[1]!);
      expect(openings[1]).toBeLessThan(openings[2]!);
      expect((await readMouthBankIndex(dir)).entries).toEqual(index.entries);
      const reader = await openMouthBank(dir, index);
      // The open mouth's patch holds the dark opening; the closed one's does not.
      const darkShare = (patch: { data: Uint8Array }) =>
        patch.data.filter((value, i) => i % 3 === 0 && value < 90).length / (patch.data.length / 3);
      expect(darkShare(await reader.read(2))).toBeGreaterThan(darkShare(await reader.read(0)) + 0.01);
      await reader.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps only the mouths a short file really delivered', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-bank-'));
    try {
      const frames = [0, 12, 24].map((opening) => syntheticFaceWithLandmarks(opening));
      // The track promises three frames; the file delivers two.
      const index = await writeMouthBank(
        dir,
        frames.map((f) => f.face),
        frames.map((f) => faceFrameOf(f.face)),
        null,
        (async function* () {
          for (const [i, f] of frames.slice(0, 2).entries()) yield { index: i, image: f.image };
        })(),
      );
      expect(index.entries.map((entry) => entry.frame)).toEqual([0, 1]);
      const bytes = index.patchWidth * index.patchHeight * 3;
      expect((await fs.stat(path.join(dir, 'mouths.rgb'))).size).toBe(2 * bytes);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
