// The GitHub Actions workflows cannot run here, so they are checked here: each against the workflow schema
// (@action-validator/core, offline), and the release matrix against electron-builder.json and the table of
// docs/release.md, so the three never say different things.
import fs from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKFLOWS = path.join(ROOT, '.github/workflows');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface ReleaseEntry {
  platform: 'linux' | 'mac' | 'win';
  os: string;
  arch: string;
  targets: string;
  executable: string;
}

const PLATFORM_ROW = { linux: 'Linux', mac: 'macOS', win: 'Windows' } as const;
const RUNNER_PREFIX = { linux: 'ubuntu-', mac: 'macos-', win: 'windows-' } as const;

describe('the GitHub Actions workflows', () => {
  const files = fs.readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name));

  it('are ci.yml and release.yml', () => {
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  it.each(files)('%s follows the workflow schema', (name) => {
    expect(validateWorkflow(fs.readFileSync(path.join(WORKFLOWS, name), 'utf8')).errors).toEqual([]);
  });

  it('the schema check fails on a key GitHub does not know', () => {
    const misspelt = read('.github/workflows/ci.yml').replace('timeout-minutes: 90', 'timeout-minute: 90');
    expect(validateWorkflow(misspelt).errors).not.toEqual([]);
  });

  it('CI runs the whole suite on Linux as .ci/run does, and the portable suite on macOS and Windows', () => {
    const ci = parse(read('.github/workflows/ci.yml'));
    expect(ci.jobs.linux.steps.map((step: { run?: string }) => step.run).filter(Boolean)).toEqual(['.ci/run']);
    expect(ci.jobs.portable.strategy.matrix.os.map((os: string) => os.split('-')[0]).sort()).toEqual([
      'macos',
      'windows',
    ]);
    expect(ci.jobs.portable.steps.at(-1).run).toBe('npm run test:portable');
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts['test:portable']).toContain('vitest run');
  });

  it("builds each system's installers on that system, the targets and architectures electron-builder.json names", () => {
    const release = parse(read('.github/workflows/release.yml'));
    const entries = release.jobs.package.strategy.matrix.include as ReleaseEntry[];
    const builder = JSON.parse(read('electron-builder.json'));
    expect(entries.map((entry) => entry.platform).sort()).toEqual(['linux', 'mac', 'win']);
    for (const entry of entries) {
      expect(entry.os.startsWith(RUNNER_PREFIX[entry.platform]), entry.os).toBe(true);
      const configured = builder[entry.platform].target as Array<{ target: string; arch: string[] }>;
      expect(entry.targets.split(' ').sort()).toEqual(configured.map((target) => target.target).sort());
      for (const target of configured) expect(target.arch).toEqual([entry.arch]);
    }
  });

  it('docs/release.md lists the same targets and architectures in its table', () => {
    const release = parse(read('.github/workflows/release.yml'));
    const rows = read('docs/release.md')
      .split('\n')
      .filter((line) => /^\| (Linux|macOS|Windows) \|/.test(line));
    expect(rows).toHaveLength(3);
    for (const entry of release.jobs.package.strategy.matrix.include as ReleaseEntry[]) {
      const row = rows.find((line) => line.startsWith(`| ${PLATFORM_ROW[entry.platform]} |`))!;
      const [, , target, arch] = row.split('|').map((cell) => cell.trim());
      for (const name of entry.targets.split(' ')) expect(target!.toLowerCase()).toContain(name.toLowerCase());
      expect(arch).toContain(entry.arch);
    }
  });

  it('smoke-tests the unpacked app of each system before anything is uploaded', () => {
    const release = parse(read('.github/workflows/release.yml'));
    const steps = release.jobs.package.steps as Array<{ name?: string; run?: string; env?: Record<string, string> }>;
    const smoke = steps.findIndex((step) => step.run?.includes('test/e2e/app-smoke.test.ts'));
    const upload = steps.findIndex((step) => step.run?.includes('gh release upload'));
    expect(smoke).toBeGreaterThan(-1);
    expect(smoke).toBeLessThan(upload);
    expect(steps[smoke]!.env!.DUBDESK_SMOKE_APP).toContain('matrix.executable');
    expect(fs.existsSync(path.join(ROOT, 'test/e2e/app-smoke.test.ts'))).toBe(true);
    const unpacked = { linux: 'release/linux-unpacked/', mac: 'release/mac-arm64/', win: 'release/win-unpacked/' };
    for (const entry of release.jobs.package.strategy.matrix.include as ReleaseEntry[])
      expect(entry.executable.startsWith(unpacked[entry.platform]), entry.executable).toBe(true);
  });

  it('uploads checksums and the update feed with the installers, and says when a build is unsigned', () => {
    const workflow = read('.github/workflows/release.yml');
    expect(workflow).toContain('SHA256SUMS-');
    // release-update-feed.test.ts runs the upload steps; here, what they cannot do without.
    expect(workflow).toContain('metadata=(latest*.yml');
    expect(JSON.parse(read('electron-builder.json')).publish).toEqual({ provider: 'github' });
    expect(workflow).toMatch(/::warning::No CSC_LINK secret: this .* build is unsigned\./);
    expect(workflow).toContain('--draft');
  });
});
