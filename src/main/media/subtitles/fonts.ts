// Fonts for libass. The bundled ffmpeg finds fonts through fontconfig, whose system configuration may be missing
// (Windows, macOS) or newer than the static build understands (warnings on every run). So DubDesk writes its own
// fonts.conf listing its font folders and hands it over in FONTCONFIG_FILE: glyphs the style's font lacks (CJK in
// DejaVu Sans) then fall back to any listed font that has them. Fonts from the filter's `fontsdir` alone cannot
// serve as such a fallback in libass 0.14, but they keep the default font working without fontconfig at all.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write.js';

// Not named `require`: electron-vite declares its own `require` in bundles that call one.
const requirePackage = createRequire(import.meta.url);

/** Font packages used when installed; woff (not woff2) files, since FreeType 2.9 in the bundled ffmpeg reads only those. */
const OPTIONAL_FONT_PACKAGES = [
  '@fontsource/noto-sans-sc',
  '@fontsource/noto-sans-tc',
  '@fontsource/noto-sans-jp',
  '@fontsource/noto-sans-kr',
];

export interface SubtitleFonts {
  /** The filter's `fontsdir`: DejaVu, shipped with DubDesk (Latin, Greek, Cyrillic, Arabic, Hebrew...). */
  primaryDir: string;
  /** Every folder fontconfig searches, ours first, then the user's and the system's. */
  dirs: string[];
}

export interface ResolveFontsOptions {
  /** More font folders, searched before the bundled ones (also DUBDESK_FONTS_DIR, a path list). */
  extraDirs?: readonly string[];
  /** Search the operating system's font folders too (fallback for scripts DubDesk ships no font for). Default true. */
  includeSystemFonts?: boolean;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

/** The font folders to render subtitles with; only folders that exist are listed. */
export function resolveSubtitleFonts(options: ResolveFontsOptions = {}): SubtitleFonts {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const fromEnv = (env.DUBDESK_FONTS_DIR ?? '').split(path.delimiter).filter((dir) => dir !== '');
  const primaryDir = path.join(packageDir('dejavu-fonts-ttf')!, 'ttf');
  const packaged = OPTIONAL_FONT_PACKAGES.map(packageDir)
    .filter((dir): dir is string => dir !== undefined)
    .map((dir) => path.join(dir, 'files'));
  const system = options.includeSystemFonts === false ? [] : systemFontDirs(platform, env);
  const dirs = [...(options.extraDirs ?? []), ...fromEnv, primaryDir, ...packaged, ...system].filter(isDirectory);
  return { primaryDir, dirs: [...new Set(dirs)] };
}

/** Where each operating system keeps installed fonts. */
export function systemFontDirs(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME ?? os.homedir();
  if (platform === 'win32') {
    const windows = env.WINDIR ?? env.SystemRoot ?? 'C:\\Windows';
    return [
      path.win32.join(windows, 'Fonts'),
      ...(env.LOCALAPPDATA ? [path.win32.join(env.LOCALAPPDATA, 'Microsoft', 'Windows', 'Fonts')] : []),
    ];
  }
  if (platform === 'darwin') return ['/System/Library/Fonts', '/Library/Fonts', path.join(home, 'Library', 'Fonts')];
  return [
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    path.join(home, '.local', 'share', 'fonts'),
    path.join(home, '.fonts'),
  ];
}

/** Pure: a self-contained fonts.conf (no include of the system's configuration). */
export function fontconfigXml(dirs: readonly string[], cacheDir: string): string {
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<!-- Written by DubDesk for its subtitle renderer; rewritten whenever the font folders change. -->',
    '<fontconfig>',
    ...dirs.map((dir) => `  <dir>${xmlText(dir)}</dir>`),
    `  <cachedir>${xmlText(cacheDir)}</cachedir>`,
    '  <selectfont>',
    // Web font packages carry woff2 copies and many weights: only regular and bold woff files are worth scanning.
    '    <rejectfont><glob>*.woff2</glob><glob>*@fontsource*</glob></rejectfont>',
    '    <acceptfont><glob>*@fontsource*-400-normal.woff</glob><glob>*@fontsource*-700-normal.woff</glob></acceptfont>',
    '  </selectfont>',
    '</fontconfig>',
    '',
  ].join('\n');
}

/**
 * Writes `<dir>/fonts.conf` (with its cache beside it) and returns the environment an ffmpeg that burns
 * subtitles needs. The scan of new folders happens once; later runs read fontconfig's cache.
 */
export async function prepareFontconfig(dir: string, fonts: SubtitleFonts): Promise<{ FONTCONFIG_FILE: string }> {
  const file = path.join(dir, 'fonts.conf');
  const xml = fontconfigXml(fonts.dirs, path.join(dir, 'cache'));
  const current = await fs.promises.readFile(file, 'utf8').catch(() => undefined);
  if (current !== xml) await writeFileAtomic(file, xml);
  return { FONTCONFIG_FILE: file };
}

/** Font file names that say they carry Chinese/Japanese characters (Noto CJK, Source Han, WenQuanYi, Droid fallback...). */
const CJK_FONT_FILE =
  /(cjk|noto-?sans-?(sc|tc|hk|jp)|noto-?serif-?(sc|tc|jp)|source-?han|wqy|droidsansfallback|ipag|takao|ms?gothic|msyh|simsun|pingfang|hiragino)/i;

/**
 * Whether any listed folder holds a font for Chinese and Japanese (judged by file name, two levels deep), so that
 * a job can tell the user to install one instead of burning empty boxes.
 */
export function cjkFontAvailable(fonts: SubtitleFonts): boolean {
  const search = (dir: string, depth: number): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some((entry) =>
      entry.isDirectory()
        ? depth > 0 && search(path.join(dir, entry.name), depth - 1)
        : /\.(ttf|ttc|otf|otc|woff)$/i.test(entry.name) && CJK_FONT_FILE.test(entry.name),
    );
  };
  return fonts.dirs.some((dir) => search(dir, 2));
}

function packageDir(name: string): string | undefined {
  try {
    const dir = path.dirname(requirePackage.resolve(`${name}/package.json`));
    // Inside a packaged Electron app, font files must be unpacked from the asar to be read by ffmpeg.
    return dir.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  } catch {
    return undefined;
  }
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
