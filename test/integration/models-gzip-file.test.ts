// Decompressing a downloaded .gz: every byte of it, every time. The first chunks were once lost now and then,
// when the source began to flow before the decompressing pipeline was attached (an install then failed as "not
// a complete gzip file").
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { gunzipFile } from '../../src/main/models/gzip-file.js';
import { UnpackLimitExceeded } from '../../src/main/models/unpack-limit.js';

describe('gunzipFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-gunzip-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the whole content, with its progress, on 40 runs into new folders', async () => {
    const content = randomBytes(300_000);
    const source = path.join(dir, 'model.bin.gz');
    fs.writeFileSync(source, zlib.gzipSync(content));
    for (let run = 0; run < 40; run++) {
      let lastRead = 0;
      const dest = path.join(dir, `run-${run}`, 'nested', 'model.bin');
      const stored = await gunzipFile(source, dest, {
        maxBytes: content.length,
        onProgress: (read) => {
          lastRead = read;
        },
      });
      expect(stored.sizeBytes).toBe(content.length);
      expect(fs.readFileSync(dest).equals(content)).toBe(true);
      expect(lastRead).toBe(fs.statSync(source).size);
    }
  });

  it('stops at its size limit with nothing left under the name or beside it', async () => {
    // 16 MB of zeros gzip to about 16 kB: a small bomb.
    const source = path.join(dir, 'bomb.bin.gz');
    fs.writeFileSync(source, zlib.gzipSync(Buffer.alloc(16 << 20)));
    const folder = path.join(dir, 'bomb');
    const failure = await gunzipFile(source, path.join(folder, 'model.bin'), { maxBytes: 1 << 20 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UnpackLimitExceeded);
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});
