// Unpacking into a staging folder, shared by downloads and imports: a .gz file, or an archive's kept members, each
// within what the install may still unpack, with a refused file or archive turned into the catalogue's error.
import fs from 'node:fs';
import path from 'node:path';
import { DubDeskError, type ErrorCode } from '../../shared/errors.js';
import {
  ArchiveProblem,
  extractArchive,
  isFileSystemError,
  type ArchiveFormat,
  type Extracted,
} from './archive-extract.js';
import type { ArchivePlan } from './archive-members.js';
import type { CatalogueEntry, ModelFile } from './catalogue.js';
import { gunzipFile } from './gzip-file.js';
import type { ProgressReporter } from './install-progress.js';
import type { ManifestFile } from './manifest.js';
import { moveEntries } from './model-folders.js';
import { UnpackLimitExceeded, type UnpackBudget } from './unpack-limit.js';

/** One install's staging: the entry, its staging folder, what it may still unpack, its cancel signal and progress. */
export interface Staging {
  entry: CatalogueEntry;
  dir: string;
  budget: UnpackBudget;
  signal: AbortSignal;
  report: ProgressReporter;
}

/** Where the bytes came from (for messages) and the code of a file that is not the model. */
export interface Origin {
  where: string;
  wrongFile: ErrorCode;
}

/** Decompresses one .gz file into `target` within what the install may still unpack. */
export async function gunzipInto(
  staging: Staging,
  file: ModelFile,
  from: string,
  target: string,
  origin: Origin,
): Promise<Omit<ManifestFile, 'from'>> {
  const { entry, budget, signal, report } = staging;
  try {
    const stored = await gunzipFile(from, target, {
      signal,
      maxBytes: budget.remaining(),
      onProgress: (read, total) => report('extracting', file.name, read, total),
    });
    budget.spend(stored.sizeBytes);
    return { name: file.name, ...stored };
  } catch (error) {
    if (signal.aborted || isFileSystemError(error)) throw error;
    const problem =
      error instanceof UnpackLimitExceeded
        ? `decompresses to more than ${budget.description}`
        : `is not a complete gzip file (${(error as Error).message})`;
    throw new DubDeskError(
      origin.wrongFile,
      `The file ${origin.where} for ${entry.title} ${problem}. Nothing was installed.`,
      { cause: error, retryable: false },
    );
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
 * failure leaves nothing half-extracted.
 */
export async function extractInto(
  staging: Staging,
  archivePath: string,
  format: ArchiveFormat,
  origin: Origin,
): Promise<Extracted> {
  const { entry, dir, budget, signal, report } = staging;
  const plan = archivePlan(entry);
  const scratch = path.join(dir, '.extracting');
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
    moveEntries(scratch, dir, [...plan.files, ...plan.directories]);
    return extracted;
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof ArchiveProblem) {
      throw new DubDeskError(
        origin.wrongFile,
        `The archive ${origin.where} for ${entry.title} ${error.message}. Nothing was installed.`,
        { cause: error, retryable: false },
      );
    }
    throw error;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
