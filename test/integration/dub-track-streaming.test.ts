// The dub track is written one clip at a time from clips saved on disk; the WAV must be the very samples the
// in-memory assembly gives (deterministic output), and the clips never all sit in memory.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAtomicTempName } from '../../src/main/files/atomic-write.js';
import { encodeWav } from '../../src/main/media/audio.js';
import { assembleDubTrack, saveClip, writeDubTrack, type DubClip } from '../../src/main/dubbing/dub-track.js';
import { planDubTiming } from '../../src/main/dubbing/timing-plan.js';

const RATE = 22050;
const tone = (index: number, ms: number, hz: number): DubClip => ({
  index,
  sampleRate: RATE,
  samples: Float32Array.from(
    { length: Math.round((ms * RATE) / 1000) },
    (_, i) => 0.6 * Math.sin((2 * Math.PI * hz * i) / RATE),
  ),
});

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('writeDubTrack from clips saved on disk', () => {
  it('writes byte for byte the WAV of the in-memory assembly: stretched, cut at limits, resampled, padded with silence', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-dub-track-'));
    dirs.push(dir);
    // Abutting cues, a line that needs stretch, one over its room (cut), and several write blocks of silence after them.
    const cues = [
      { index: 1, startMs: 500, endMs: 1500 },
      { index: 2, startMs: 1500, endMs: 2500 },
      { index: 4, startMs: 2550, endMs: 3350 },
    ];
    // Cue 2's clip came out 1600 ms where 1250 ms were planned: it is cut at the next cue.
    const clips = [tone(1, 800, 300), tone(2, 1600, 500), tone(4, 700, 700)];
    const plan = planDubTiming({
      cues,
      speechMs: [800, 1250, 700],
      synthesizedRates: [1, 1, 1],
      mediaDurationMs: 12_000,
    });
    const stored = await Promise.all(
      clips.map((clip) => saveClip(path.join(dir, `${clip.index}.f32`), clip.index, clip.samples, clip.sampleRate)),
    );
    expect(stored[1]).toMatchObject({ index: 2, sampleRate: RATE, length: clips[1].samples.length });

    for (const sampleRate of [undefined, 48_000]) {
      const inMemory = await assembleDubTrack(clips, plan.lines, { durationMs: plan.outputDurationMs, sampleRate });
      const file = path.join(dir, `dub-${sampleRate ?? 'native'}.wav`);
      const written = await writeDubTrack(file, stored, plan.lines, { durationMs: plan.outputDurationMs, sampleRate });
      expect(Buffer.compare(await fs.readFile(file), encodeWav(inMemory.samples, inMemory.sampleRate))).toBe(0);
      expect(written.placed).toEqual(inMemory.placed);
      expect(written.log).toEqual(inMemory.log);
      expect(written.log, JSON.stringify(written.log)).toContainEqual(
        expect.stringMatching(/^warning: cue 2 came out/),
      );
    }
    expect((await fs.readdir(dir)).filter(isAtomicTempName)).toEqual([]);
  });

  it('leaves no file, not even a temp file, when aborted', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-dub-track-'));
    dirs.push(dir);
    const plan = planDubTiming({
      cues: [{ index: 1, startMs: 0, endMs: 1000 }],
      speechMs: [800],
      mediaDurationMs: 2000,
    });
    const clip = await saveClip(path.join(dir, '1.f32'), 1, tone(1, 800, 300).samples, RATE);
    await expect(
      writeDubTrack(path.join(dir, 'dub.wav'), [clip], plan.lines, { durationMs: 2000, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(await fs.readdir(dir)).toEqual(['1.f32']);
  });
});
