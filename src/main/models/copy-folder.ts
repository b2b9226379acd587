// Copies a folder kept whole by a model (Piper's espeak-ng-data) from a user's extracted copy, with progress.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export interface CopyFolderOptions {
  signal?: AbortSignal;
  onProgress?: (copied: number, total: number) => void;
}

/** Regular files under `dir`, relative; links are followed (a user's copy may use them), at most 32 folders deep. */
function listFiles(dir: string, under = '', depth = 0): { rel: string; size: number }[] {
  if (depth > 32) throw new Error(`${dir} nests folders more than 32 deep (a link loop?).`);
  const out: { rel: string; size: number }[] = [];
  for (const name of fs.readdirSync(path.join(dir, under))) {
    const rel = path.join(under, name);
    const stat = fs.statSync(path.join(dir, rel), { throwIfNoEntry: false });
    if (stat?.isDirectory()) out.push(...listFiles(dir, rel, depth + 1));
    else if (stat?.isFile()) out.push({ rel, size: stat.size });
  }
  return out;
}

export async function copyFolder(
  source: string,
  dest: string,
  options: CopyFolderOptions = {},
): Promise<{ sizeBytes: number; fileCount: number }> {
  const files = listFiles(source);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  let copied = 0;
  fs.mkdirSync(dest, { recursive: true });
  options.onProgress?.(0, total);
  for (const file of files) {
    const target = path.join(dest, file.rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await pipeline(fs.createReadStream(path.join(source, file.rel)), fs.createWriteStream(target), {
      signal: options.signal,
    });
    copied += file.size;
    options.onProgress?.(copied, total);
  }
  return { sizeBytes: total, fileCount: files.length };
}
