// Reads a model archive's members in order (tar, tar.gz, tar.bz2 through node-tar and unbzip2-stream; zip through
// yauzl), handing each to a visitor that says whether its bytes are wanted: the one place the formats are parsed.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { Parser, type ReadEntry } from 'tar';
import bz2 from 'unbzip2-stream';
import yauzl from 'yauzl';
import type { ListedMember } from './archive-layout.js';
import { ArchiveProblem, type MemberKind } from './archive-members.js';

export type ArchiveFormat = 'tar.bz2' | 'tar.gz' | 'zip';

/** What to do with a member's bytes: write them (the function), or skip them (undefined). May throw to stop reading. */
export type MemberVisitor = (member: ListedMember) => ((body: AsyncIterable<Buffer>) => Promise<void>) | undefined;

/** Reads every member; `onProgress` gets the archive bytes read so far and the archive's size. */
export type ArchiveReader = (
  archivePath: string,
  visit: MemberVisitor,
  signal: AbortSignal | undefined,
  onProgress?: (read: number, total: number) => void,
) => Promise<void>;

const SYMLINK_TARGET_LIMIT = 4096;

export function archiveReader(format: ArchiveFormat): ArchiveReader {
  return format === 'zip'
    ? readZip
    : (file, visit, signal, onProgress) => readTar(file, format === 'tar.bz2', visit, signal, onProgress);
}

function tarKind(type: ReadEntry['type']): MemberKind {
  switch (type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file';
    case 'Directory':
      return 'directory';
    case 'SymbolicLink':
      return 'symlink';
    case 'Link':
      return 'hardlink';
    case 'CharacterDevice':
    case 'BlockDevice':
    case 'FIFO':
      return 'device';
    default:
      return 'other';
  }
}

async function readTar(
  archivePath: string,
  bzip2: boolean,
  visit: MemberVisitor,
  signal?: AbortSignal,
  onProgress?: (read: number, total: number) => void,
): Promise<void> {
  const total = fs.statSync(archivePath).size;
  const source = fs.createReadStream(archivePath);
  // Listened to at once: the file may vanish (a remove during a cancel) before the promise below is set up.
  let sourceFailed: (error: unknown) => void = () => undefined;
  source.on('error', (error) => sourceFailed(error));
  // Strict: a truncated or corrupt archive is an error, not a warning.
  const parser = new Parser({ strict: true });
  const writes: Promise<void>[] = [];
  let read = 0;
  source.on('data', (chunk) => {
    read += chunk.length;
    onProgress?.(read, total);
  });

  let current: ReadEntry | undefined;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.destroy();
      // node-tar annotates the error it is given, which a cancel's DOMException forbids: give it one of its own.
      const stopped = new Error('The archive stopped being read.');
      parser.abort(stopped);
      // The entry being written will get no more bytes: end its write so the file is closed, not left waiting.
      current?.destroy(stopped);
      reject(error);
    };
    const onAbort = () => fail(signal!.reason);
    if (signal?.aborted) return fail(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    parser.on('entry', (entry: ReadEntry) => {
      if (settled) return entry.resume();
      try {
        const write = visit({
          path: entry.path,
          kind: tarKind(entry.type),
          linkTarget: entry.linkpath,
          size: entry.size ?? 0,
        });
        if (write === undefined) return entry.resume();
        current = entry;
        const writing = write(entry as unknown as AsyncIterable<Buffer>);
        writing.catch(fail);
        writes.push(writing);
      } catch (error) {
        entry.resume();
        fail(error);
      }
    });
    parser.on('error', fail);
    parser.on('end', () => {
      signal?.removeEventListener('abort', onAbort);
      Promise.all(writes).then(() => {
        if (settled) return;
        settled = true;
        resolve();
      }, fail);
    });
    sourceFailed = fail;
    if (bzip2) {
      const decompress = bz2();
      // unbzip2-stream's own errors on a cut-off stream are internal TypeErrors: say what they mean.
      decompress.on('error', () => fail(new Error('bzip2 decoding failed')));
      source.pipe(decompress).pipe(parser as unknown as NodeJS.WritableStream);
    } else {
      source.pipe(parser as unknown as NodeJS.WritableStream);
    }
  });
}

function zipKind(entry: yauzl.Entry): MemberKind {
  if (entry.fileName.endsWith('/')) return 'directory';
  // Unix modes live in the high half of the external attributes of archives made on Unix (host 3).
  const mode = entry.versionMadeBy >> 8 === 3 ? (entry.externalFileAttributes >>> 16) & 0o170000 : 0;
  if (mode === 0o120000) return 'symlink';
  if (mode === 0o020000 || mode === 0o060000 || mode === 0o010000 || mode === 0o140000) return 'device';
  if (mode === 0 || mode === 0o100000) return 'file';
  return mode === 0o040000 ? 'directory' : 'other';
}

/** yauzl's own refusal of a member name ("invalid relative path: ../evil"), as an unsafe-member problem. */
function zipNameProblem(error: Error): ArchiveProblem | undefined {
  const match = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(error.message);
  if (!match) return undefined;
  const reason =
    match[1] === 'absolute path'
      ? 'its path is absolute'
      : match[1] === 'invalid relative path'
        ? "its path climbs out with '..'"
        : 'its path holds a backslash';
  return new ArchiveProblem(`holds an unsafe member '${match[2]}': ${reason}`);
}

async function readZip(
  archivePath: string,
  visit: MemberVisitor,
  signal?: AbortSignal,
  onProgress?: (read: number, total: number) => void,
): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(archivePath, { lazyEntries: true, autoClose: true }, (error, file) =>
      error ? reject(zipNameProblem(error) ?? error) : resolve(file),
    ),
  );
  const openStream = (entry: yauzl.Entry) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
    );
  const total = zip.fileSize;
  let read = 0;

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error instanceof Error ? (zipNameProblem(error) ?? error) : error);
    };
    const onAbort = () => fail(signal!.reason);
    if (signal?.aborted) return fail(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    zip.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const kind = zipKind(entry);
        let linkTarget: string | undefined;
        if (kind === 'symlink') linkTarget = await readSmall(await openStream(entry));
        const write = visit({ path: entry.fileName, kind, linkTarget, size: entry.uncompressedSize });
        if (write !== undefined) await write(await openStream(entry));
        read += entry.compressedSize;
        onProgress?.(Math.min(read, total), total);
        if (!settled) zip.readEntry();
      })().catch(fail);
    });
    zip.on('error', fail);
    zip.on('end', () => {
      signal?.removeEventListener('abort', onAbort);
      if (settled) return;
      settled = true;
      onProgress?.(total, total);
      resolve();
    });
    zip.readEntry();
  });
}

async function readSmall(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > SYMLINK_TARGET_LIMIT) {
      stream.destroy();
      throw new ArchiveProblem(`holds a link whose target is longer than ${SYMLINK_TARGET_LIMIT} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
