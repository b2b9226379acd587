// Bytes and file count under a folder, walked without following links (a model folder holds none of its own).
import fs from 'node:fs';
import path from 'node:path';

export function folderSize(dir: string): { sizeBytes: number; fileCount: number } {
  let sizeBytes = 0;
  let fileCount = 0;
  const walk = (at: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(at, { withFileTypes: true });
    } catch {
      // A folder deleted by hand: count what is there.
      return;
    }
    for (const entry of entries) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        sizeBytes += fs.statSync(full, { throwIfNoEntry: false })?.size ?? 0;
        fileCount += 1;
      }
    }
  };
  walk(dir);
  return { sizeBytes, fileCount };
}
