// The --storage value (env DUBDESK_STORAGE) to a SharedStorage: s3://bucket[/prefix] is a bucket, an absolute path
// a shared folder. Region, credentials and endpoint come from the standard AWS environment, never from the value.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { createFolderStorage } from './folder-storage.js';
import { createS3Storage, type S3StorageOptions } from './s3-storage.js';
import type { SharedStorage } from '../files/shared-storage.js';
import { normalizePrefix } from './storage-keys.js';

export type StorageSpec = { kind: 's3'; bucket: string; prefix: string } | { kind: 'folder'; root: string };

export interface OpenStorageOptions {
  /** Where DUBDESK_S3_FORCE_PATH_STYLE is read (process.env when unset); the SDK reads the AWS_* variables itself. */
  env?: Record<string, string | undefined>;
  /** Client settings that win over the environment (tests: a loopback endpoint and its credentials). */
  s3?: Omit<S3StorageOptions, 'bucket' | 'prefix'>;
}

const EXAMPLES =
  'use s3://bucket/prefix (an S3-compatible bucket) or an absolute path such as /mnt/dubdesk (a shared folder)';
// S3's bucket naming rules, loosened to the upper case and underscores that older buckets and some servers allow.
const BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;

function refuse(spec: string, reason: string, hint = EXAMPLES): DubDeskError {
  // A value with credentials in it is shown without them: this message reaches logs and terminals.
  const shown = spec.replace(/^([a-z0-9+.-]+:\/\/).*@/i, '$1…@');
  return new DubDeskError(
    'invalid_request',
    `The shared storage ${JSON.stringify(shown)} (--storage or DUBDESK_STORAGE) ${reason}; ${hint}.`,
  );
}

/** Reads a --storage value without touching the disk or the network. */
export function parseStorageSpec(spec: string): StorageSpec {
  const s3 = /^s3:\/\/(.*)$/i.exec(spec);
  if (s3) {
    const [bucket, ...rest] = s3[1].split('/');
    if (/[@:]/.test(bucket)) {
      throw refuse(
        spec,
        'names credentials or a port: credentials come from AWS_ACCESS_KEY_ID and ' +
          'AWS_SECRET_ACCESS_KEY (or AWS_PROFILE), the server from AWS_ENDPOINT_URL_S3',
      );
    }
    if (/[?#]/.test(s3[1])) throw refuse(spec, 'has a query or fragment, which a storage location does not take');
    if (!BUCKET_NAME.test(bucket))
      throw refuse(
        spec,
        `names the bucket ${JSON.stringify(bucket)}, which is not a bucket name (3-63 letters, digits, dots and hyphens)`,
      );
    try {
      return { kind: 's3', bucket, prefix: normalizePrefix(rest.join('/')) };
    } catch (error) {
      throw refuse(spec, `has a prefix that is not a key path (${(error as Error).message})`);
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) throw refuse(spec, 'is a kind of URL DubDesk cannot store to');
  if (spec.trim() === '') throw refuse(spec, 'is empty');
  if (!path.isAbsolute(spec))
    throw refuse(spec, 'is a relative path, which would depend on the folder each machine starts in');
  return { kind: 'folder', root: path.resolve(spec) };
}

/** Opens the storage a --storage value names; a shared folder must already exist (and be writable). */
export async function openStorage(spec: string, options: OpenStorageOptions = {}): Promise<SharedStorage> {
  const parsed = parseStorageSpec(spec);
  if (parsed.kind === 's3') {
    const env = options.env ?? process.env;
    const forcePathStyle = env.DUBDESK_S3_FORCE_PATH_STYLE === '1' || env.DUBDESK_S3_FORCE_PATH_STYLE === 'true';
    return createS3Storage({ forcePathStyle, ...options.s3, bucket: parsed.bucket, prefix: parsed.prefix });
  }
  // Never created here: a share that failed to mount must not be replaced, unnoticed, by a local folder.
  const folder = await stat(parsed.root).catch(() => null);
  if (!folder?.isDirectory()) {
    throw refuse(
      spec,
      'is not an existing folder',
      'mount the share (or create the folder) first: DubDesk does not create it',
    );
  }
  try {
    await access(parsed.root, constants.R_OK | constants.W_OK);
  } catch {
    throw refuse(spec, 'is a folder this user cannot read and write', "give the service's user access to it");
  }
  return createFolderStorage(parsed.root);
}
