import fs from 'node:fs';
import { createRequire } from 'node:module';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

export interface MediaToolOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
}

// Not named `require`: electron-vite declares its own `require` in bundles that call one.
const requirePackage = createRequire(import.meta.url);
const bundled: Partial<MediaTools> = {};

/**
 * Where ffmpeg and ffprobe are: an explicit path (option, then DUBDESK_FFMPEG / DUBDESK_FFPROBE),
 * else the binaries shipped inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe.
 */
export function resolveMediaTools(options: MediaToolOptions = {}, env: NodeJS.ProcessEnv = process.env): MediaTools {
  return {
    ffmpeg: options.ffmpegPath || env.DUBDESK_FFMPEG || bundledBinary('ffmpeg'),
    ffprobe: options.ffprobePath || env.DUBDESK_FFPROBE || bundledBinary('ffprobe'),
  };
}

function bundledBinary(tool: keyof MediaTools): string {
  const known = bundled[tool];
  if (known) return known;
  const packageName = tool === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
  let located: string;
  try {
    located = (requirePackage(packageName) as { path: string }).path;
  } catch (error) {
    throw new Error(
      `No ${tool} binary found: the ${packageName} package has none for ${process.platform}-${process.arch}. ` +
        `Set ${tool === 'ffmpeg' ? 'ffmpegPath / DUBDESK_FFMPEG' : 'ffprobePath / DUBDESK_FFPROBE'} to an installed ${tool}.`,
      { cause: error },
    );
  }
  // Inside a packaged Electron app the binary lives beside the archive, since an asar cannot be executed.
  const binary = located.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  ensureExecutable(binary);
  bundled[tool] = binary;
  return binary;
}

/** npm runs with ignore-scripts here, so a package's binary may arrive without its executable bit. */
function ensureExecutable(file: string): void {
  if (process.platform === 'win32') return;
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    try {
      fs.chmodSync(file, 0o755);
    } catch {
      // A read-only install cannot be fixed here; spawning will then fail with a message naming the path.
    }
  }
}
