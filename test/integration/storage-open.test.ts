// The --storage value (DUBDESK_STORAGE) as openStorage reads it: what names a bucket, what names a shared folder,
// and the refusals a person gets instead of a storage that would silently be the wrong one.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { openStorage, parseStorageSpec } from '../../src/main/storage/open-storage.js';
import { thrown } from '../fixtures/thrown.js';

let scratch: string;
beforeEach(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-storage-open-'));
});
afterEach(() => fs.rm(scratch, { recursive: true, force: true }));

async function refusal(spec: string): Promise<DubDeskError> {
  const error = await openStorage(spec).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DubDeskError);
  expect((error as DubDeskError).code).toBe('invalid_request');
  return error as DubDeskError;
}

describe('the --storage value', () => {
  it('names a bucket with s3://bucket and an optional prefix (a trailing slash or none)', () => {
    expect(parseStorageSpec('s3://media-bucket')).toEqual({ kind: 's3', bucket: 'media-bucket', prefix: '' });
    expect(parseStorageSpec('s3://media-bucket/')).toEqual({ kind: 's3', bucket: 'media-bucket', prefix: '' });
    expect(parseStorageSpec('s3://media.bucket/dubdesk/prod/')).toEqual({
      kind: 's3',
      bucket: 'media.bucket',
      prefix: 'dubdesk/prod',
    });
  });

  it('names a shared folder with an absolute path', () => {
    expect(parseStorageSpec('/mnt/dubdesk/')).toEqual({ kind: 'folder', root: path.resolve('/mnt/dubdesk') });
  });

  it('opens an S3 storage without touching the network, path-style when DUBDESK_S3_FORCE_PATH_STYLE=1', async () => {
    const storage = await openStorage('s3://media-bucket/dubdesk/', {
      env: { DUBDESK_S3_FORCE_PATH_STYLE: '1' },
      s3: { region: 'us-east-1' },
    });
    expect(storage.location).toBe('s3://media-bucket/dubdesk');
    await storage.close();
  });

  it('opens an existing shared folder, named by its absolute path', async () => {
    const storage = await openStorage(scratch);
    expect(storage.location).toBe(scratch);
  });

  it('refuses a folder that does not exist instead of creating one, since a share that failed to mount must not become a local folder', async () => {
    const missing = path.join(scratch, 'not-mounted');
    const error = await refusal(missing);
    expect(error.message).toBe(
      `The shared storage ${JSON.stringify(missing)} (--storage or DUBDESK_STORAGE) is not an existing folder; mount the share (or create the folder) first: DubDesk does not create it.`,
    );
    await expect(fs.stat(missing)).rejects.toThrow();

    await fs.writeFile(path.join(scratch, 'file'), 'x');
    expect((await refusal(path.join(scratch, 'file'))).message).toContain('is not an existing folder');
  });

  it('refuses a relative path, with the two forms it takes', () => {
    const error = thrown(() => parseStorageSpec('shared/dubdesk'));
    expect(error.message).toBe(
      'The shared storage "shared/dubdesk" (--storage or DUBDESK_STORAGE) is a relative path, which would depend on the folder each machine starts in; use s3://bucket/prefix (an S3-compatible bucket) or an absolute path such as /mnt/dubdesk (a shared folder).',
    );
    expect(thrown(() => parseStorageSpec('./share')).message).toContain('is a relative path');
  });

  it('refuses other URLs, an empty value and malformed bucket values, each with an example', () => {
    const cases: [spec: string, reason: string][] = [
      ['gs://bucket/x', 'is a kind of URL DubDesk cannot store to'],
      ['file:///mnt/share', 'is a kind of URL DubDesk cannot store to'],
      ['', 'is empty'],
      ['s3://', 'is not a bucket name'],
      ['s3://ab', 'is not a bucket name'],
      ['s3://bucket_with spaces', 'is not a bucket name'],
      ['s3://bucket/a?versionId=1', 'has a query or fragment'],
      ['s3://bucket/../escape', 'has a prefix that is not a key path'],
      ['s3://bucket/a//b', 'has a prefix that is not a key path'],
    ];
    for (const [spec, reason] of cases) {
      const error = thrown(() => parseStorageSpec(spec));
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain(reason);
      expect(error.message).toContain('use s3://bucket/prefix');
    }
  });

  it('refuses credentials in the value and never repeats them', () => {
    for (const spec of ['s3://AKIAEXAMPLE:wJalr/XUtnFEMI@bucket/prefix', 's3://AKIAEXAMPLE@bucket']) {
      const error = thrown(() => parseStorageSpec(spec));
      expect(error.message).toContain('credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
      expect(error.message).not.toContain('AKIAEXAMPLE');
      expect(error.message).not.toContain('wJalr');
    }
  });
});
