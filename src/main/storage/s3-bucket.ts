// One storage's view of its bucket: the client, where keys live under the prefix, paged listing, reads, and the
// mapping of SDK failures to DubDesk errors naming the storage.
import { GetObjectCommand, ListObjectsV2Command, type GetObjectCommandOutput, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client, type S3ConnectionOptions } from './s3-client.js';
import { s3Error } from './s3-errors.js';
import { assertKey, joinKey, normalizePrefix } from './storage-keys.js';

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

export interface S3Bucket {
  client: S3Client;
  Bucket: string;
  /** The storage's prefix in the bucket ('' for the whole bucket). */
  root: string;
  location: string;
  partSize: number;
  /** The object name of the key `key` (checked). */
  objectKey(key: string): string;
  /** `error` of the SDK as the DubDesk error to throw. */
  fail(error: unknown, action: string, key?: string, rangeStart?: number): unknown;
  /** The object names under the folder `folder` of the storage ('' for all of it), one ListObjectsV2 page at a time. */
  pages(folder: string): AsyncGenerator<string[]>;
  getObject(key: string, range?: { start: number; end: number }, signal?: AbortSignal): Promise<GetObjectCommandOutput>;
}

/** The bucket `options.bucket` under `options.prefix`, with a new client. */
export function openS3Bucket(options: S3StorageOptions): S3Bucket {
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
  const fail = (error: unknown, action: string, key?: string, rangeStart?: number) =>
    s3Error(error, { location, endpoint, action, key, rangeStart });

  /** The prefix of every object under the folder `folder` of the storage ('' for all of it). */
  const folderPrefix = (folder: string) => {
    const full = folder === '' ? root : joinKey(root, folder);
    return full === '' ? '' : `${full}/`;
  };

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

  const getObject = async (
    key: string,
    range?: { start: number; end: number },
    signal?: AbortSignal,
  ): Promise<GetObjectCommandOutput> => {
    const Key = objectKey(key);
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key, Range }), { abortSignal: signal });
    } catch (error) {
      throw fail(error, `read ${JSON.stringify(key)}`, key, range?.start);
    }
  };

  return { client, Bucket, root, location, partSize, objectKey, fail, pages, getObject };
}
