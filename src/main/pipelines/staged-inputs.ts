// The inputs the fetch-inputs stage left for the later stages, and where each lies on this machine.
import type { InspectedInput } from '../requests/input-checks.js';
import { resolveWorkPath } from './work-paths.js';

/** A fetched input as later stages read it: downloads and copies live in the work dir, so their path is relative. */
export interface StagedInput {
  path: string;
  name: string;
  /** What the content was confirmed to be: a format id of src/shared/media-formats.ts (absent in older saved outputs). */
  format?: string;
  info?: InspectedInput['info'];
}

/** Absolute path of a fetched input (downloads are stored relative to the work dir, so a retry's copy still works). */
export function stagedPath(workDir: string, input: StagedInput): string {
  return resolveWorkPath(workDir, input.path);
}
