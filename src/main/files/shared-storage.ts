// Shared storage: where workers on several machines share uploads, stage outputs and results. Two backends in
// src/main/storage keep this contract (test/integration/storage-contract.test.ts runs one suite on both): a shared
// folder (NFS/SMB) and an S3-compatible bucket. Keys are posix relative paths (storage/storage-keys.ts); a prefix is a
// folder of keys. The contract lives here, with the file store and work folders that use it, so files never imports
// storage: core opens a backend and hands it in.
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DubDeskError } from '../../shared/errors.js';

/** An open local file and its size, the local side of an upload; whoever opened it closes the handle. */
export interface LocalSource {
  handle: FileHandle;
  size: number;
}

/** An object's bytes from read(): the whole object or the inclusive range [start, end] of it. */
export interface StorageRead {
  /** The bytes start..end; destroy it when not read to the end. */
  stream: Readable;
  /** The whole object's size in bytes (a Content-Range's total). */
  size: number;
  /** First byte the stream carries. */
  start: number;
  /** Last byte the stream carries (a range's end is cut to the object's last byte); -1 for an empty object. */
  end: number;
}

export interface SharedStorage {
  /** Human-readable location with no secrets, e.g. "s3://bucket/prefix" or "/mnt/share". */
  readonly location: string;
  /**
   * Uploads a local file to `key`, named by its path (a link is refused) or opened by the caller (who closes it, e.g. a
   * file of a tree checked by files/local-tree.ts); atomic: readers see the old object or the whole new one.
   */
  putFile(key: string, local: string | LocalSource, signal?: AbortSignal): Promise<void>;
  /** Downloads `key` to localPath through a temp file and a rename; throws not_found when absent. */
  getFile(key: string, localPath: string, signal?: AbortSignal): Promise<void>;
  /**
   * The object's bytes, or the inclusive byte range of them (HTTP Range); not_found when absent, invalid_request when
   * the range starts past the end.
   */
  read(key: string, range?: { start: number; end: number }): Promise<StorageRead>;
  /** The object's size, or null when absent. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Every key under the folder `prefix` ('' for all), in UTF-8 byte order. */
  list(prefix: string): Promise<string[]>;
  /** Deletes `key`; an absent key is no error. */
  delete(key: string): Promise<void>;
  /** Deletes every key under the folder `prefix` (never '': the whole storage is not deleted by one call). */
  deletePrefix(prefix: string): Promise<void>;
  /** Uploads every file under localDir (subfolders too) to `prefix/<relative path>`; keys the folder lacks are kept. */
  putFolder(prefix: string, localDir: string, signal?: AbortSignal): Promise<void>;
  /** Downloads every key under `prefix` into localDir at its relative path; local files the prefix lacks are kept. */
  getFolder(prefix: string, localDir: string, signal?: AbortSignal): Promise<void>;
  /** Frees connections (S3's keep-alive sockets); the storage is not used after. */
  close(): Promise<void>;
}

/** The not_found every backend throws for a missing object. */
export function objectNotFound(location: string, key: string): DubDeskError {
  return new DubDeskError('not_found', `Shared storage ${location} has no object ${JSON.stringify(key)}.`);
}

/** The invalid_request every backend throws for a range that starts at or past an object's end. */
export function rangeNotSatisfiable(location: string, key: string, start: number, size: number | null): DubDeskError {
  const of = size === null ? '' : ` of ${size} bytes`;
  return new DubDeskError(
    'invalid_request',
    `The byte range starting at ${start} lies outside the object ${JSON.stringify(key)}${of} in shared storage ${location}.`,
  );
}
