// Decompresses one gzip file (Firefox Translations publishes `.bin.gz`) to its destination, hashing what it writes
// and stopping at a size limit, so a small .gz cannot expand to fill the disk.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { writeThroughTemp } from '../files/atomic-write.js';
import { UnpackLimitExceeded } from './unpack-limit.js';

export interface GunzipOptions {
  /** Most bytes the decompressed file may have: beyond it the write stops with UnpackLimitExceeded and nothing stays. */
  maxBytes: number;
  signal?: AbortSignal;
  /** Compressed bytes read so far and the compressed size. */
  onProgress?: (read: number, total: number) => void;
}

/** Writes through an atomic temp file, so a cut-off run never leaves a short file under the real name. */
export async function gunzipFile(
  source: string,
  dest: string,
  options: GunzipOptions,
): Promise<{ sha256: string; sizeBytes: number }> {
  const total = fs.statSync(source).size;
  const hash = createHash('sha256');
  let read = 0;
  let sizeBytes = 0;
  // Progress is counted inside the pipeline: a 'data' listener on the source would start it flowing before the
  // pipeline is attached (writeThroughTemp awaits first), and the gunzip would miss the first chunks.
  await writeThroughTemp(dest, (temp) =>
    pipeline(
      fs.createReadStream(source),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          read += chunk.length;
          options.onProgress?.(read, total);
          done(null, chunk);
        },
      }),
      zlib.createGunzip(),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          if (sizeBytes > options.maxBytes)
            return done(new UnpackLimitExceeded(`decompresses to more than ${options.maxBytes} bytes`));
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      fs.createWriteStream(temp),
      { signal: options.signal },
    ),
  );
  return { sha256: hash.digest('hex'), sizeBytes };
}

/** Whether the file starts with gzip's magic bytes. */
export function isGzip(file: string): boolean {
  return startsWith(file, [0x1f, 0x8b]);
}

export function startsWith(file: string, magic: number[]): boolean {
  const head = Buffer.alloc(magic.length);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    fs.readSync(fd, head, 0, magic.length, 0);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  return magic.every((byte, i) => head[i] === byte);
}
