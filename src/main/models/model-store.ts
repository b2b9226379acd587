// The model store: catalogue joined with what is on disk; install (download or import), verify, remove, open sessions.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DubDeskError, toDubDeskError, type ErrorCode } from '../../shared/errors.js';
import { fetchToFile } from '../files/remote-fetch.js';
import { newId } from '../ids.js';
import { ArchiveProblem, extractArchive, isFileSystemError, type ArchiveFormat, type Extracted } from './archive-extract.js';
import type { ArchivePlan } from './archive-members.js';
import { createCatalogue, type Catalogue, type CatalogueEntry, type CommercialUse, type ModelFile, type ModelTask } from './catalogue.js';
import { copyFolder } from './copy-folder.js';
import { sha256File } from './file-hash.js';
import { folderSize } from './folder-size.js';
import { gunzipFile } from './gzip-file.js';
import { resolveImport, type ImportSource } from './import-sources.js';
import { archiveDownloadName, createProgressReporter, type InstallEvent, type InstallPart, type InstallState, type ProgressReporter } from './install-progress.js';
import { readManifest, writeManifest, type ManifestArchive, type ManifestDirectory, type ManifestFile, type ModelManifest } from './manifest.js';
import { createOnnxRuntime, readSignature, type OnnxFeeds, type OnnxResults, type OnnxRuntime, type OnnxSession } from './onnx-runtime.js';
import { UnpackLimitExceeded, unpackBudget, type UnpackBudget } from './unpack-limit.js';
import { checkSignature, signatureMismatchMessage, type Binding } from './verify-signature.js';

export type { InstallEvent, InstallState };

export interface ModelRecord {
  id: string;
  task: ModelTask;
  title: string;
  description: string;
  license: string;
  /** As the catalogue states it; absent: not reviewed yet. */
  commercialUse?: CommercialUse;
  commercialNote?: string;
  sizeBytes: number;
  homepage?: string;
  /** The engine that consumes it; absent: nothing in this version uses it yet. */
  usedBy?: string;
  files: { name: string; sizeBytes?: number }[];
  /** Published as an archive: its format and the folders kept whole from it. */
  archive?: { format: ArchiveFormat; directories?: string[] };
  installed: boolean;
  installedAt?: string;
  sizeOnDisk?: number;
  source?: 'download' | 'import';
  /** The install in flight, or the last one that failed (cleared by success or removal). */
  install?: InstallEvent;
}

export interface InstalledModel {
  entry: CatalogueEntry;
  dir: string;
  manifest: ModelManifest;
  /** Absolute path of one of the model's files. */
  file(name: string): string;
}

/** A cached session with the catalogue's names bound to the file's (they differ only for bindByShape models). */
export interface BoundSession {
  session: OnnxSession;
  inputs: Binding;
  outputs: Binding;
  /** Runs with feeds keyed by the catalogue's names; results come back under the catalogue's names too (plus any extra outputs). */
  run(feeds: OnnxFeeds, options?: { signal?: AbortSignal }): Promise<OnnxResults>;
}

export interface InstallOptions {
  signal?: AbortSignal;
  onProgress?: (event: InstallEvent) => void;
}

export interface ModelStore {
  readonly catalogue: Catalogue;
  list(): ModelRecord[];
  /** Throws not_found for an id the catalogue does not know. */
  get(id: string): ModelRecord;
  /** Downloads the entry's files; concurrent calls for one id share one download. Resolves at once when installed. */
  install(id: string, options?: InstallOptions): Promise<ModelRecord>;
  /** Installs from a local file (single-file models) or a folder holding the entry's files by name; replaces an installed copy. */
  importFrom(id: string, sourcePath: string, options?: InstallOptions): Promise<ModelRecord>;
  /** Cancels an install in flight, closes the model's sessions and deletes its files. */
  remove(id: string): Promise<void>;
  isInstalled(id: string): boolean;
  /** Throws model_not_installed saying how to install it. */
  requireInstalled(id: string): InstalledModel;
  /** Opens (once, then cached) the session of one ONNX file of an installed model, checking its signature on load. */
  openSession(id: string, fileName: string): Promise<BoundSession>;
  subscribe(listener: (event: InstallEvent) => void): () => void;
  /** Cancels installs in flight and releases every session. */
  close(): Promise<void>;
}

