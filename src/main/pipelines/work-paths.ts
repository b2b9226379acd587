import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';

/** Where the first stage of every job records its inputs (run-stages.ts names outputs `<nn>-<stage>.json`). */
const FETCH_INPUTS_OUTPUT = /^\d+-fetch-inputs\.json$/;

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return !relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative);
}

/** The local inputs the job reads in place (uploads, file:// paths), as its fetch-inputs stage recorded them. */
function inputsReadInPlace(workDir: string): string[] {
  const stagesDir = path.join(workDir, 'stages');
  try {
    const name = readdirSync(stagesDir).find((file) => FETCH_INPUTS_OUTPUT.test(file));
    if (!name) return [];
    const recorded = JSON.parse(readFileSync(path.join(stagesDir, name), 'utf8')) as {
      inputs?: Record<string, { path?: unknown }>;
    };
    return Object.values(recorded.inputs ?? {}).flatMap((input) =>
      typeof input?.path === 'string' && path.isAbsolute(input.path) ? [path.resolve(input.path)] : [],
    );
  } catch {
    return [];
  }
}

/**
 * A stored path (a stage output, a project's waveform) as a file to open, kept inside its own root. Outputs hold paths
 * relative to the work dir, so a retry's copy of the folder reads its own files; an absolute path is accepted only
 * inside the work dir (older records) or as a local input the job reads in place (an upload, a file given by path),
 * as its fetch-inputs stage recorded it. Anything else is refused with not_found, without touching the file: a record
 * edited by hand or brought by a tampered import must not open a file elsewhere.
 */
export function resolveWorkPath(workDir: string, stored: string): string {
  const file = path.resolve(workDir, stored);
  if (isInside(workDir, file)) return file;
  if (path.isAbsolute(stored) && inputsReadInPlace(workDir).includes(file)) return file;
  throw new DubDeskError(
    'not_found',
    `A stored file path of this task points outside its work folder ` +
      `(${path.basename(workDir)}), so it is not opened: the record was changed by hand or comes ` +
      `from a damaged import.`,
  );
}
