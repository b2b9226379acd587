import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  atomicTarget,
  atomicTempPath,
  isAtomicTempName,
  writeFileAtomic,
  writeFileAtomicSync,
  writeHandleAtomic,
  writeThroughTemp,
} from '../../src/main/files/atomic-write.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-atomic-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('atomic writes (files/atomic-write.ts)', () => {
  it('lets many writers race on one file: every write succeeds and the file is one of them, whole', async () => {
    const file = path.join(dir, 'stages', '01-prepare.json');
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ writer: i, pad: 'x'.repeat(50_000 + i) }));
    await Promise.all(bodies.map((body) => writeFileAtomic(file, body)));
    expect(bodies).toContain(await fs.readFile(file, 'utf8'));
    expect(await fs.readdir(path.dirname(file))).toEqual(['01-prepare.json']);
  });

  it('keeps the old file and leaves no temp file when the writer fails', async () => {
    const file = path.join(dir, 'out.mp4');
    await fs.writeFile(file, 'old');
    let seenTemp = '';
    await expect(
      writeThroughTemp(file, async (temp) => {
        seenTemp = temp;
        await fs.writeFile(temp, 'half');
        throw new Error('encoder died');
      }),
    ).rejects.toThrow('encoder died');
    // The temp keeps the extension (ffmpeg picks the container by name) and is hidden beside the target.
    expect(path.dirname(seenTemp)).toBe(dir);
    expect(path.extname(seenTemp)).toBe('.mp4');
    expect(isAtomicTempName(path.basename(seenTemp))).toBe(true);
    expect(await fs.readFile(file, 'utf8')).toBe('old');
    expect(await fs.readdir(dir)).toEqual(['out.mp4']);
  });

  it('writes through a handle, returns the fill result, and removes the temp when the fill throws', async () => {
    const file = path.join(dir, 'crops.rgb');
    const size = await writeHandleAtomic(file, async (handle) => {
      await handle.write(Buffer.from('abc'));
      await handle.truncate(6);
      return 6;
    });
    expect(size).toBe(6);
    expect(await fs.readFile(file)).toEqual(Buffer.from([97, 98, 99, 0, 0, 0]));
    const other = path.join(dir, 'dub.wav');
    await expect(
      writeHandleAtomic(other, async (handle) => {
        await handle.write(Buffer.from('partial'));
        throw new Error('cancelled');
      }),
    ).rejects.toThrow('cancelled');
    expect(await fs.readdir(dir)).toEqual(['crops.rgb']);
  });

  it('reserves a target that a multi-call writer commits or aborts', async () => {
    const file = path.join(dir, 'video.mkv');
    const kept = atomicTarget(file);
    await fs.writeFile(kept.tempPath, 'frames');
    expect(await fs.readdir(dir)).toEqual([path.basename(kept.tempPath)]);
    await kept.commit();
    expect(await fs.readFile(file, 'utf8')).toBe('frames');
    const dropped = atomicTarget(file);
    await fs.writeFile(dropped.tempPath, 'half');
    await dropped.abort();
    expect(await fs.readdir(dir)).toEqual(['video.mkv']);
    expect(await fs.readFile(file, 'utf8')).toBe('frames');
  });

  it('moves a whole folder into place, or removes the half-copied folder when the copy fails', async () => {
    const source = path.join(dir, 'source');
    await fs.mkdir(path.join(source, 'nested'), { recursive: true });
    await fs.writeFile(path.join(source, 'nested', 'crops.rgb'), 'rgb');
    const target = path.join(dir, 'models', 'rm_1');
    await writeThroughTemp(target, (temp) => fs.cp(source, temp, { recursive: true }));
    expect(await fs.readFile(path.join(target, 'nested', 'crops.rgb'), 'utf8')).toBe('rgb');
    const failed = path.join(dir, 'models', 'rm_2');
    await expect(
      writeThroughTemp(failed, async (temp) => {
        await fs.cp(source, temp, { recursive: true });
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await fs.readdir(path.join(dir, 'models'))).toEqual(['rm_1']);
  });

  it('writes synchronously too, creating the folder, with nothing left beside the file', () => {
    const file = path.join(dir, 'running-services', '123-7860.json');
    writeFileAtomicSync(file, '{"pid":123}\n');
    writeFileAtomicSync(file, '{"pid":124}\n');
    return fs.readdir(path.dirname(file)).then(async (names) => {
      expect(names).toEqual(['123-7860.json']);
      expect(await fs.readFile(file, 'utf8')).toBe('{"pid":124}\n');
    });
  });

  it('names temp files so a crash leftover is recognised, and never mistakes a real file for one', () => {
    expect(isAtomicTempName(path.basename(atomicTempPath('/w/output/interview.de.mp4')))).toBe(true);
    expect(isAtomicTempName(path.basename(atomicTempPath('/w/stages/01-fetch-inputs.json')))).toBe(true);
    expect(isAtomicTempName(path.basename(atomicTempPath('/w/noext')))).toBe(true);
    for (const name of ['interview.de.mp4', '.hidden', 'a.partial.mp4', '01-prepare.json'])
      expect(isAtomicTempName(name)).toBe(false);
  });
});