export interface ModelStoreOptions {
  modelsDir: string;
  catalogue?: Catalogue;
  runtime?: OnnxRuntime;
  /** Longest silence from a server (waiting for its answer or between bytes) before a download fails. */
  idleTimeoutMs?: number;
  /** Least time between two progress events of one install (the last of each file always goes out). */
  progressIntervalMs?: number;
  now?: () => Date;
}

interface Flight {
  kind: 'download' | 'import';
  controller: AbortController;
  promise: Promise<ModelRecord>;
  callers: number;
  last: InstallEvent;
}

export function notInstalledMessage(entry: CatalogueEntry): string {
  return (
    `${entry.title} is not installed. Install it with \`dubdesk models install ${entry.id}\`, ` +
    `with POST /v1/models {"id":"${entry.id}"}, or from the Models page of the app.`
  );
}

const isOnnx = (file: ModelFile) => file.name.toLowerCase().endsWith('.onnx');

/** ONNX Runtime's own reason for refusing a file, with the staging copy's path (internal) replaced by where the file came from. */
function loadFailureReason(error: unknown, staged: string, where: string): string {
  const root = (error as { cause?: unknown }).cause ?? error;
  const message = root instanceof Error ? root.message : String(root);
  return message
    .replace(/^Load model from .*? failed:\s*/s, '')
    .split(staged).join(where)
    .replace(/\.$/, '')
    .trim() || 'unknown reason';
}

