// Shared storage in an S3-compatible bucket (AWS S3, MinIO, Ceph...), through the official AWS SDK v3. A key is an
// object under the storage's prefix. A PUT and a completed multipart upload replace an object at once, so readers
// on other machines see the old object or the whole new one; an unfinished multipart upload is never visible.
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { DubDeskError } from '../../shared/errors.js';
import { writeThroughTemp } from '../files/atomic-write.js';
import { getFolderFiles, putFolderFiles } from './folder-transfer.js';
import { withLocalSource } from './local-source.js';
import { createS3Client, type S3ConnectionOptions } from './s3-client.js';
import { s3Error } from './s3-errors.js';
import type { SharedStorage, StorageRead } from '../files/shared-storage.js';
import { assertKey, assertRange, compareKeys, isValidKey, joinKey, normalizePrefix } from './storage-keys.js';

export interface S3StorageOptions extends S3ConnectionOptions {
  bucket: string;
  /** The folder of the bucket the storage lives in ('' or unset: the whole bucket). */
  prefix?: string;
  /** Keys per ListObjectsV2 page, at most 1000 (S3's maximum, the default); tests page through a few. */
  pageSize?: number;
  /** Multipart part size in bytes, at least 5 MiB (S3's minimum, the default); a file of one part goes up in one PUT. */
  partSize?: number;
}

const MAX_PAGE = 1000;
const MIN_PART = 5 * 1024 * 1024;
// Parts in flight per upload: partSize × this is the memory an upload holds.
const PARTS_IN_FLIGHT = 4;

/** The bucket `options.bucket` (under `options.prefix`) as SharedStorage. */
export function createS3Storage(options: S3StorageOptions): SharedStorage {
  const Bucket = options.bucket;
  const root = normalizePrefix(options.prefix ?? '');
  const pageSize = Math.min(Math.max(1, Math.floor(options.pageSize ?? MAX_PAGE)), MAX_PAGE);
  const partSize = Math.max(options.partSize ?? MIN_PART, MIN_PART);
  const location = `s3://${Bucket}${root === '' ? '' : `/${root}`}`;
  const endpoint = options.endpoint ? new URL(options.endpoint).origin : undefined;
  const client = createS3Client(options);

  const objectKey = (key: string) => {
    assertKey(key);
    return joinKey(root, key);
  };
  const fail = (error: unknown, action: string, key?: string, rangeStart?: number) => s3Error(error, { location, endpoint, action, key, rangeStart });

  /** The prefix of every object under the folder `folder` of the storage ('' for all of it). */
  const folderPrefix = (folder: string) => {
    const full = folder === '' ? root : joinKey(root, folder);
    return full === '' ? '' : `${full}/`;
  };

  /** The object names under the folder `folder` of the storage ('' for all of it), one ListObjectsV2 page at a time. */
  async function* pages(folder: string): AsyncGenerator<string[]> {
    const Prefix = folderPrefix(folder) || undefined;
    let ContinuationToken: string | undefined;
    do {
      const page = await client
        .send(new ListObjectsV2Command({ Bucket, Prefix, MaxKeys: pageSize, ContinuationToken }))
        .catch((error: unknown) => Promise.reject(fail(error, `list ${JSON.stringify(folder)}`)));
      yield (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key]));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const getObject = async (key: string, range?: { start: number; end: number }, signal?: AbortSignal): Promise<GetObjectCommandOutput> => {
    const Key = objectKey(key);
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key, Range }), { abortSignal: signal });
    } catch (error) {
      throw fail(error, `read ${JSON.stringify(key)}`, key, range?.start);
    }
  };

  const storage: SharedStorage = {
    location,

    async putFile(key, local, signal) {
      const Key = objectKey(key);
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
    },

    async getFile(key, localPath, signal) {
      signal?.throwIfAborted();
      const response = await getObject(key, undefined, signal);
      const body = response.Body as Readable;
      try {
        await writeThroughTemp(localPath, async (temp) => {
          const file = createWriteStream(temp);
          await pipeline(body, file, { signal });
          // A connection cut short can end a body early without an error; such a file must not be kept.
          if (response.ContentLength !== undefined && file.bytesWritten !== response.ContentLength) {
            throw new DubDeskError('internal', `Shared storage ${location} sent ${file.bytesWritten} of the ${response.ContentLength} bytes of ${JSON.stringify(key)}.`, { retryable: true });
          }
        });
      } catch (error) {
        body.destroy();
        throw fail(error, `download ${JSON.stringify(key)}`, key);
      }
    },

    async read(key, range): Promise<StorageRead> {
      if (range) assertRange(range);
      const response = await getObject(key, range);
      const stream = response.Body as Readable;
      if (!range) {
        const size = response.ContentLength ?? 0;
        return { stream, size, start: 0, end: size - 1 };
      }
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
      if (!served) {
        stream.destroy();
        throw new DubDeskError('internal', `Shared storage ${location} answered a range read of ${JSON.stringify(key)} without a Content-Range; it must support HTTP Range.`);
      }
      return { stream, size: Number(served[3]), start: Number(served[1]), end: Number(served[2]) };
    },

    async stat(key) {
      const Key = objectKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        // HEAD answers have no body, so a missing bucket reads as a missing object here (getFile and list tell them apart).
        const mapped = fail(error, `look up ${JSON.stringify(key)}`, key);
        if (mapped instanceof DubDeskError && mapped.code === 'not_found') return null;
        throw mapped;
      }
    },

    async list(prefix) {
      const skip = root === '' ? 0 : root.length + 1;
      const keys: string[] = [];
      for await (const page of pages(normalizePrefix(prefix))) {
        // Objects that are not keys (an S3 console's "folder/" marker) are not listed.
        for (const objectName of page) if (isValidKey(objectName.slice(skip))) keys.push(objectName.slice(skip));
      }
      return keys.sort(compareKeys);
    },

    async delete(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        throw fail(error, `delete ${JSON.stringify(key)}`);
      }
    },

    async deletePrefix(prefix) {
      const folder = normalizePrefix(prefix);
      if (folder === '') throw new DubDeskError('invalid_request', 'deletePrefix needs a prefix: the whole shared storage is never deleted by one call.');
      // Each listed page (at most 1000 keys, DeleteObjects' limit) is deleted before the next is asked for.
      for await (const page of pages(folder)) {
        if (page.length === 0) continue;
        let result;
        try {
          result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: page.map((Key) => ({ Key })), Quiet: true } }));
        } catch (error) {
          throw fail(error, `delete the objects under ${JSON.stringify(folder)}`);
        }
        const refused = result.Errors?.[0];
        if (refused) {
          throw new DubDeskError('internal', `Shared storage ${location} did not delete ${result.Errors!.length} object(s) under ${JSON.stringify(folder)}, the first ${JSON.stringify(refused.Key)} (${refused.Code}: ${refused.Message}).`);
        }
      }
    },

    putFolder: (prefix, localDir, signal) => putFolderFiles(storage, prefix, localDir, signal),
    getFolder: (prefix, localDir, signal) => getFolderFiles(storage, prefix, localDir, signal),
    async close() {
      client.destroy();
    },
  };
  return storage;
}
