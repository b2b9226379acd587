// System engines (PocketSphinx, Apertium) are programs the OS package manager installs: found on PATH or at a
// configured path, never bundled.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A configured path if it is executable, else the first `name` on PATH (with Windows' extensions), else undefined. */
export function findExecutable(
  name: string,
  configured?: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (configured) return isExecutableFile(configured) ? configured : undefined;
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const extension of extensions) {
      const file = path.join(dir, name + extension);
      if (isExecutableFile(file)) return file;
    }
  }
  return undefined;
}

/** The `share` folders a binary's data may live in: beside its prefix first (/usr/local, Homebrew), then the usual ones. */
export function shareDirsFor(binary: string | undefined): string[] {
  const dirs = binary ? [path.join(path.dirname(path.dirname(binary)), 'share')] : [];
  for (const dir of ['/usr/share', '/usr/local/share', '/opt/homebrew/share']) if (!dirs.includes(dir)) dirs.push(dir);
  return dirs;
}
