// Shared storage in an S3-compatible bucket (AWS S3, MinIO, Ceph...), through the official AWS SDK v3. A key is an
// object under the storage's prefix. A PUT and a completed multipart upload replace an object at once, so readers
// on other machines see the old object or the whole new one; an unfinished multipart upload is never visible.
import { DeleteObjectCommand, DeleteObjectsCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { DubDeskError } from '../../shared/errors.js';
import { getFolderFiles, putFolderFiles } from './folder-transfer.js';
import { openS3Bucket, type S3StorageOptions } from './s3-bucket.js';
import { downloadObject, readObject, uploadObject } from './s3-object-transfer.js';
import type { SharedStorage } from '../files/shared-storage.js';
import { compareKeys, isValidKey, normalizePrefix } from './storage-keys.js';

export type { S3StorageOptions } from './s3-bucket.js';

/** The bucket `options.bucket` (under `options.prefix`) as SharedStorage. */
export function createS3Storage(options: S3StorageOptions): SharedStorage {
  const bucket = openS3Bucket(options);
  const { client, Bucket, root, location, objectKey, fail, pages } = bucket;

  const storage: SharedStorage = {
    location,

    putFile: (key, local, signal) => uploadObject(bucket, key, local, signal),
    getFile: (key, localPath, signal) => downloadObject(bucket, key, localPath, signal),
    read: (key, range) => readObject(bucket, key, range),

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
      if (folder === '')
        throw new DubDeskError(
          'invalid_request',
          'deletePrefix needs a prefix: the whole shared storage is never deleted by one call.',
        );
      // Each listed page (at most 1000 keys, DeleteObjects' limit) is deleted before the next is asked for.
      for await (const page of pages(folder)) {
        if (page.length === 0) continue;
        let result;
        try {
          result = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: page.map((Key) => ({ Key })), Quiet: true } }),
          );
        } catch (error) {
          throw fail(error, `delete the objects under ${JSON.stringify(folder)}`);
        }
        const refused = result.Errors?.[0];
        if (refused) {
          throw new DubDeskError(
            'internal',
            `Shared storage ${location} did not delete ${result.Errors!.length} object(s) ` +
              `under ${JSON.stringify(folder)}, the first ${JSON.stringify(refused.Key)} ` +
              `(${refused.Code}: ${refused.Message}).`,
          );
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
