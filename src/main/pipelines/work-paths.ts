import path from 'node:path';

/**
 * A path from a stage output as a file to open. Outputs hold paths relative to the work dir, so a retry's copy of the
 * folder reads its own files; only a local input outside the work dir (an upload, a file given by path) is absolute.
 */
export function resolveWorkPath(workDir: string, stored: string): string {
  return path.isAbsolute(stored) ? stored : path.join(workDir, stored);
}
