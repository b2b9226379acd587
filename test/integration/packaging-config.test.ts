// electron-builder cannot package on this offline machine (it downloads Electron), so this reads its
// configuration and checks it against the files it would pack: targets, what is unpacked from the asar, icons,
// entitlements. The glob rules below follow electron-builder's minimatch use (dot files match, `!` excludes).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HUMAN_PACKAGE, TFJS_WASM_PACKAGE } from '../../src/main/engines/face/human-package.js';
import { espeakPackageFiles } from '../../src/main/engines/tts/espeak-pool.js';
import { sherpaPackagePath } from '../../src/main/engines/sherpa/host.js';
import { sileroModelPath } from '../../src/main/engines/vad/silero.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { resolveSubtitleFonts } from '../../src/main/media/subtitles/fonts.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));

interface TargetEntry {
  target: string;
  arch: string[];
}

interface BuilderConfig {
  appId: string;
  productName: string;
  directories: { output: string; buildResources?: string };
  extraMetadata: { main: string };
  files: string[];
  extraResources: string[];
  asarUnpack: string[];
  npmRebuild?: boolean;
  icon: string;
  linux: { target: TargetEntry[]; category: string; icon: string; maintainer?: string };
  mac: { target: TargetEntry[]; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string };
  win: { target: TargetEntry[] };
  nsis: { oneClick: boolean; allowToChangeInstallationDirectory: boolean };
}

