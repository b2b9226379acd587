import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const electronVite = path.join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const importsElectron =
  /\bfrom\s*["']electron(\/[^"']*)?["']|\brequire\(\s*["']electron["']\s*\)|\bimport\(\s*["']electron["']\s*\)/;

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
  // Laid out like the checkout (scripts/ beside out/) so scripts/start.mjs can run against this build.
  let root: string;
  let build: ReturnType<typeof spawnSync>;

  beforeAll(() => {
    // Inside the repository (an ignored folder) so bundled imports resolve from node_modules, and
    // apart from out/ so a build here never pulls files away from anything using out/.
    fs.mkdirSync(path.join(repoRoot, '.vite'), { recursive: true });
    root = fs.mkdtempSync(path.join(repoRoot, '.vite', 'build-test-'));
    fs.mkdirSync(path.join(root, 'scripts'));
    fs.copyFileSync(path.join(repoRoot, 'scripts', 'start.mjs'), path.join(root, 'scripts', 'start.mjs'));
    build = spawnSync(process.execPath, [electronVite, 'build', '--outDir', path.join(root, 'out')], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 280_000,
    });
  }, 300_000);

  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const file = (...parts: string[]) => path.join(root, 'out', ...parts);

  it('succeeds and writes the Electron main, the CLI, the preload and the renderer', () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    for (const output of ['main/index.js', 'main/cli.js', 'preload/index.cjs', 'renderer/index.html']) {
      expect(fs.existsSync(file(output)), output).toBe(true);
    }
  });

  it('keeps Electron out of the CLI bundle and everything it imports, so `dubdesk` runs in plain Node', () => {
    const cliFiles = [...reachableFiles(file('main/cli.js'))];
    for (const cliFile of cliFiles)
      expect(fs.readFileSync(cliFile, 'utf8'), path.relative(root, cliFile)).not.toMatch(importsElectron);
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
    const help = spawnSync(process.execPath, [file('main/cli.js'), '--help'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(help.status, `${help.stdout}\n${help.stderr}`).toBe(0);
    expect(help.stdout).toContain('serve');
  });

  it('starts headless where no window can open, says why, serves the built GUI at / and stops on Ctrl+C', async () => {
    const dataDir = fs.mkdtempSync(path.join(root, 'data-'));
    const env = { ...process.env };
    // No display: the start script must fall back to the service even where an Electron binary exists.
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(
      process.execPath,
      [path.join(root, 'scripts', 'start.mjs'), '--port', '0', '--data-dir', dataDir],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      let base: string | undefined;
      while (!(base = /(http:\/\/127\.0\.0\.1:\d+)\/#key=\S+/.exec(output)?.[1])) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no GUI address printed:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toMatch(/starting without its window because/);

      const page = await fetch(`${base}/`);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).not.toContain('The GUI is not built');
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, html).toBeDefined();
      const asset = await fetch(`${base}/${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
      await asset.arrayBuffer();
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited, output).toBe(0);
    expect(output).toContain('DubDesk stopped.');
  }, 120_000);
});
