// Moves one object's bytes between a bucket and this machine: upload from a local file, download to a local file
// (kept only when whole), and a streamed read of all or a range of it.
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Upload } from '@aws-sdk/lib-storage';
import { DubDeskError } from '../../shared/errors.js';
import { writeThroughTemp } from '../files/atomic-write.js';
import type { LocalSource, StorageRead } from '../files/shared-storage.js';
import { withLocalSource } from './local-source.js';
import type { S3Bucket } from './s3-bucket.js';
import { assertRange } from './storage-keys.js';

// Parts in flight per upload: partSize × this is the memory an upload holds.
const PARTS_IN_FLIGHT = 4;

/** Uploads `local` as the object `key`, in one PUT or a multipart upload that is aborted when it fails. */
export async function uploadObject(
  bucket: S3Bucket,
  key: string,
  local: string | LocalSource,
  signal?: AbortSignal,
): Promise<void> {
  const { client, Bucket, partSize, fail } = bucket;
  const Key = bucket.objectKey(key);
  signal?.throwIfAborted();
  await withLocalSource(local, async (source) => {
    const upload = new Upload({
      client,
      params: { Bucket, Key, Body: source.handle.createReadStream({ autoClose: false }), ContentLength: source.size },
      partSize,
      queueSize: PARTS_IN_FLIGHT,
      // A failed or cancelled multipart upload is aborted, so its parts are not kept (and billed) on the server.
      leavePartsOnError: false,
    });
    const abort = () => void upload.abort();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await upload.done();
    } catch (error) {
      throw fail(error, `upload ${JSON.stringify(key)}`);
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  });
}

/** Downloads the object `key` to `localPath`, which appears only once all its bytes are there. */
export async function downloadObject(
  bucket: S3Bucket,
  key: string,
  localPath: string,
  signal?: AbortSignal,
): Promise<void> {
  const { location, fail } = bucket;
  signal?.throwIfAborted();
  const response = await bucket.getObject(key, undefined, signal);
  const body = response.Body as Readable;
  try {
    await writeThroughTemp(localPath, async (temp) => {
      const file = createWriteStream(temp);
      await pipeline(body, file, { signal });
      // A connection cut short can end a body early without an error; such a file must not be kept.
      if (response.ContentLength !== undefined && file.bytesWritten !== response.ContentLength) {
        throw new DubDeskError(
          'internal',
          `Shared storage ${location} sent ${file.bytesWritten} of the ${response.ContentLength} bytes of ${JSON.stringify(key)}.`,
          { retryable: true },
        );
      }
    });
  } catch (error) {
    body.destroy();
    throw fail(error, `download ${JSON.stringify(key)}`, key);
  }
}

/** A stream of the object `key`, or of the bytes `range` of it. */
export async function readObject(
  bucket: S3Bucket,
  key: string,
  range?: { start: number; end: number },
): Promise<StorageRead> {
  if (range) assertRange(range);
  const response = await bucket.getObject(key, range);
  const stream = response.Body as Readable;
  if (!range) {
    const size = response.ContentLength ?? 0;
    return { stream, size, start: 0, end: size - 1 };
  }
  const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
  if (!served) {
    stream.destroy();
    throw new DubDeskError(
      'internal',
      `Shared storage ${bucket.location} answered a range read of ${JSON.stringify(key)} ` +
        `without a Content-Range; it must support HTTP Range.`,
    );
  }
  return { stream, size: Number(served[3]), start: Number(served[1]), end: Number(served[2]) };
}
