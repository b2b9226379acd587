// Installing a model from the network: each file with its own URL, then the entry's archive, checked against the
// published hashes, unpacked, verified, and committed. The staging folder is kept between attempts to resume.
import fs from 'node:fs';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { fetchToFile } from '../files/remote-fetch.js';
import type { Extracted } from './archive-extract.js';
import type { CatalogueEntry, ModelFile } from './catalogue.js';
import { sha256File } from './file-hash.js';
import type { InstallContext } from './install-context.js';
import { archiveDownloadName, type ProgressReporter } from './install-progress.js';
import { checksumError, verifyOnnxFiles } from './install-verification.js';
import type { ManifestArchive, ManifestDirectory, ManifestFile } from './manifest.js';
import { extractInto, gunzipInto, type Staging } from './staged-unpack.js';
import { unpackBudget } from './unpack-limit.js';

export interface DownloadContext extends InstallContext {
  /** The staging folder of the entry's download (kept between attempts). */
  stagingDir: string;
  /** Longest silence from a server (waiting for its answer or between bytes) before a download fails. */
  idleTimeoutMs?: number;
}

function fetchOptions(
  context: DownloadContext,
  signal: AbortSignal,
  onProgress: (bytes: number, total: number | undefined) => void,
) {
  return {
    signal,
    connectTimeoutMs: context.idleTimeoutMs,
    idleTimeoutMs: context.idleTimeoutMs,
    resumeHint: 'Install again to resume.',
    // A file finished by an earlier attempt (or a partial from before .part files) is confirmed or continued, not fetched again.
    continueExisting: true,
    onProgress: ({ bytes, totalBytes }: { bytes: number; totalBytes: number | null }) =>
      onProgress(bytes, totalBytes ?? undefined),
  };
}

/** Fetches a file that has its own URL; a gzip-compressed one is stored decompressed (its `.gz` stays until commit). */
async function downloadFile(context: DownloadContext, staging: Staging, file: ModelFile): Promise<ManifestFile> {
  const { entry, signal, report } = staging;
  const url = file.url!;
  const target = path.join(staging.dir, file.name);
  const fetched = file.compression === 'gz' ? `${target}.gz` : target;
  const { bytes: sizeBytes } = await fetchToFile(
    url,
    fetched,
    fetchOptions(context, signal, (bytes, total) => report('downloading', file.name, bytes, total)),
  );
  report('verifying', file.name, sizeBytes, sizeBytes, true);
  const sha256 = await sha256File(fetched, signal);
  // The published hash is of the download (for a .gz, before anything is decompressed): a wrong file writes nothing.
  if (file.sha256 && sha256 !== file.sha256) {
    // Resuming a corrupt file cannot fix it: the next attempt starts over.
    fs.rmSync(fetched, { force: true });
    throw checksumError(entry, file, sha256, url);
  }
  if (file.compression !== 'gz') return { name: file.name, sha256, sizeBytes, from: url };
  try {
    const stored = await gunzipInto(staging, file, fetched, target, {
      where: `at ${url}`,
      wrongFile: 'download_failed',
    });
    return { ...stored, from: url };
  } catch (error) {
    if (!signal.aborted && error instanceof DubDeskError && !error.retryable) fs.rmSync(fetched, { force: true });
    throw error;
  }
}

/** Downloads the entry's archive, checks it, extracts its members into the staging folder, then deletes it. */
async function downloadArchive(
  context: DownloadContext,
  staging: Staging,
): Promise<Extracted & { archive: ManifestArchive }> {
  const { entry, signal, report } = staging;
  const archive = entry.archive!;
  const name = archiveDownloadName(entry);
  const archivePath = path.join(staging.dir, name);
  const { bytes } = await fetchToFile(
    archive.url,
    archivePath,
    fetchOptions(context, signal, (received, total) => report('downloading', name, received, total)),
  );
  report('verifying', name, bytes, bytes, true);
  const sha256 = await sha256File(archivePath, signal);
  if (archive.sha256 && sha256 !== archive.sha256) {
    fs.rmSync(archivePath, { force: true });
    throw new DubDeskError(
      'download_failed',
      `The checksum of the archive ${name} for ${entry.title} (from ${archive.url}) does not ` +
        `match: expected sha256 ${archive.sha256}, got ${sha256}. Nothing was installed.`,
    );
  }
  try {
    const extracted = await extractInto(staging, archivePath, archive.format, {
      where: archive.url,
      wrongFile: 'download_failed',
    });
    // Kept only until its members are out: a retry of a later step would not need it.
    fs.rmSync(archivePath, { force: true });
    return { ...extracted, archive: { from: archive.url, sha256, sizeBytes: bytes } };
  } catch (error) {
    // A refused archive stays refused: the next attempt fetches it anew. Cancelled or disk trouble: keep it.
    if (!signal.aborted && error instanceof DubDeskError && !error.retryable) fs.rmSync(archivePath, { force: true });
    throw error;
  }
}

export async function downloadModel(
  context: DownloadContext,
  entry: CatalogueEntry,
  signal: AbortSignal,
  report: ProgressReporter,
): Promise<void> {
  const stagingDir = context.stagingDir;
  fs.mkdirSync(stagingDir, { recursive: true });
  const staging: Staging = { entry, dir: stagingDir, budget: unpackBudget(entry.sizeBytes), signal, report };
  const byName = new Map<string, ManifestFile>();
  for (const file of entry.files) if (file.url) byName.set(file.name, await downloadFile(context, staging, file));
  let directories: ManifestDirectory[] | undefined;
  let archive: ManifestArchive | undefined;
  if (entry.archive) {
    const extracted = await downloadArchive(context, staging);
    for (const file of extracted.files) byName.set(file.name, { ...file, from: entry.archive.url });
    directories = extracted.directories.map((d) => ({ ...d, from: entry.archive!.url }));
    archive = extracted.archive;
  }
  try {
    report('verifying', undefined, undefined, undefined, true);
    await verifyOnnxFiles(
      context.runtime,
      entry,
      stagingDir,
      (file) => file.url ?? `${entry.archive!.url} (${file.name})`,
      'engine_failed',
    );
  } catch (error) {
    // A wrong file stays wrong: keep nothing to resume from.
    fs.rmSync(stagingDir, { recursive: true, force: true });
    throw error;
  }
  for (const file of entry.files)
    if (file.compression === 'gz' && file.url) fs.rmSync(path.join(stagingDir, `${file.name}.gz`), { force: true });
  const files = entry.files.map((f) => byName.get(f.name)!);
  const manifest = {
    id: entry.id,
    title: entry.title,
    installedAt: context.now().toISOString(),
    source: 'download' as const,
    files,
    ...(directories ? { directories } : {}),
    ...(archive ? { archive } : {}),
  };
  await context.commit(entry, stagingDir, manifest);
}
