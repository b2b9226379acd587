// "One way to do each job" (docs/architecture.md): these guards fail when a second copy of a mechanism
// creeps back in, so the fix lands in the one shared module instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function filesMatching(dir: string, pattern: RegExp): string[] {
  return sources(dir).filter((file) => pattern.test(readFileSync(path.join(ROOT, file), 'utf8')));
}

describe('one way to do each job', () => {
  it('renames a file into place only in files/atomic-write.ts (plus the resumable download and the model folder swap)', () => {
    expect(filesMatching('src', /\brename(Sync)?\(/)).toEqual([
      'src/main/files/atomic-write.ts',
      // A download's .part is kept across attempts to resume it, so it is not a temp file of one write.
      'src/main/files/remote-fetch.ts',
      // Swaps whole model folders (a staging folder becomes the installed one) and moves unpacked members into one.
      'src/main/models/model-folders.ts',
    ]);
  });

  it('spawns child processes only in media/run-process.ts (the data-dir lock reads a start time with ps, synchronously)', () => {
    expect(filesMatching('src', /from 'node:child_process'/)).toEqual([
      'src/main/media/run-process.ts',
      'src/main/store/data-dir-lock.ts',
    ]);
  });

  it('declares ModelTask once, in the shared schema the renderer uses', () => {
    expect(filesMatching('src', /\btype ModelTask\s*=/)).toEqual(['src/shared/schemas/models.ts']);
  });

  it('reads earlier stage outputs through the typed readers, never by casting', () => {
    const casts = /\boutputs(\.[\w$]+|\[['"][^'"]+['"]\])!?(\.[\w$]+)?\s+as\s/;
    expect(filesMatching('src/main/pipelines', casts)).toEqual([]);
  });
});
