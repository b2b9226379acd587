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
      const stored = await gunzipFile(source, dest, { onProgress: (read) => { lastRead = read; } });
      expect(stored.sizeBytes).toBe(content.length);
      expect(fs.readFileSync(dest).equals(content)).toBe(true);
      expect(lastRead).toBe(fs.statSync(source).size);
    }
  });
});
