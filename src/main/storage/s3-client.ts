// The one S3Client a storage uses, set up for S3-compatible servers (MinIO, Ceph, Garage...) as well as AWS.
import { createHash } from 'node:crypto';
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

/** What the caller may set; anything left out comes from the standard AWS environment (AWS_REGION, AWS_ENDPOINT_URL_S3...). */
export interface S3ConnectionOptions {
  region?: string;
  /** e.g. http://127.0.0.1:9000 for MinIO (AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL when unset). */
  endpoint?: string;
  /** bucket in the path instead of the host name: MinIO-style servers need it (DUBDESK_S3_FORCE_PATH_STYLE=1). */
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Tries per request, the SDK's default (3) when unset. */
  maxAttempts?: number;
}

export function createS3Client(options: S3ConnectionOptions): S3Client {
  const config: S3ClientConfig = {
    // The SDK's default CRC32 checksums on every upload are refused by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    forcePathStyle: options.forcePathStyle ?? false,
  };
  if (options.region) config.region = options.region;
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  if (options.maxAttempts) config.maxAttempts = options.maxAttempts;
  const client = new S3Client(config);
  // DeleteObjects is the one call S3 requires a body checksum on: the SDK now sends CRC32, but S3's documentation
  // (and older MinIO, s3proxy) ask for Content-MD5, which AWS still accepts. The SDK's own fallback recipe
  // (supplemental-docs/MD5_FALLBACK.md): after the checksum middleware, swap its headers for Content-MD5.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'DeleteObjectsCommand') return next(args);
      const request = args.request as { headers: Record<string, string>; body?: string | Uint8Array };
      for (const name of Object.keys(request.headers)) {
        if (/^x-amz-(sdk-)?checksum-/i.test(name)) delete request.headers[name];
      }
      if (request.body !== undefined)
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      return next(args);
    },
    { step: 'build', priority: 'low', name: 'dubdeskDeleteObjectsContentMd5' },
  );
  return client;
}
