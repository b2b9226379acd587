// Installing a model from local files: a folder holding its files by name, the one file, or the archive it is
// published as; copied (hashing on the way), unpacked, verified and committed. Nothing of a failed import is kept.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DubDeskError } from '../../shared/errors.js';
import type { CatalogueEntry, ModelFile } from './catalogue.js';
import { copyFolder } from './copy-folder.js';
import { sha256File } from './file-hash.js';
import type { ImportSource } from './import-sources.js';
import type { InstallContext } from './install-context.js';
import type { InstallPart, ProgressReporter } from './install-progress.js';
import { checksumError, verifyOnnxFiles } from './install-verification.js';
import type { ManifestDirectory, ManifestFile, ModelManifest } from './manifest.js';
import { extractInto, gunzipInto, type Staging } from './staged-unpack.js';
import { unpackBudget } from './unpack-limit.js';

export interface ImportContext extends InstallContext {
  /** A fresh staging folder for this import (deleted when it ends). */
  stagingDir: string;
}

type Contents = Omit<ModelManifest, 'id' | 'title' | 'installedAt' | 'source'>;

/** What an import moves bytes for, so its progress totals are exact. */
export function importParts(source: ImportSource): InstallPart[] {
  if (source.kind === 'archive')
    return [{ name: path.basename(source.path), sizeBytes: fs.statSync(source.path).size }];
  const parts: InstallPart[] = [...source.files].map(([name, from]) => ({ name, sizeBytes: fs.statSync(from).size }));
  for (const name of source.directories.keys()) parts.push({ name });
  return parts;
}

/** Copies one file (decompressing a gzipped copy), hashing on the way: one read of a multi-gigabyte file instead of two. */
async function importFile(staging: Staging, file: ModelFile, from: string, gzipped: boolean): Promise<ManifestFile> {
  const { entry, signal, report } = staging;
  const target = path.join(staging.dir, file.name);
  if (gzipped) {
    // Checked before decompressing: a .gz that is not the published one writes nothing.
    if (file.sha256) {
      const compressed = await sha256File(from, signal);
      if (compressed !== file.sha256) throw checksumError(entry, file, compressed, from, 'unsupported_media');
    }
    return {
      ...(await gunzipInto(staging, file, from, target, { where: from, wrongFile: 'unsupported_media' })),
      from,
    };
  }
  const total = fs.statSync(from).size;
  const hash = createHash('sha256');
  let copied = 0;
  report('copying', file.name, 0, total, true);
  await pipeline(
    fs.createReadStream(from),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        copied += chunk.length;
        report('copying', file.name, copied, total);
        done(null, chunk);
      },
    }),
    fs.createWriteStream(target),
    { signal },
  );
  const sha256 = hash.digest('hex');
  // A gzip-published file's hash is of its .gz: a copy decompressed elsewhere cannot be checked against it.
  if (file.sha256 && file.compression !== 'gz' && sha256 !== file.sha256)
    throw checksumError(entry, file, sha256, from, 'unsupported_media');
  return { name: file.name, sha256, sizeBytes: copied, from };
}

async function importArchive(staging: Staging, source: Extract<ImportSource, { kind: 'archive' }>): Promise<Contents> {
  const { entry, signal, report } = staging;
  const size = fs.statSync(source.path).size;
  report('verifying', path.basename(source.path), size, size, true);
  const sha256 = await sha256File(source.path, signal);
  const expected = entry.archive?.sha256;
  if (expected && sha256 !== expected) {
    throw new DubDeskError(
      'unsupported_media',
      `The checksum of the archive ${source.path} for ${entry.title} does not match: expected ` +
        `sha256 ${expected}, got ${sha256}. Nothing was installed.`,
    );
  }
  const extracted = await extractInto(staging, source.path, source.format, {
    where: source.path,
    wrongFile: 'unsupported_media',
  });
  return {
    files: extracted.files.map((f) => ({ ...f, from: source.path })),
    directories: extracted.directories.map((d) => ({ ...d, from: source.path })),
    archive: { from: source.path, sha256, sizeBytes: size },
  };
}

async function importFolder(staging: Staging, source: Extract<ImportSource, { kind: 'files' }>): Promise<Contents> {
  const files: ManifestFile[] = [];
  for (const file of staging.entry.files)
    files.push(await importFile(staging, file, source.files.get(file.name)!, source.gzipped.has(file.name)));
  const directories: ManifestDirectory[] = [];
  for (const [name, from] of source.directories) {
    const copied = await copyFolder(from, path.join(staging.dir, name), {
      signal: staging.signal,
      onProgress: (done, total) => staging.report('copying', name, done, total),
    });
    directories.push({ name, ...copied, from });
  }
  return { files, ...(directories.length ? { directories } : {}) };
}

export async function importModel(
  context: ImportContext,
  entry: CatalogueEntry,
  source: ImportSource,
  signal: AbortSignal,
  report: ProgressReporter,
): Promise<void> {
  const stagingDir = context.stagingDir;
  fs.mkdirSync(stagingDir, { recursive: true });
  try {
    const staging: Staging = { entry, dir: stagingDir, budget: unpackBudget(entry.sizeBytes), signal, report };
    const contents =
      source.kind === 'archive' ? await importArchive(staging, source) : await importFolder(staging, source);
    report('verifying', undefined, undefined, undefined, true);
    const origin = (file: ModelFile) =>
      source.kind === 'archive' ? `${source.path} (${file.name})` : source.files.get(file.name)!;
    await verifyOnnxFiles(context.runtime, entry, stagingDir, origin, 'unsupported_media');
    await context.commit(entry, stagingDir, {
      id: entry.id,
      title: entry.title,
      installedAt: context.now().toISOString(),
      source: 'import',
      ...contents,
    });
  } finally {
    fs.rmSync(stagingDir, { recursive: true, force: true });
  }
}