export function createModelStore(options: ModelStoreOptions): ModelStore {
  const modelsDir = path.resolve(options.modelsDir);
  const partialRoot = path.join(modelsDir, '.partial');
  const catalogue = options.catalogue ?? createCatalogue();
  const runtime = options.runtime ?? createOnnxRuntime();
  const progressIntervalMs = options.progressIntervalMs ?? 200;
  const now = options.now ?? (() => new Date());

  const listeners = new Set<(event: InstallEvent) => void>();
  const flights = new Map<string, Flight>();
  const failures = new Map<string, InstallEvent>();
  const bound = new Map<string, Promise<BoundSession>>();

  const installedDir = (id: string) => path.join(modelsDir, id);
  const downloadDir = (id: string) => path.join(partialRoot, id);

  function emit(event: InstallEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A failing subscriber must not break the install or the other subscribers.
      }
    }
  }

  function sizeOnDisk(dir: string, manifest: ModelManifest): number {
    let total = 0;
    for (const file of manifest.files) {
      try {
        total += fs.statSync(path.join(dir, file.name)).size;
      } catch {
        // A file deleted by hand: count what is there.
      }
    }
    for (const folder of manifest.directories ?? []) total += folderSize(path.join(dir, folder.name)).sizeBytes;
    return total;
  }

  function recordOf(entry: CatalogueEntry): ModelRecord {
    const dir = installedDir(entry.id);
    const manifest = readManifest(dir, entry.id);
    const install = flights.get(entry.id)?.last ?? failures.get(entry.id);
    return {
      id: entry.id,
      task: entry.task,
      title: entry.title,
      description: entry.description,
      license: entry.license,
      ...(entry.commercialUse ? { commercialUse: entry.commercialUse } : {}),
      ...(entry.commercialNote ? { commercialNote: entry.commercialNote } : {}),
      sizeBytes: entry.sizeBytes,
      ...(entry.homepage ? { homepage: entry.homepage } : {}),
      ...(entry.usedBy ? { usedBy: entry.usedBy } : {}),
      files: entry.files.map((f) => (f.sizeBytes !== undefined ? { name: f.name, sizeBytes: f.sizeBytes } : { name: f.name })),
      ...(entry.archive ? { archive: { format: entry.archive.format, ...(entry.archive.directories?.length ? { directories: [...entry.archive.directories] } : {}) } } : {}),
      installed: manifest !== undefined,
      ...(manifest ? { installedAt: manifest.installedAt, sizeOnDisk: sizeOnDisk(dir, manifest), source: manifest.source } : {}),
      ...(install ? { install: { ...install } } : {}),
    };
  }

  /**
   * Loads each staged ONNX file and checks its signature. `wrongFile` is the code of a file that is not the model:
   * the client's error on an import (unsupported_media), the server's on a download.
   */
  async function verifyOnnxFiles(entry: CatalogueEntry, stagingDir: string, origin: (file: ModelFile) => string, wrongFile: ErrorCode): Promise<void> {
    for (const file of entry.files) {
      if (!isOnnx(file)) continue;
      const where = origin(file);
      const staged = path.join(stagingDir, file.name);
      let measured;
      try {
        measured = await runtime.inspect(staged);
      } catch (error) {
        const reason = loadFailureReason(error, staged, where);
        throw new DubDeskError(wrongFile, `The file at ${where} does not look like ${entry.title}: ONNX Runtime cannot load it (${reason}).`, { cause: error, retryable: false });
      }
      if (!file.signature) continue;
      const check = checkSignature(file.signature, measured, { bindByShape: entry.bindByShape });
      if (!check.ok) {
        throw new DubDeskError(wrongFile, signatureMismatchMessage(where, entry.title, file.signature, measured, check.problems), { retryable: false });
      }
    }
  }

  function checksumError(entry: CatalogueEntry, file: ModelFile, measured: string, where: string, code: ErrorCode = 'download_failed'): DubDeskError {
    return new DubDeskError(
      code,
      `The checksum of ${file.name} for ${entry.title} (from ${where}) does not match: expected sha256 ${file.sha256}, got ${measured}. Nothing was installed.`,
    );
  }

  async function releaseSessions(entry: CatalogueEntry): Promise<void> {
    for (const file of entry.files) {
      const full = path.join(installedDir(entry.id), file.name);
      bound.delete(full);
      await runtime.release(full);
    }
  }

  /** Moves a complete, verified staging folder into place; an older copy is swapped out, then deleted. */
  async function commit(entry: CatalogueEntry, stagingDir: string, manifest: ModelManifest): Promise<void> {
    writeManifest(stagingDir, manifest);
    const target = installedDir(entry.id);
    let old: string | undefined;
    if (fs.existsSync(target)) {
      await releaseSessions(entry);
      old = path.join(partialRoot, `${entry.id}.old-${newId()}`);
      fs.renameSync(target, old);
    }
    fs.renameSync(stagingDir, target);
    if (old) fs.rmSync(old, { recursive: true, force: true });
  }

  const fetchOptions = (signal: AbortSignal, onProgress: (bytes: number, total: number | undefined) => void) => ({
    signal,
    connectTimeoutMs: options.idleTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs,
    resumeHint: 'Install again to resume.',
    // A file finished by an earlier attempt (or a partial from before .part files) is confirmed or continued, not fetched again.
    continueExisting: true,
    onProgress: ({ bytes, totalBytes }: { bytes: number; totalBytes: number | null }) => onProgress(bytes, totalBytes ?? undefined),
  });

  /** Fetches a file that has its own URL; a gzip-compressed one is stored decompressed (its `.gz` stays until commit). */
  async function downloadFile(entry: CatalogueEntry, file: ModelFile, stagingDir: string, budget: UnpackBudget, signal: AbortSignal, report: ProgressReporter): Promise<ManifestFile> {
    const url = file.url!;
    const target = path.join(stagingDir, file.name);
    const fetched = file.compression === 'gz' ? `${target}.gz` : target;
    const { bytes: sizeBytes } = await fetchToFile(url, fetched, fetchOptions(signal, (bytes, total) => report('downloading', file.name, bytes, total)));
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
      const stored = await gunzipInto(entry, file, fetched, target, `at ${url}`, 'download_failed', budget, signal, report);
      return { ...stored, from: url };
    } catch (error) {
      if (!signal.aborted && error instanceof DubDeskError && !error.retryable) fs.rmSync(fetched, { force: true });
      throw error;
    }
  }

  /** Decompresses one .gz file within what the install may still unpack; `wrongFile`: the code of a file that is not the model. */
  async function gunzipInto(entry: CatalogueEntry, file: ModelFile, from: string, target: string, where: string, wrongFile: ErrorCode, budget: UnpackBudget, signal: AbortSignal, report: ProgressReporter): Promise<Omit<ManifestFile, 'from'>> {
    try {
      const stored = await gunzipFile(from, target, { signal, maxBytes: budget.remaining(), onProgress: (read, total) => report('extracting', file.name, read, total) });
      budget.spend(stored.sizeBytes);
      return { name: file.name, ...stored };
    } catch (error) {
      if (signal.aborted || isFileSystemError(error)) throw error;
      const problem = error instanceof UnpackLimitExceeded
        ? `decompresses to more than ${budget.description}`
        : `is not a complete gzip file (${(error as Error).message})`;
      throw new DubDeskError(wrongFile, `The file ${where} for ${entry.title} ${problem}. Nothing was installed.`, { cause: error, retryable: false });
    }
  }

  /** Downloads the entry's archive, checks it, extracts its members into the staging folder, then deletes it. */
  async function downloadArchive(entry: CatalogueEntry, stagingDir: string, budget: UnpackBudget, signal: AbortSignal, report: ProgressReporter): Promise<Extracted & { archive: ManifestArchive }> {
    const archive = entry.archive!;
    const name = archiveDownloadName(entry);
    const archivePath = path.join(stagingDir, name);
    const { bytes } = await fetchToFile(archive.url, archivePath, fetchOptions(signal, (received, total) => report('downloading', name, received, total)));
    report('verifying', name, bytes, bytes, true);
    const sha256 = await sha256File(archivePath, signal);
    if (archive.sha256 && sha256 !== archive.sha256) {
      fs.rmSync(archivePath, { force: true });
      throw new DubDeskError('download_failed', `The checksum of the archive ${name} for ${entry.title} (from ${archive.url}) does not match: expected sha256 ${archive.sha256}, got ${sha256}. Nothing was installed.`);
    }
    try {
      const extracted = await extractInto(entry, archivePath, archive.format, stagingDir, archive.url, 'download_failed', budget, signal, report);
      // Kept only until its members are out: a retry of a later step would not need it.
      fs.rmSync(archivePath, { force: true });
      return { ...extracted, archive: { from: archive.url, sha256, sizeBytes: bytes } };
    } catch (error) {
      // A refused archive stays refused: the next attempt fetches it anew. Cancelled or disk trouble: keep it.
      if (!signal.aborted && error instanceof DubDeskError && !error.retryable) fs.rmSync(archivePath, { force: true });
      throw error;
    }
  }

  function archivePlan(entry: CatalogueEntry): ArchivePlan {
    return {
      stripComponents: entry.archive?.stripComponents ?? 1,
      files: entry.files.filter((f) => !f.url).map((f) => f.name),
      directories: entry.archive?.directories ?? [],
    };
  }

  /**
   * Extracts the archive's kept members into a scratch folder beside the staging files, then moves them in, so a
   * failure leaves nothing half-extracted. `wrongArchive`: the code of an archive that is not the model.
   */
  async function extractInto(
    entry: CatalogueEntry,
    archivePath: string,
    format: ArchiveFormat,
    stagingDir: string,
    where: string,
    wrongArchive: ErrorCode,
    budget: UnpackBudget,
    signal: AbortSignal,
    report: ProgressReporter,
  ): Promise<Extracted> {
    const plan = archivePlan(entry);
    const scratch = path.join(stagingDir, '.extracting');
    const shown = path.basename(archivePath);
    fs.rmSync(scratch, { recursive: true, force: true });
    try {
      const extracted = await extractArchive(archivePath, format, scratch, plan, {
        limits: { maxBytes: budget.remaining(), description: budget.description },
        signal,
        onListing: (read, total) => report('verifying', shown, read, total),
        onProgress: (read, total) => report('extracting', shown, read, total),
      });
      budget.spend([...extracted.files, ...extracted.directories].reduce((sum, part) => sum + part.sizeBytes, 0));
      for (const name of [...plan.files, ...plan.directories]) {
        fs.rmSync(path.join(stagingDir, name), { recursive: true, force: true });
        fs.renameSync(path.join(scratch, name), path.join(stagingDir, name));
      }
      return extracted;
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof ArchiveProblem) {
        throw new DubDeskError(wrongArchive, `The archive ${where} for ${entry.title} ${error.message}. Nothing was installed.`, { cause: error, retryable: false });
      }
      throw error;
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }

  async function downloadAll(entry: CatalogueEntry, signal: AbortSignal, report: ProgressReporter): Promise<void> {
    const stagingDir = downloadDir(entry.id);
    fs.mkdirSync(stagingDir, { recursive: true });
    const byName = new Map<string, ManifestFile>();
    const budget = unpackBudget(entry.sizeBytes);
    for (const file of entry.files) if (file.url) byName.set(file.name, await downloadFile(entry, file, stagingDir, budget, signal, report));
    let directories: ManifestDirectory[] | undefined;
    let archive: ManifestArchive | undefined;
    if (entry.archive) {
      const extracted = await downloadArchive(entry, stagingDir, budget, signal, report);
      for (const file of extracted.files) byName.set(file.name, { ...file, from: entry.archive.url });
      directories = extracted.directories.map((d) => ({ ...d, from: entry.archive!.url }));
      archive = extracted.archive;
    }
    try {
      report('verifying', undefined, undefined, undefined, true);
      await verifyOnnxFiles(entry, stagingDir, (file) => file.url ?? `${entry.archive!.url} (${file.name})`, 'engine_failed');
    } catch (error) {
      // A wrong file stays wrong: keep nothing to resume from.
      fs.rmSync(stagingDir, { recursive: true, force: true });
      throw error;
    }
    for (const file of entry.files) if (file.compression === 'gz' && file.url) fs.rmSync(path.join(stagingDir, `${file.name}.gz`), { force: true });
    const files = entry.files.map((f) => byName.get(f.name)!);
    await commit(entry, stagingDir, { id: entry.id, title: entry.title, installedAt: now().toISOString(), source: 'download', files, ...(directories ? { directories } : {}), ...(archive ? { archive } : {}) });
  }

  /** Copies one file (decompressing a gzipped copy), hashing on the way: one read of a multi-gigabyte file instead of two. */
  async function importFile(entry: CatalogueEntry, file: ModelFile, from: string, gzipped: boolean, stagingDir: string, budget: UnpackBudget, signal: AbortSignal, report: ProgressReporter): Promise<ManifestFile> {
    const target = path.join(stagingDir, file.name);
    if (gzipped) {
      // Checked before decompressing: a .gz that is not the published one writes nothing.
      if (file.sha256) {
        const compressed = await sha256File(from, signal);
        if (compressed !== file.sha256) throw checksumError(entry, file, compressed, from, 'unsupported_media');
      }
      return { ...(await gunzipInto(entry, file, from, target, from, 'unsupported_media', budget, signal, report)), from };
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
    if (file.sha256 && file.compression !== 'gz' && sha256 !== file.sha256) throw checksumError(entry, file, sha256, from, 'unsupported_media');
    return { name: file.name, sha256, sizeBytes: copied, from };
  }

  async function importArchive(entry: CatalogueEntry, source: Extract<ImportSource, { kind: 'archive' }>, stagingDir: string, budget: UnpackBudget, signal: AbortSignal, report: ProgressReporter): Promise<Omit<ModelManifest, 'id' | 'title' | 'installedAt' | 'source'>> {
    const size = fs.statSync(source.path).size;
    report('verifying', path.basename(source.path), size, size, true);
    const sha256 = await sha256File(source.path, signal);
    const expected = entry.archive?.sha256;
    if (expected && sha256 !== expected) {
      throw new DubDeskError('unsupported_media', `The checksum of the archive ${source.path} for ${entry.title} does not match: expected sha256 ${expected}, got ${sha256}. Nothing was installed.`);
    }
    const extracted = await extractInto(entry, source.path, source.format, stagingDir, source.path, 'unsupported_media', budget, signal, report);
    return {
      files: extracted.files.map((f) => ({ ...f, from: source.path })),
      directories: extracted.directories.map((d) => ({ ...d, from: source.path })),
      archive: { from: source.path, sha256, sizeBytes: size },
    };
  }

  async function importAll(entry: CatalogueEntry, source: ImportSource, signal: AbortSignal, report: ProgressReporter): Promise<void> {
    const stagingDir = path.join(partialRoot, `${entry.id}.import-${newId()}`);
    fs.mkdirSync(stagingDir, { recursive: true });
    try {
      let contents: Omit<ModelManifest, 'id' | 'title' | 'installedAt' | 'source'>;
      const budget = unpackBudget(entry.sizeBytes);
      if (source.kind === 'archive') contents = await importArchive(entry, source, stagingDir, budget, signal, report);
      else {
        const files: ManifestFile[] = [];
        for (const file of entry.files) files.push(await importFile(entry, file, source.files.get(file.name)!, source.gzipped.has(file.name), stagingDir, budget, signal, report));
        const directories: ManifestDirectory[] = [];
        for (const [name, from] of source.directories) {
          const copied = await copyFolder(from, path.join(stagingDir, name), { signal, onProgress: (done, total) => report('copying', name, done, total) });
          directories.push({ name, ...copied, from });
        }
        contents = { files, ...(directories.length ? { directories } : {}) };
      }
      report('verifying', undefined, undefined, undefined, true);
      const origin = (file: ModelFile) => (source.kind === 'archive' ? `${source.path} (${file.name})` : source.files.get(file.name)!);
      await verifyOnnxFiles(entry, stagingDir, origin, 'unsupported_media');
      await commit(entry, stagingDir, { id: entry.id, title: entry.title, installedAt: now().toISOString(), source: 'import', ...contents });
    } finally {
      fs.rmSync(stagingDir, { recursive: true, force: true });
    }
  }

  /** What an import moves bytes for, so its progress totals are exact. */
  function importParts(entry: CatalogueEntry, source: ImportSource): InstallPart[] {
    if (source.kind === 'archive') return [{ name: path.basename(source.path), sizeBytes: fs.statSync(source.path).size }];
    const parts: InstallPart[] = [...source.files].map(([name, from]) => ({ name, sizeBytes: fs.statSync(from).size }));
    for (const name of source.directories.keys()) parts.push({ name });
    return parts;
  }

  function startFlight(entry: CatalogueEntry, kind: Flight['kind'], work: (signal: AbortSignal, report: ProgressReporter) => Promise<void>, parts?: InstallPart[]): Flight {
    const controller = new AbortController();
    const flight: Flight = {
      kind,
      controller,
      callers: 0,
      last: { id: entry.id, state: kind === 'download' ? 'downloading' : 'copying', receivedBytes: 0, totalBytes: entry.sizeBytes },
      promise: Promise.resolve() as unknown as Promise<ModelRecord>,
    };
    failures.delete(entry.id);
    const report = createProgressReporter(entry, progressIntervalMs, (event, publish) => {
      if (flights.get(entry.id) === flight) flight.last = event;
      if (publish) emit(event);
    }, parts);
    flight.promise = (async () => {
      try {
        await work(controller.signal, report);
      } catch (error) {
        const failure = controller.signal.aborted ? new DubDeskError('cancelled', `Installing ${entry.title} was cancelled.`) : toDubDeskError(error);
        const event: InstallEvent = { ...flight.last, state: failure.code === 'cancelled' ? 'cancelled' : 'failed', code: failure.code, message: failure.message };
        flights.delete(entry.id);
        if (failure.code !== 'cancelled') failures.set(entry.id, event);
        emit(event);
        throw failure;
      }
      flights.delete(entry.id);
      const record = recordOf(entry);
      emit({ id: entry.id, state: 'installed', receivedBytes: record.sizeOnDisk ?? 0, totalBytes: record.sizeOnDisk ?? 0 });
      return record;
    })();
    // Callers may all have walked away; the outcome is still recorded above.
    flight.promise.catch(() => undefined);
    flights.set(entry.id, flight);
    return flight;
  }

  /** Waits for a shared flight; one caller's abort leaves it to the others, the last caller's abort cancels it. */
  function join(flight: Flight, id: string, opts: InstallOptions): Promise<ModelRecord> {
    const { signal, onProgress } = opts;
    let present = true;
    const leave = (abandon: boolean) => {
      if (!present) return;
      present = false;
      flight.callers -= 1;
      if (abandon && flight.callers === 0 && flights.get(id) === flight) flight.controller.abort();
    };
    flight.callers += 1;
    if (signal?.aborted) {
      leave(true);
      return Promise.reject(new DubDeskError('cancelled', 'The install was cancelled.'));
    }
    const unsubscribe = onProgress ? subscribe((event) => event.id === id && onProgress(event)) : () => undefined;
    return new Promise<ModelRecord>((resolve, reject) => {
      const onAbort = () => {
        leave(true);
        unsubscribe();
        reject(new DubDeskError('cancelled', 'The install was cancelled.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise
        .then(resolve, reject)
        .finally(() => {
          leave(false);
          signal?.removeEventListener('abort', onAbort);
          unsubscribe();
        });
    });
  }

  function subscribe(listener: (event: InstallEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  function requireInstalled(id: string): InstalledModel {
    const entry = catalogue.require(id);
    const dir = installedDir(id);
    const manifest = readManifest(dir, id);
    if (!manifest) throw new DubDeskError('model_not_installed', notInstalledMessage(entry));
    return { entry, dir, manifest, file: (name) => path.join(dir, name) };
  }

  async function bindSession(entry: CatalogueEntry, file: ModelFile, full: string): Promise<BoundSession> {
    const session = await runtime.createSession(full);
    let inputs: Binding = Object.fromEntries(session.inputNames.map((n) => [n, n]));
    let outputs: Binding = Object.fromEntries(session.outputNames.map((n) => [n, n]));
    if (file.signature) {
      const measured = readSignature(session);
      const check = checkSignature(file.signature, measured, { bindByShape: entry.bindByShape });
      if (!check.ok) {
        await runtime.release(full);
        throw new DubDeskError('engine_failed', `${signatureMismatchMessage(full, entry.title, file.signature, measured, check.problems)} Remove it and install it again.`, { retryable: false });
      }
      inputs = check.inputs;
      outputs = check.outputs;
    }
    const toFile = (feeds: OnnxFeeds) => Object.fromEntries(Object.entries(feeds).map(([k, v]) => [inputs[k] ?? k, v])) as OnnxFeeds;
    const fromFile = Object.fromEntries(Object.entries(outputs).map(([role, name]) => [name, role]));
    return {
      session,
      inputs,
      outputs,
      async run(feeds, runOptions = {}) {
        const results = await runtime.run(session, toFile(feeds), runOptions);
        return Object.fromEntries(Object.entries(results).map(([k, v]) => [fromFile[k] ?? k, v])) as OnnxResults;
      },
    };
  }

  const store: ModelStore = {
    catalogue,
    list: () => catalogue.entries().map(recordOf),
    get: (id) => recordOf(catalogue.require(id)),

    install(id, opts = {}) {
      const entry = catalogue.require(id);
      const existing = flights.get(id);
      // A cancelled flight may still be closing its partial files: let it finish, then start anew.
      if (existing?.controller.signal.aborted) return existing.promise.catch(() => undefined).then(() => store.install(id, opts));
      if (existing && existing.kind !== 'download') return Promise.reject(new DubDeskError('conflict', `${entry.title} is being imported from a local file right now.`));
      if (!existing && readManifest(installedDir(id), id)) return Promise.resolve(recordOf(entry));
      const flight = existing ?? startFlight(entry, 'download', (signal, report) => downloadAll(entry, signal, report));
      return join(flight, id, opts);
    },

    importFrom(id, sourcePath, opts = {}) {
      const entry = catalogue.require(id);
      const existing = flights.get(id);
      if (existing?.controller.signal.aborted) return existing.promise.catch(() => undefined).then(() => store.importFrom(id, sourcePath, opts));
      if (existing) return Promise.reject(new DubDeskError('conflict', `${entry.title} is being installed right now; wait for it or remove it first.`));
      // A source that cannot be used fails like any import, so the failure is recorded and announced too.
      let source: ImportSource | undefined;
      let problem: unknown;
      try {
        source = resolveImport(entry, path.resolve(sourcePath));
      } catch (error) {
        problem = error;
      }
      const work = (signal: AbortSignal, report: ProgressReporter) => (source ? importAll(entry, source, signal, report) : Promise.reject(problem));
      const flight = startFlight(entry, 'import', work, source ? importParts(entry, source) : undefined);
      return join(flight, id, opts);
    },

    async remove(id) {
      const entry = catalogue.require(id);
      const flight = flights.get(id);
      if (flight) {
        flight.controller.abort();
        await flight.promise.catch(() => undefined);
      }
      await releaseSessions(entry);
      const hadInstall = fs.existsSync(installedDir(id));
      const hadPartial = fs.existsSync(downloadDir(id));
      fs.rmSync(installedDir(id), { recursive: true, force: true });
      fs.rmSync(downloadDir(id), { recursive: true, force: true });
      const hadFailure = failures.delete(id);
      if (!hadInstall && !hadPartial && !flight && !hadFailure) throw new DubDeskError('not_found', `${entry.title} is not installed.`);
      emit({ id, state: 'removed', receivedBytes: 0 });
    },

    isInstalled: (id) => catalogue.find(id) !== undefined && readManifest(installedDir(id), id) !== undefined,
    requireInstalled,

    async openSession(id, fileName) {
      const model = requireInstalled(id);
      const file = model.entry.files.find((f) => f.name === fileName);
      if (!file || !isOnnx(file)) throw new DubDeskError('internal', `${model.entry.title} has no ONNX file named ${fileName}.`);
      const full = model.file(fileName);
      let pending = bound.get(full);
      if (!pending) {
        pending = bindSession(model.entry, file, full);
        bound.set(full, pending);
        pending.catch(() => {
          if (bound.get(full) === pending) bound.delete(full);
        });
      }
      return pending;
    },

    subscribe,

    async close() {
      const pending = [...flights.values()];
      for (const flight of pending) flight.controller.abort();
      await Promise.all(pending.map((f) => f.promise.catch(() => undefined)));
      bound.clear();
      await runtime.dispose();
    },
  };
  return store;
}
