import { link, mkdir, rm, stat, copyFile, type FileHandle } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DubDeskError } from '../../shared/errors.js';
import type { DataPaths } from '../config.js';
import { newId } from '../ids.js';
import { writeHandleAtomic, writeThroughTemp } from './atomic-write.js';
import { formatBytes } from './byte-size.js';
import type { FileRecord, FileRepository } from '../store/files-repository.js';
import { sanitizeFileName } from './file-names.js';
import { chooseMime, mimeFromFileName, DEFAULT_MIME } from './mime-types.js';

export type { FileRecord } from '../store/files-repository.js';

export interface FileStoreOptions {
  /** The file records' table (the bytes live under paths.files). */
  records: FileRepository;
  paths: DataPaths;
  /** Largest upload accepted, in bytes (DubDeskConfig.maxInputBytes). */
  maxInputBytes: number;
}

export type UploadSource = Readable | AsyncIterable<Uint8Array | string>;

export interface FileStore {
  readonly maxInputBytes: number;
  /**
   * Streams an upload to files/<id>/<name> through a temp file and a rename; a failed or oversized upload
   * leaves nothing behind. A Readable source is not destroyed on failure, so an HTTP request can be drained.
   */
  saveUpload(source: UploadSource, meta: { name: string; mime?: string | null }, signal?: AbortSignal): Promise<FileRecord>;
  /** Puts a finished job's artifact into files/ (hard link, else copy) so the job's work dir stays intact. */
  registerResult(taskId: string, absPath: string, name: string): Promise<FileRecord>;
  get(id: string): Promise<FileRecord | undefined>;
  resolvePath(record: FileRecord): string;
  remove(id: string): Promise<boolean>;
  /** Deletes a task's result files (rows and bytes); call before deleting the task row, which cascades. */
  deleteForTask(taskId: string): Promise<number>;
}

export function createFileStore({ records: repository, paths, maxInputBytes }: FileStoreOptions): FileStore {
  mkdirSync(paths.files, { recursive: true });
  const filesFolder = path.relative(paths.root, paths.files).split(path.sep).join('/');

  const resolvePath = (record: FileRecord): string => {
    const absolute = path.resolve(paths.root, ...record.path.split('/'));
    // A row edited by hand must not make the service serve files outside its own folder.
    if (!absolute.startsWith(paths.files + path.sep)) throw new DubDeskError('internal', `File ${record.id} points outside the files folder.`);
    return absolute;
  };

  const storeRecord = async (id: string, name: string, fields: Pick<FileRecord, 'size' | 'mime' | 'origin' | 'taskId'>): Promise<FileRecord> => {
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
      const folder = path.join(paths.files, id);
      try {
        const size = await writeHandleAtomic(path.join(folder, name), async (handle) => {
          const copied = await copyWithinLimit(source, handle, maxInputBytes, signal);
          if (copied === 0) throw new DubDeskError('invalid_request', 'The uploaded file is empty.');
          await handle.datasync();
          return copied;
        });
        return await storeRecord(id, name, { size, mime: chooseMime(name, meta.mime), origin: 'upload', taskId: null });
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
    },

    async registerResult(taskId, absPath, name) {
      const source = await stat(absPath).catch(() => null);
      if (!source?.isFile()) throw new DubDeskError('internal', `The job's result ${path.basename(absPath)} is missing.`);
      const id = newId();
      const safeName = sanitizeFileName(name, sanitizeFileName(path.basename(absPath), 'result'));
      const folder = path.join(paths.files, id);
      await mkdir(folder, { recursive: true });
      try {
        await linkOrCopy(absPath, path.join(folder, safeName));
        return await storeRecord(id, safeName, { size: source.size, mime: mimeFromFileName(safeName) ?? DEFAULT_MIME, origin: 'result', taskId });
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
    },

    get: (id) => repository.get(id),

    resolvePath,

    async remove(id) {
      const record = await repository.get(id);
      if (!record) return false;
      await repository.delete(id);
      await rm(path.dirname(resolvePath(record)), { recursive: true, force: true });
      return true;
    },

    async deleteForTask(taskId) {
      const records = await repository.deleteForTask(taskId);
      for (const record of records) await rm(path.dirname(resolvePath(record)), { recursive: true, force: true });
      return records.length;
    },
  };
}

/** Copies source into handle, failing with payload_too_large as soon as more than maxBytes arrived. */
async function copyWithinLimit(source: UploadSource, handle: FileHandle, maxBytes: number, signal?: AbortSignal): Promise<number> {
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
      if (bytes > maxBytes) throw new DubDeskError('payload_too_large', `The file is larger than the ${formatBytes(maxBytes)} this service accepts.`);
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
    iterator.next().then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function writeFully(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    // Other volumes and file systems without hard links (FAT, some network shares) get a copy.
    await writeThroughTemp(to, (temp) => copyFile(from, temp));
  }
}
