// Uploaded inputs and published results: a row per file (the files table) and its bytes under the key
// `files/<id>/<name>` (the row's path). Without shared storage the key is a path in the data folder; with it (scale-out)
// the bytes live in the storage, where every machine finds them, and each machine keeps a download cache of what it
// read in `<data>/cache/files/<id>/<name>`.
import { createReadStream, mkdirSync } from 'node:fs';
import { rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DubDeskError } from '../../shared/errors.js';
import type { DataPaths } from '../config.js';
import { newId } from '../ids.js';
import type { SharedStorage } from './shared-storage.js';
import type { CachedEntries } from './local-cache.js';
import { writeHandleAtomic } from './atomic-write.js';
import { formatBytes } from './byte-size.js';
import type { FileRecord, FileRepository } from '../store/files-repository.js';
import { sanitizeFileName } from './file-names.js';
import { linkOrCopyFile } from './local-copy.js';
import { chooseMime, mimeFromFileName, DEFAULT_MIME } from './mime-types.js';

export type { FileRecord } from '../store/files-repository.js';

export interface FileStoreOptions {
  /** The file records' table (the bytes live under paths.files, or in `storage`). */
  records: FileRepository;
  paths: DataPaths;
  /** Largest upload accepted, in bytes (DubDeskConfig.maxInputBytes). */
  maxInputBytes: number;
  /** Shared storage (`--storage`): the bytes live there under each record's path; paths.cache keeps local copies. */
  storage?: SharedStorage;
  /** With shared storage: the download cache's entries (one per file id), kept under the local caches' cap. */
  cache?: CachedEntries;
}

export type UploadSource = Readable | AsyncIterable<Uint8Array | string>;

/** An inclusive byte range, as HTTP Range asks for it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  readonly maxInputBytes: number;
  /**
   * Streams an upload to files/<id>/<name> through a temp file and a rename (with shared storage: into the local cache,
   * then up to the storage); a failed or oversized upload leaves nothing behind. A Readable source is not destroyed on
   * failure, so an HTTP request can be drained.
   */
  saveUpload(
    source: UploadSource,
    meta: { name: string; mime?: string | null },
    signal?: AbortSignal,
  ): Promise<FileRecord>;
  /** Publishes a finished job's artifact as files/<id>/<name> (hard link, copy, or upload) so the job's work dir stays intact. */
  registerResult(taskId: string, absPath: string, name: string): Promise<FileRecord>;
  get(id: string): Promise<FileRecord | undefined>;
  /**
   * A file on this machine with the record's bytes, for a tool to open: its own path, or with shared storage its copy
   * in the download cache (fetched once). not_found when the bytes are gone.
   */
  localPath(record: FileRecord): Promise<string>;
  /** The stored bytes' size, or null when they are gone. */
  stat(record: FileRecord): Promise<{ size: number } | null>;
  /** The bytes, or a range of them that starts inside the file; read the stream to its end or destroy it. */
  read(record: FileRecord, range?: ByteRange): Promise<Readable>;
  remove(id: string): Promise<boolean>;
  /** Deletes a task's result files (rows and bytes); call before deleting the task row, which cascades. */
  deleteForTask(taskId: string): Promise<number>;
}

/** Where the bytes of a key live: the data folder, or shared storage with a local cache. */
interface Bytes {
  /** Writes an upload to `key` through `fill`, which returns the byte count; nothing is left when it throws. */
  saveUpload(key: string, fill: (handle: FileHandle) => Promise<number>, signal?: AbortSignal): Promise<number>;
  /** Puts a local file under `key`, leaving the file where it is. */
  putFile(key: string, localPath: string): Promise<void>;
  localPath(key: string): Promise<string>;
  stat(key: string): Promise<{ size: number } | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}

