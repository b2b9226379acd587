// Streams the kept members of a model archive (tar, tar.gz, tar.bz2, zip) into a folder, once its listing is accepted.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLayoutCheck, type ArchiveLayout, type ArchiveLimits } from './archive-layout.js';
import { ArchiveProblem, type ArchivePlan } from './archive-members.js';
import { archiveReader, type ArchiveFormat, type MemberVisitor } from './archive-readers.js';
import { folderSize } from './folder-size.js';

export { ArchiveProblem, type ArchiveFormat };

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
  /** What the members may come to; the listing is refused before anything is written when it says more. */
  limits: ArchiveLimits;
  signal?: AbortSignal;
  /** Bytes of the archive read so far and its size, while its listing is checked (nothing written yet). */
  onListing?: (read: number, total: number) => void;
  /** Bytes of the archive read so far and its size, while the kept members are written. */
  onProgress?: (read: number, total: number) => void;
}

/**
 * Reads the archive twice: first its listing (layout, member types, declared sizes: nothing is written, and a wrong
 * or oversized archive stops there), then the kept members into destDir (which should be empty), hashing each listed
 * file. Throws ArchiveProblem naming the member for an unsafe, damaged, oversized or incomplete archive.
 */
export async function extractArchive(
  archivePath: string,
  format: ArchiveFormat,
  destDir: string,
  plan: ArchivePlan,
  options: ExtractOptions,
): Promise<Extracted> {
  const read = archiveReader(format);
  const listing = createLayoutCheck(plan, options.limits);
  await asArchiveProblem(
    options.signal,
    read(archivePath, (member) => void listing.add(member), options.signal, options.onListing),
  );
  const layout = listing.finish();
  fs.mkdirSync(destDir, { recursive: true });
  const sink = createMemberSink(destDir, plan, layout, options);
  options.onProgress?.(0, fs.statSync(archivePath).size);
  await asArchiveProblem(options.signal, read(archivePath, sink.visit, options.signal, options.onProgress));
  return sink.finish();
}

/** A reader's failure as the archive's problem, unless it is a cancel or the local disk's trouble. */
async function asArchiveProblem(signal: AbortSignal | undefined, reading: Promise<void>): Promise<void> {
  try {
    await reading;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof ArchiveProblem || isFileSystemError(error)) throw error;
    throw new ArchiveProblem(`is damaged or incomplete (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
}

/** Local disk trouble (full, no permission) is not the archive's fault: the download is worth keeping. */
export function isFileSystemError(error: unknown): boolean {
  const syscall = (error as NodeJS.ErrnoException | undefined)?.syscall;
  return syscall !== undefined && ['open', 'write', 'mkdir', 'rename', 'copyfile', 'close', 'fsync'].includes(syscall);
}

/**
 * Writes the kept members the listing accepted. Each member is checked again (the file may have changed since it was
 * listed), and a file may write no more than its listed size, so the listing's total bounds what is written.
 */
function createMemberSink(
  destDir: string,
  plan: ArchivePlan,
  layout: ArchiveLayout,
  { limits, signal }: ExtractOptions,
) {
  const written = new Map<string, { sha256: string; sizeBytes: number }>();
  const recheck = createLayoutCheck(plan, limits);
  const changed = (what: string) => new ArchiveProblem(`changed while it was being read (${what})`);
  const inside = (target: string) => {
    const full = path.resolve(destDir, target);
    // Belt and braces: member paths were checked already, and no link is ever created on disk.
    if (!full.startsWith(path.resolve(destDir) + path.sep))
      throw new ArchiveProblem(`holds an unsafe member '${target}'`);
    return full;
  };

  async function write(target: string, listedSize: number, body: AsyncIterable<Buffer>): Promise<void> {
    const full = inside(target);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    const hash = createHash('sha256');
    let sizeBytes = 0;
    await pipeline(
      body,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          if (sizeBytes > listedSize) return done(changed(`${target} holds more than its listed ${listedSize} bytes`));
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      fs.createWriteStream(full),
      { signal },
    );
    if (sizeBytes !== listedSize) throw changed(`${target} holds ${sizeBytes} bytes, not its listed ${listedSize}`);
    written.set(target, { sha256: hash.digest('hex'), sizeBytes });
  }

  const visit: MemberVisitor = (member) => {
    const kept = recheck.add(member);
    if (!kept) return undefined;
    if (member.kind === 'directory') {
      if (!layout.folders.has(kept.target)) throw changed(`${member.path} was not listed`);
      fs.mkdirSync(inside(kept.target), { recursive: true });
      return undefined;
    }
    const listedSize = layout.files.get(kept.target);
    if (listedSize !== member.size) throw changed(`${member.path} was not listed with ${member.size} bytes`);
    return (body) => write(kept.target, listedSize, body);
  };

  return {
    visit,
    async finish(): Promise<Extracted> {
      recheck.finish();
      return {
        files: plan.files.map((name) => ({ name, ...written.get(name)! })),
        directories: plan.directories.map((name) => ({ name, ...folderSize(inside(name)) })),
      };
    },
  };
}
