// Streams the kept members of a model archive (tar, tar.gz, tar.bz2, zip) into a folder, refusing unsafe archives.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Parser, type ReadEntry } from 'tar';
import bz2 from 'unbzip2-stream';
import yauzl from 'yauzl';
import { keptMember, resolveLink, strippedPath, unsafeMemberReason, type ArchiveMember, type ArchivePlan, type MemberKind } from './archive-members.js';
import { folderSize } from './folder-size.js';

export type ArchiveFormat = 'tar.bz2' | 'tar.gz' | 'zip';

export interface ExtractedFile {
  name: string;
  sha256: string;
  sizeBytes: number;
}

export interface ExtractedDirectory {
  name: string;
  sizeBytes: number;
  fileCount: number;
}

export interface Extracted {
  files: ExtractedFile[];
  directories: ExtractedDirectory[];
}

export interface ExtractOptions {
  signal?: AbortSignal;
  /** Bytes of the archive read so far and its size. */
  onProgress?: (read: number, total: number) => void;
}

/** The archive itself is wrong (unsafe, damaged, lacking a file): fetching or extracting it again cannot help. */
export class ArchiveProblem extends Error {}

const SYMLINK_TARGET_LIMIT = 4096;

/**
 * Extracts the plan's files and folders from the archive into destDir (which should be empty), hashing each
 * listed file on the way. Throws ArchiveProblem naming the member for an unsafe or damaged archive or a missing one.
 */