interface PackageJson {
  main: string;
  productName: string;
  homepage?: string;
  repository?: unknown;
  author?: string | { email?: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const config = JSON.parse(fs.readFileSync(path.join(repoRoot, 'electron-builder.json'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as PackageJson;
const buildResources = path.join(repoRoot, config.directories.buildResources ?? 'build');

/** What one build packs for: Node's platform name (as `${platform}` expands) and an architecture. */
interface Target {
  platform: NodeJS.Platform;
  arch: string;
}

const PLATFORM_OF_KEY = { linux: 'linux', mac: 'darwin', win: 'win32' } as const;

/** Every platform and architecture the configuration builds for. */
function configuredTargets(): Target[] {
  return (Object.keys(PLATFORM_OF_KEY) as Array<keyof typeof PLATFORM_OF_KEY>).flatMap((key) =>
    [...new Set(config[key].target.flatMap((entry) => entry.arch))].map((arch) => ({
      platform: PLATFORM_OF_KEY[key],
      arch,
    })),
  );
}

const hostTarget: Target = { platform: process.platform, arch: process.arch };

/** Pure: a regular-expression source for a glob (`**`, `*`, `?`, `{a,b}`, `!(a|b)`), matching whole posix paths. */
function globSource(glob: string): string {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      const leadsDirectory = glob[i + 2] === '/';
      source += leadsDirectory ? '(?:[^/]*/)*' : '.*';
      i += leadsDirectory ? 2 : 1;
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '{') {
      const end = glob.indexOf('}', i);
      source += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map(globSource)
        .join('|')})`;
      i = end;
    } else if (char === '!' && glob[i + 1] === '(') {
      const end = glob.indexOf(')', i);
      // One path segment that is none of the alternatives.
      source += `(?!(?:${glob
        .slice(i + 2, end)
        .split('|')
        .map(globSource)
        .join('|')})(?:/|$))[^/]*`;
      i = end;
    } else {
      source += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
    }
  }
  return source;
}

function matches(glob: string, file: string): boolean {
  return new RegExp(`^${globSource(glob)}$`).test(file);
}

/** Pure: the pattern as electron-builder sees it for one build (`${platform}` is the build machine's, `${arch}` the target's). */
function expandMacros(pattern: string, target: Target): string {
  return pattern.replaceAll('${platform}', target.platform).replaceAll('${arch}', target.arch);
}

/** Whether `files` packs this repository-relative path: node_modules are in unless excluded; app files only when listed. */
function isShipped(file: string, target: Target): boolean {
  let included = file.startsWith('node_modules/');
  for (const raw of config.files) {
    const pattern = expandMacros(raw, target);
    if (pattern.startsWith('!')) {
      if (included && matches(pattern.slice(1), file)) included = false;
    } else if (!included && !file.startsWith('node_modules/') && matches(pattern, file)) {
      included = true;
    }
  }
  return included;
}

function isUnpacked(file: string): boolean {
  return config.asarUnpack.some((glob) => matches(glob, file));
}

/** Repository-relative posix path of an absolute path. */
function relative(file: string): string {
  return path.relative(repoRoot, file).split(path.sep).join('/');
}

/** Files under a glob's literal leading folders (walking only those, not all of node_modules). */
function filesUnder(glob: string): string[] {
  const literal = glob.split('/');
  const firstMagic = literal.findIndex((segment) => /[*?{}!()]/.test(segment));
  const base = literal.slice(0, firstMagic === -1 ? literal.length : firstMagic).join('/');
  const dir = path.join(repoRoot, base);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((entry) => `${base}/${entry.split(path.sep).join('/')}`)
    .filter((file) => fs.statSync(path.join(repoRoot, file)).isFile());
}

function packageFile(name: string, ...parts: string[]): string {
  return path.join(path.dirname(requireFromRoot.resolve(`${name}/package.json`)), ...parts);
}

/** Width and height from a PNG's IHDR chunk, or undefined when the file is not a PNG. */
function pngSize(file: string): { width: number; height: number } | undefined {
  const bytes = fs.readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder.json', () => {
  it('names the app and packs the entry point package.json declares, without sources, tests or docs', () => {
    expect(config.productName).toBe('DubDesk');
    expect(pkg.productName).toBe(config.productName);
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/);
    expect(config.directories.output).toBe('release');
    expect(path.posix.normalize(config.extraMetadata.main)).toBe(path.posix.normalize(pkg.main));
    expect(path.posix.normalize(pkg.main)).toBe('out/main/index.js');
    expect(config.files).toContain('out/**');
    for (const file of [
      'out/main/index.js',
      'out/main/cli.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json',
    ]) {
      expect(isShipped(file, hostTarget), file).toBe(true);
    }
    // bin/dubdesk.js runs the sources through tsx in a checkout; the desktop app runs only the build.
    const notForTheApp = [
      'src/main/index.ts',
      'test/integration/packaging-config.test.ts',
      'docs/release.md',
      'scripts/setup.mjs',
      'bench/README.md',
      'test-artifacts/gui-queue.png',
      'node_modules/tsx/package.json',
    ];
    for (const file of notForTheApp) {
      expect(isShipped(file, hostTarget), file).toBe(false);
    }
    for (const resource of config.extraResources)
      expect(fs.existsSync(path.join(repoRoot, resource)), resource).toBe(true);
  });

  it('builds AppImage and deb for Linux x64, a dmg and an update zip for Apple silicon and an NSIS installer for Windows x64', () => {
    const targets = (entries: TargetEntry[]) => entries.map((entry) => `${entry.target}:${entry.arch.join('+')}`);
    expect(targets(config.linux.target)).toEqual(['AppImage:x64', 'deb:x64']);
    expect(config.linux.category).toBe('AudioVideo');
    expect(targets(config.mac.target)).toEqual(['dmg:arm64', 'zip:arm64']);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(targets(config.win.target)).toEqual(['nsis:x64']);
    expect(config.nsis.oneClick).toBe(false);
    expect(config.nsis.allowToChangeInstallationDirectory).toBe(true);
  });

  it('unpacks every asarUnpack glob onto files that exist and are packed', () => {
    for (const glob of config.asarUnpack) {
      const shipped = filesUnder(glob).filter((file) => matches(glob, file) && isShipped(file, hostTarget));
      expect(shipped.length, `${glob} matches no packed file`).toBeGreaterThan(0);
    }
  });

  it('unpacks each file the app executes, loads natively or reads by path', () => {
    const tools = resolveMediaTools({}, {});
    const espeak = espeakPackageFiles();
    const fonts = resolveSubtitleFonts({ includeSystemFonts: false, env: {} });
    const humanModels = path.join(path.dirname(requireFromRoot.resolve(HUMAN_PACKAGE)), '..', 'models');
    const tfjsWasmDir = path.dirname(requireFromRoot.resolve(TFJS_WASM_PACKAGE));
    const needed = [
      tools.ffmpeg,
      tools.ffprobe,
      espeak.wasmPath,
      fileURLToPath(espeak.moduleUrl),
      path.join(fonts.primaryDir, 'DejaVuSans.ttf'),
      path.join(humanModels, 'blazeface.json'),
      path.join(humanModels, 'blazeface.bin'),
      path.join(humanModels, 'facemesh.json'),
      path.join(humanModels, 'facemesh.bin'),
      ...['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'].map((file) =>
        path.join(tfjsWasmDir, file),
      ),
      packageFile('better-sqlite3', 'build', 'Release', 'better_sqlite3.node'),
      // sherpa-onnx's child requires the package by path and its native runtime reads the Silero weights by path.
      sherpaPackagePath(),
      packageFile(
        `sherpa-onnx-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`,
        'sherpa-onnx.node',
      ),
      sileroModelPath(),
      // The CJK fallback fonts fontconfig is given (only present when the optional font packages are installed).
      ...fonts.dirs
        .filter((dir) => dir.includes('@fontsource'))
        .flatMap((dir) =>
          fs
            .readdirSync(dir)
            .filter((name) => name.endsWith('-400-normal.woff'))
            .slice(0, 1)
            .map((name) => path.join(dir, name)),
        ),
    ];
    for (const file of needed) {
      expect(fs.existsSync(file), file).toBe(true);
      expect(isShipped(relative(file), hostTarget), `${relative(file)} is not packed`).toBe(true);
      expect(isUnpacked(relative(file)), `${relative(file)} stays inside the asar`).toBe(true);
    }
  });

  it("packs onnxruntime-node's native binding for each target, unpacked, and leaves the other platforms' out", () => {
    const binding = (target: Target) =>
      `node_modules/onnxruntime-node/bin/napi-v6/${target.platform}/${target.arch}/onnxruntime_binding.node`;
    const targets = configuredTargets();
    expect(targets.length).toBe(3);
    for (const target of targets) {
      expect(
        fs.existsSync(path.join(repoRoot, binding(target))),
        `onnxruntime-node has no binding for ${target.platform}-${target.arch}`,
      ).toBe(true);
      expect(isShipped(binding(target), target), binding(target)).toBe(true);
      expect(isUnpacked(binding(target))).toBe(true);
      for (const other of targets.filter((t) => t.platform !== target.platform)) {
        expect(isShipped(binding(other), target), `${binding(other)} in the ${target.platform} build`).toBe(false);
      }
      const otherArch = { ...target, arch: target.arch === 'x64' ? 'arm64' : 'x64' };
      expect(isShipped(binding(otherArch), target), `${binding(otherArch)} in the ${target.arch} build`).toBe(false);
    }
  });

  it('packs only the regular and bold woff fonts that libass reads from the CJK font packages', () => {
    const fontFiles = filesUnder('node_modules/@fontsource').filter((file) => /\/files\/[^/]+$/.test(file));
    expect(fontFiles.length).toBeGreaterThan(0);
    const shipped = fontFiles.filter((file) => isShipped(file, hostTarget));
    expect(shipped.some((file) => file.endsWith('-400-normal.woff'))).toBe(true);
    expect(shipped.some((file) => file.endsWith('-700-normal.woff'))).toBe(true);
    expect(shipped.every((file) => /-(400|700)-normal\.woff$/.test(file))).toBe(true);
  });

  it('rebuilds better-sqlite3 for the Electron in devDependencies and leaves N-API onnxruntime-node as shipped', () => {
    expect(config.npmRebuild).toBe(true);
    // electron-builder takes Electron's version (hence the ABI to rebuild for) from an exact devDependency.
    expect(pkg.devDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies.electron).toBeUndefined();
    // @electron/rebuild rebuilds packages with a binding.gyp; onnxruntime-node ships prebuilt N-API binaries.
    expect(fs.existsSync(packageFile('better-sqlite3', 'binding.gyp'))).toBe(true);
    expect(fs.existsSync(packageFile('onnxruntime-node', 'binding.gyp'))).toBe(false);
  });

  it('uses a PNG icon of at least 512x512 for macOS and Windows and a sized icon set for Linux', () => {
    const icon = pngSize(path.join(buildResources, config.icon));
    expect(icon).toBeDefined();
    expect(icon!.width).toBe(icon!.height);
    expect(icon!.width).toBeGreaterThanOrEqual(512);
    const linuxIcons = fs.readdirSync(path.join(buildResources, config.linux.icon));
    expect(linuxIcons).toContain('256x256.png');
    expect(linuxIcons).toContain('512x512.png');
    for (const name of linuxIcons) {
      const [width, height] = name
        .replace(/\.png$/, '')
        .split('x')
        .map(Number);
      expect(pngSize(path.join(buildResources, config.linux.icon, name)), name).toEqual({ width, height });
    }
  });

  it('signs macOS builds with entitlements that allow JIT and executable memory for WebAssembly', () => {
    expect(config.mac.entitlementsInherit).toBe(config.mac.entitlements);
    const plist = fs.readFileSync(path.join(repoRoot, config.mac.entitlements), 'utf8');
    for (const key of ['com.apple.security.cs.allow-jit', 'com.apple.security.cs.allow-unsigned-executable-memory']) {
      expect(plist).toMatch(new RegExp(`<key>${key.replaceAll('.', '\\.')}</key>\\s*<true/>`));
    }
  });

  it('names the release-time check of the deb metadata in the release steps', () => {
    // The maintainer address and homepage are the publisher's to give; scripts/check-release-metadata.mjs refuses a release without them.
    expect(fs.readFileSync(path.join(repoRoot, 'docs', 'release.md'), 'utf8')).toContain(
      'node scripts/check-release-metadata.mjs',
    );
  });
});
