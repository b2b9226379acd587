// Checks that staged files are the model: published checksums, and each ONNX file loading with the catalogue's signature.
import path from 'node:path';
import { DubDeskError, type ErrorCode } from '../../shared/errors.js';
import type { CatalogueEntry, ModelFile } from './catalogue.js';
import type { OnnxRuntime } from './onnx-runtime.js';
import { checkSignature, signatureMismatchMessage } from './verify-signature.js';

export const isOnnx = (file: ModelFile) => file.name.toLowerCase().endsWith('.onnx');

/** ONNX Runtime's own reason for refusing a file, with the staging copy's path (internal) replaced by where the file came from. */
function loadFailureReason(error: unknown, staged: string, where: string): string {
  const root = (error as { cause?: unknown }).cause ?? error;
  const message = root instanceof Error ? root.message : String(root);
  return (
    message
      .replace(/^Load model from .*? failed:\s*/s, '')
      .split(staged)
      .join(where)
      .replace(/\.$/, '')
      .trim() || 'unknown reason'
  );
}

/**
 * Loads each staged ONNX file and checks its signature. `wrongFile` is the code of a file that is not the model:
 * the client's error on an import (unsupported_media), the server's on a download.
 */
export async function verifyOnnxFiles(
  runtime: OnnxRuntime,
  entry: CatalogueEntry,
  stagingDir: string,
  origin: (file: ModelFile) => string,
  wrongFile: ErrorCode,
): Promise<void> {
  for (const file of entry.files) {
    if (!isOnnx(file)) continue;
    const where = origin(file);
    const staged = path.join(stagingDir, file.name);
    let measured;
    try {
      measured = await runtime.inspect(staged);
    } catch (error) {
      const reason = loadFailureReason(error, staged, where);
      throw new DubDeskError(
        wrongFile,
        `The file at ${where} does not look like ${entry.title}: ONNX Runtime cannot load it (${reason}).`,
        { cause: error, retryable: false },
      );
    }
    if (!file.signature) continue;
    const check = checkSignature(file.signature, measured, { bindByShape: entry.bindByShape });
    if (!check.ok) {
      throw new DubDeskError(
        wrongFile,
        signatureMismatchMessage(where, entry.title, file.signature, measured, check.problems),
        { retryable: false },
      );
    }
  }
}

export function checksumError(
  entry: CatalogueEntry,
  file: ModelFile,
  measured: string,
  where: string,
  code: ErrorCode = 'download_failed',
): DubDeskError {
  return new DubDeskError(
    code,
    `The checksum of ${file.name} for ${entry.title} (from ${where}) does not match: expected ` +
      `sha256 ${file.sha256}, got ${measured}. Nothing was installed.`,
  );
}
