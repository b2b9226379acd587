// A work folder copied to another machine (`dubdesk export-data`) must hold what its stages read. In the embedded
// default, fetch-inputs names a local input (an upload in the data folder, a file:// path) by its absolute path; with
// shared storage it copies the input into the folder instead (fetch-inputs-stage.ts, `copyLocalInputs`). This gives a
// copied folder the same shape, so a task resumed or retried elsewhere reads its own copy.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { linkOrCopyFile } from '../files/local-copy.js';
import type { StagedInput } from './staged-inputs.js';

const FETCH_INPUTS_OUTPUT = /^\d+-fetch-inputs\.json$/;

/**
 * In the work folder `workDir` (a copy: its files may be hard links to the original's), links each local input that
 * fetch-inputs named outside the folder into `inputs/<field><ext>`, as fetch-inputs names a copy, and rewrites the
 * output to name it relative to the folder. The output is written anew (temp file and rename), never through a hard
 * link, so the original folder is untouched. An input whose file is gone stays as it was. Returns what it copied in.
 */
export async function copyLocalInputsIn(workDir: string): Promise<{ files: number; bytes: number }> {
  const stagesDir = path.join(workDir, 'stages');
  const names = (await readdir(stagesDir).catch(() => [] as string[])).filter((name) => FETCH_INPUTS_OUTPUT.test(name));
  const copied = { files: 0, bytes: 0 };
  for (const name of names) {
    const file = path.join(stagesDir, name);
    let output: { inputs?: Record<string, StagedInput> };
    try {
      output = JSON.parse(await readFile(file, 'utf8')) as typeof output;
    } catch {
      continue; // not an output this code wrote: its stage runs again if it cannot be read
    }
    let changed = false;
    for (const [field, input] of Object.entries(output.inputs ?? {})) {
      if (typeof input?.path !== 'string' || !path.isAbsolute(input.path)) continue;
      const source = await stat(input.path).catch(() => null);
      if (!source?.isFile()) continue;
      const relative = path.join(
        'inputs',
        `${field}${path
          .extname(input.name ?? input.path)
          .toLowerCase()
          .slice(0, 6)}`,
      );
      const target = path.join(workDir, relative);
      if (await stat(target).catch(() => null)) continue; // a file of the job's own: never replaced
      await linkOrCopyFile(input.path, target);
      input.path = relative;
      changed = true;
      copied.files += 1;
      copied.bytes += source.size;
    }
    if (changed) await writeFileAtomic(file, JSON.stringify(output));
  }
  return copied;
}