export async function extractArchive(archivePath: string, format: ArchiveFormat, destDir: string, plan: ArchivePlan, options: ExtractOptions = {}): Promise<Extracted> {
  fs.mkdirSync(destDir, { recursive: true });
  const sink = createMemberSink(destDir, plan);
  try {
    if (format === 'zip') await readZip(archivePath, sink, options);
    else await readTar(archivePath, format === 'tar.bz2', sink, options);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof ArchiveProblem || isFileSystemError(error)) throw error;
    throw new ArchiveProblem(`is damaged or incomplete (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  return sink.finish();
}

/** Local disk trouble (full, no permission) is not the archive's fault: the download is worth keeping. */
export function isFileSystemError(error: unknown): boolean {
  const syscall = (error as NodeJS.ErrnoException | undefined)?.syscall;
  return syscall !== undefined && ['open', 'write', 'mkdir', 'rename', 'copyfile', 'close', 'fsync'].includes(syscall);
}

interface MemberSink {
  /** Checks a member; returns where its bytes go (undefined: skip them). */
  accept(member: ArchiveMember): string | undefined;
  /** Writes a kept file's bytes. */
  write(target: string, body: Readable | AsyncIterable<Buffer>, signal?: AbortSignal): Promise<void>;
  finish(): Promise<Extracted>;
}

function createMemberSink(destDir: string, plan: ArchivePlan): MemberSink {
  const written = new Map<string, { sha256: string; sizeBytes: number }>();
  const links: { member: ArchiveMember; target: string }[] = [];
  const folders = new Set<string>();
  const inside = (target: string) => {
    const full = path.resolve(destDir, target);
    // Belt and braces: member paths were checked already, and no link is ever created on disk.
    if (!full.startsWith(path.resolve(destDir) + path.sep)) throw new ArchiveProblem(`holds an unsafe member '${target}'`);
    return full;
  };

  return {
    accept(member) {
      const reason = unsafeMemberReason(member);
      if (reason) throw new ArchiveProblem(`holds an unsafe member '${member.path}': ${reason}`);
      const kept = keptMember(member.path, plan);
      if (!kept) return undefined;
      if (member.kind === 'directory') {
        if (kept.listed) throw new ArchiveProblem(`holds ${kept.target} as a folder, not a file`);
        fs.mkdirSync(inside(kept.target), { recursive: true });
        folders.add(kept.target);
        return undefined;
      }
      if (member.kind === 'symlink' || member.kind === 'hardlink') {
        links.push({ member, target: kept.target });
        return undefined;
      }
      if (member.kind !== 'file') throw new ArchiveProblem(`holds ${member.path}, which is not a plain file`);
      return kept.target;
    },

    async write(target, body, signal) {
      const full = inside(target);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      const hash = createHash('sha256');
      let sizeBytes = 0;
      await pipeline(
        body,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            sizeBytes += chunk.length;
            done(null, chunk);
          },
        }),
        fs.createWriteStream(full),
        { signal },
      );
      written.set(target, { sha256: hash.digest('hex'), sizeBytes });
    },

    async finish() {
      await materializeLinks(links, written, folders, plan, inside);
      const missingFiles = plan.files.filter((name) => !written.has(name));
      const missingFolders = plan.directories.filter((name) => !folders.has(name) && ![...written.keys()].some((t) => t.startsWith(`${name}/`)));
      const missing = [...missingFiles, ...missingFolders.map((name) => `the folder ${name}`)];
      if (missing.length) throw new ArchiveProblem(`lacks ${missing.join(', ')}`);
      return {
        files: plan.files.map((name) => ({ name, ...written.get(name)! })),
        directories: plan.directories.map((name) => ({ name, ...folderSize(inside(name)) })),
      };
    },
  };
}

/**
 * Links become copies of what they point at (never links on disk, so nothing can be written through one).
 * A link may point at another link: resolve in rounds until nothing changes.
 */
async function materializeLinks(
  links: { member: ArchiveMember; target: string }[],
  written: Map<string, { sha256: string; sizeBytes: number }>,
  folders: Set<string>,
  plan: ArchivePlan,
  inside: (target: string) => string,
): Promise<void> {
  let pending = links;
  while (pending.length) {
    const next: typeof pending = [];
    for (const link of pending) {
      const pointsAt = strippedPath(resolveLink(link.member) ?? '', plan.stripComponents);
      const source = pointsAt !== undefined && (written.has(pointsAt) || folders.has(pointsAt)) ? pointsAt : undefined;
      if (source === undefined) {
        next.push(link);
        continue;
      }
      fs.mkdirSync(path.dirname(inside(link.target)), { recursive: true });
      if (folders.has(source)) {
        fs.cpSync(inside(source), inside(link.target), { recursive: true });
        folders.add(link.target);
      } else {
        fs.copyFileSync(inside(source), inside(link.target));
        written.set(link.target, written.get(source)!);
      }
    }
    if (next.length === pending.length) {
      const stuck = next[0].member;
      throw new ArchiveProblem(`holds ${stuck.path}, a link to ${stuck.linkTarget}, which is not a file or folder the model keeps`);
    }
    pending = next;
  }
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

async function readTar(archivePath: string, bzip2: boolean, sink: MemberSink, options: ExtractOptions): Promise<void> {
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
    options.onProgress?.(read, total);
  });

  let current: ReadEntry | undefined;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.destroy();
      parser.abort(error instanceof Error ? error : new Error(String(error)));
      // The entry being written will get no more bytes: end its write so the file is closed, not left waiting.
      current?.destroy(new Error('The archive stopped being read.'));
      reject(error);
    };
    const onAbort = () => fail(options.signal!.reason);
    if (options.signal?.aborted) return fail(options.signal.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    parser.on('entry', (entry: ReadEntry) => {
      if (settled) return entry.resume();
      try {
        const target = sink.accept({ path: entry.path, kind: tarKind(entry.type), linkTarget: entry.linkpath });
        if (target === undefined) return entry.resume();
        current = entry;
        const writing = sink.write(target, entry as unknown as AsyncIterable<Buffer>, options.signal);
        writing.catch(fail);
        writes.push(writing);
      } catch (error) {
        entry.resume();
        fail(error);
      }
    });
    parser.on('error', fail);
    parser.on('end', () => {
      options.signal?.removeEventListener('abort', onAbort);
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
  const reason = match[1] === 'absolute path' ? 'its path is absolute' : match[1] === 'invalid relative path' ? "its path climbs out with '..'" : 'its path holds a backslash';
  return new ArchiveProblem(`holds an unsafe member '${match[2]}': ${reason}`);
}

async function readZip(archivePath: string, sink: MemberSink, options: ExtractOptions): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(archivePath, { lazyEntries: true, autoClose: true }, (error, file) => (error ? reject(zipNameProblem(error) ?? error) : resolve(file))),
  );
  const openStream = (entry: yauzl.Entry) =>
    new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
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
    const onAbort = () => fail(options.signal!.reason);
    if (options.signal?.aborted) return fail(options.signal.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    zip.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const kind = zipKind(entry);
        let linkTarget: string | undefined;
        if (kind === 'symlink') linkTarget = await readSmall(await openStream(entry));
        const target = sink.accept({ path: entry.fileName, kind, linkTarget });
        if (target !== undefined) await sink.write(target, await openStream(entry), options.signal);
        read += entry.compressedSize;
        options.onProgress?.(Math.min(read, total), total);
        if (!settled) zip.readEntry();
      })().catch(fail);
    });
    zip.on('error', fail);
    zip.on('end', () => {
      options.signal?.removeEventListener('abort', onAbort);
      if (settled) return;
      settled = true;
      options.onProgress?.(total, total);
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