export function createFileStore({
  records: repository,
  paths,
  maxInputBytes,
  storage,
  cache,
}: FileStoreOptions): FileStore {
  const filesFolder = path.relative(paths.root, paths.files).split(path.sep).join('/');
  const bytes = storage ? sharedBytes(storage, paths, cache) : folderBytes(paths);

  /** The record's key (its path) when it lies inside files/, else null: a row edited by hand points elsewhere. */
  const keyInside = (record: FileRecord): string | null => {
    const absolute = path.resolve(paths.root, ...record.path.split('/'));
    return absolute.startsWith(paths.files + path.sep) ? record.path : null;
  };
  /** The record's key; a row edited by hand must not make the service serve anything outside files/: not_found. */
  const keyOf = (record: FileRecord): string => {
    const key = keyInside(record);
    if (key === null)
      throw new DubDeskError(
        'not_found',
        `File ${record.id} is not stored here: its record points outside the files folder.`,
      );
    return key;
  };

  const storeRecord = async (
    id: string,
    name: string,
    fields: Pick<FileRecord, 'size' | 'mime' | 'origin' | 'taskId'>,
  ): Promise<FileRecord> => {
    const record: FileRecord = { id, name, path: `${filesFolder}/${id}/${name}`, createdAt: Date.now(), ...fields };
    await repository.insert(record);
    return record;
  };

  return {
    maxInputBytes,

    async saveUpload(source, meta, signal) {
      // A source failing while the folder is made must not crash the process; the copy loop still sees the error.
      if (source instanceof Readable) source.on('error', () => undefined);
      signal?.throwIfAborted();
      const id = newId();
      const name = sanitizeFileName(meta.name, 'upload');
      const key = `${filesFolder}/${id}/${name}`;
      const size = await bytes.saveUpload(
        key,
        async (handle) => {
          const copied = await copyWithinLimit(source, handle, maxInputBytes, signal);
          if (copied === 0) throw new DubDeskError('invalid_request', 'The uploaded file is empty.');
          await handle.datasync();
          return copied;
        },
        signal,
      );
      try {
        return await storeRecord(id, name, { size, mime: chooseMime(name, meta.mime), origin: 'upload', taskId: null });
      } catch (error) {
        await bytes.delete(key).catch(() => undefined);
        throw error;
      }
    },

    async registerResult(taskId, absPath, name) {
      const source = await stat(absPath).catch(() => null);
      if (!source?.isFile())
        throw new DubDeskError('internal', `The job's result ${path.basename(absPath)} is missing.`);
      const id = newId();
      const safeName = sanitizeFileName(name, sanitizeFileName(path.basename(absPath), 'result'));
      const key = `${filesFolder}/${id}/${safeName}`;
      try {
        await bytes.putFile(key, absPath);
        return await storeRecord(id, safeName, {
          size: source.size,
          mime: mimeFromFileName(safeName) ?? DEFAULT_MIME,
          origin: 'result',
          taskId,
        });
      } catch (error) {
        // The error that stopped the publish is the one worth reporting, not a failed clean-up after it.
        await bytes.delete(key).catch(() => undefined);
        throw error;
      }
    },

    get: (id) => repository.get(id),

    localPath: async (record) => bytes.localPath(keyOf(record)),
    stat: async (record) => bytes.stat(keyOf(record)),
    read: async (record, range) => bytes.read(keyOf(record), range),

    async remove(id) {
      const record = await repository.get(id);
      if (!record) return false;
      await repository.delete(id);
      // A record pointing outside files/ goes; whatever it points at is not DubDesk's to delete.
      const key = keyInside(record);
      if (key !== null) await bytes.delete(key);
      return true;
    },

    async deleteForTask(taskId) {
      const records = await repository.deleteForTask(taskId);
      for (const key of records.map(keyInside)) if (key !== null) await bytes.delete(key);
      return records.length;
    },
  };
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

async function sizeOfFile(file: string): Promise<{ size: number } | null> {
  const stats = await stat(file).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
  return stats?.isFile() ? { size: stats.size } : null;
}

/** The embedded default: a key is a path in the data folder. */
function folderBytes(paths: DataPaths): Bytes {
  mkdirSync(paths.files, { recursive: true });
  const fileOf = (key: string) => path.join(paths.root, ...key.split('/'));
  // A key's folder (files/<id>) holds only its file: it goes with it.
  const removeKey = (key: string) => rm(path.dirname(fileOf(key)), { recursive: true, force: true });
  return {
    async saveUpload(key, fill) {
      try {
        return await writeHandleAtomic(fileOf(key), fill);
      } catch (error) {
        await removeKey(key);
        throw error;
      }
    },
    putFile: (key, localPath) => linkOrCopyFile(localPath, fileOf(key)),
    async localPath(key) {
      if (!(await sizeOfFile(fileOf(key))))
        throw new DubDeskError('not_found', `The stored file ${key} is no longer on disk.`);
      return fileOf(key);
    },
    stat: (key) => sizeOfFile(fileOf(key)),
    read: async (key, range) => createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {}),
    delete: removeKey,
  };
}

