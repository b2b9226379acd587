import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const electronVite = path.join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const importsElectron = /\bfrom\s*["']electron(\/[^"']*)?["']|\brequire\(\s*["']electron["']\s*\)|\bimport\(\s*["']electron["']\s*\)/;

/** The file and every local chunk it reaches through static or dynamic imports. */
function reachableFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = fs.readFileSync(entry, 'utf8');
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
    reachableFiles(path.resolve(path.dirname(entry), match[1]), seen);
  }
  return seen;
}

describe('electron-vite build', () => {
  let outDir: string;
  let build: ReturnType<typeof spawnSync>;

  beforeAll(() => {
    // Inside the repository (an ignored folder) so bundled imports resolve from node_modules, and
    // apart from out/ so tests that serve out/renderer never see it half written.
    fs.mkdirSync(path.join(repoRoot, '.vite'), { recursive: true });
    outDir = fs.mkdtempSync(path.join(repoRoot, '.vite', 'build-test-'));
    build = spawnSync(process.execPath, [electronVite, 'build', '--outDir', outDir], { cwd: repoRoot, encoding: 'utf8', timeout: 280_000 });
  }, 300_000);

  afterAll(() => {
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  const file = (...parts: string[]) => path.join(outDir, ...parts);

  it('succeeds and writes the Electron main, the CLI, the preload and the renderer', () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    for (const output of ['main/index.js', 'main/cli.js', 'preload/index.cjs', 'renderer/index.html']) {
      expect(fs.existsSync(file(output)), output).toBe(true);
    }
  });

  it('keeps Electron out of the CLI bundle and everything it imports, so `dubdesk` runs in plain Node', () => {
    const cliFiles = [...reachableFiles(file('main/cli.js'))];
    for (const cliFile of cliFiles) expect(fs.readFileSync(cliFile, 'utf8'), path.relative(outDir, cliFile)).not.toMatch(importsElectron);
    // The same check finds Electron where it belongs, so it is not blind.
    expect(fs.readFileSync(file('main/index.js'), 'utf8')).toMatch(importsElectron);
  });

  it('leaves native dependencies as imports from node_modules instead of bundling them', () => {
    const mainCode = [...reachableFiles(file('main/cli.js'))].map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    expect(mainCode).toMatch(/\bfrom\s*["']better-sqlite3["']|import\(\s*["']better-sqlite3["']\s*\)/);
    expect(mainCode).not.toContain('better_sqlite3.node');
  });

  it('writes the preload as CommonJS, which a sandboxed preload requires', () => {
    const preload = fs.readFileSync(file('preload/index.cjs'), 'utf8');
    expect(preload).toMatch(/require\(\s*["']electron["']\s*\)/);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload).toContain('exposeInMainWorld');
  });

  it('links the renderer assets relative to index.html, so the service can serve it at /', () => {
    const html = fs.readFileSync(file('renderer/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\.\/assets\//);
      expect(fs.existsSync(file('renderer', src)), src).toBe(true);
    }
  });

  it('builds a CLI that starts under plain Node', () => {
    const help = spawnSync(process.execPath, [file('main/cli.js'), '--help'], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(help.status, `${help.stdout}\n${help.stderr}`).toBe(0);
    expect(help.stdout).toContain('serve');
  });
});