/**
 * Shared storage: a key is an object there; what this machine read is kept in `<data>/cache/<key>`, one cache entry
 * per key's folder (`files/<id>`), held while it is written or fetched and trimmed under the cap after.
 */
function sharedBytes(storage: SharedStorage, paths: DataPaths, cache?: CachedEntries): Bytes {
  const cacheOf = (key: string) => path.join(paths.cache, ...key.split('/'));
  const dropCached = (key: string) => rm(path.dirname(cacheOf(key)), { recursive: true, force: true });
  const entryOf = (key: string) => path.basename(path.dirname(cacheOf(key)));
  const holding = <T>(key: string, work: () => Promise<T>): Promise<T> =>
    cache ? cache.use(entryOf(key), work) : work();
  // One download per key at a time: two jobs reading the same upload wait for the same copy.
  const downloads = new Map<string, Promise<string>>();
  return {
    async saveUpload(key, fill, signal) {
      // The upload lands in the cache first (the size cap and the empty check need the bytes counted), so this
      // machine, which will most likely check and run the job, never downloads it again.
      try {
        const size = await holding(key, async () => {
          const written = await writeHandleAtomic(cacheOf(key), fill);
          await storage.putFile(key, cacheOf(key), signal);
          return written;
        });
        cache?.grew();
        return size;
      } catch (error) {
        await dropCached(key);
        throw error;
      }
    },
    putFile: (key, localPath) => storage.putFile(key, localPath),
    localPath(key) {
      const cached = cacheOf(key);
      let download = downloads.get(key);
      if (!download) {
        download = holding(key, async () => {
          // A record's bytes never change (a new file is a new id), so a cached copy is always current.
          if (await sizeOfFile(cached)) return false;
          await storage.getFile(key, cached);
          return true;
        })
          .then((fetched) => {
            if (fetched) cache?.grew();
            return cached;
          })
          .finally(() => downloads.delete(key));
        downloads.set(key, download);
      }
      return download;
    },
    stat: (key) => storage.stat(key),
    read: async (key, range) => (await storage.read(key, range)).stream,
    async delete(key) {
      await storage.delete(key);
      await dropCached(key);
    },
  };
}

/** Copies source into handle, failing with payload_too_large as soon as more than maxBytes arrived. */
async function copyWithinLimit(
  source: UploadSource,
  handle: FileHandle,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<number> {
  // An HTTP request must survive a failed upload so the server can still drain it and answer 413.
  const iterator: AsyncIterator<Uint8Array | string> =
    source instanceof Readable ? source.iterator({ destroyOnReturn: false }) : source[Symbol.asyncIterator]();
  let bytes = 0;
  try {
    for (;;) {
      let step: IteratorResult<Uint8Array | string>;
      try {
        step = await nextUnlessAborted(iterator, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new DubDeskError('invalid_request', 'The upload ended before the whole file arrived.', { cause: error });
      }
      if (step.done) return bytes;
      const chunk = typeof step.value === 'string' ? Buffer.from(step.value) : step.value;
      bytes += chunk.byteLength;
      if (bytes > maxBytes)
        throw new DubDeskError(
          'payload_too_large',
          `The file is larger than the ${formatBytes(maxBytes)} this service accepts.`,
        );
      await writeFully(handle, chunk);
    }
  } catch (error) {
    // Not awaited: after an abort a read may still be pending, and return() would wait for it.
    void iterator.return?.()?.catch(() => undefined);
    throw error;
  }
}

function nextUnlessAborted<T>(iterator: AsyncIterator<T>, signal?: AbortSignal): Promise<IteratorResult<T>> {
  if (!signal) return iterator.next();
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    iterator
      .next()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function writeFully(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}
