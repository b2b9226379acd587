// The update feed the desktop app reads (docs/release.md "Updates"): electron-builder.json publishes to GitHub, the
// release workflow names the repository, and its checksum and upload steps, run here in bash over stand-in release
// folders with a recording `gh`, send latest*.yml and the blockmaps with the installers and their sums.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the update feed of a release', () => {
  it('builds the update feed: a GitHub publish provider, the owner and repository from the workflow, never publishing', () => {
    const builder = JSON.parse(read('electron-builder.json'));
    expect(builder.publish).toEqual({ provider: 'github' });
    // electron-updater's macOS updater installs from the zip; the dmg is for first installs.
    expect(builder.mac.target.map((target: { target: string }) => target.target)).toContain('zip');
    // latest.yml names the installer without spaces; GitHub would rename an upload with spaces, and the link break.
    expect(builder.nsis.artifactName).not.toContain(' ');
    const steps = parse(read('.github/workflows/release.yml')).jobs.package.steps as WorkflowStep[];
    const build = steps.find((step) => step.run?.includes('electron-builder@'))!;
    expect(build.env!.REPOSITORY).toBe('${{ github.repository }}');
    expect(build.run).toContain('-c.publish.owner="${REPOSITORY%%/*}" -c.publish.repo="${REPOSITORY#*/}"');
    expect(build.run).toContain('--publish never');
  });

  it.each(Object.entries(RELEASE_FOLDERS))(
    'uploads the %s installers with latest*.yml, the blockmaps and their SHA-256 sums',
    (platform, files) => {
      const { uploaded, sums } = runUploadSteps(platform, files);
      expect(uploaded.sort()).toEqual([...files, `SHA256SUMS-${platform}.txt`].sort());
      expect(sums.sort()).toEqual([...files].sort());
    },
  );

  it('stops before uploading when a build wrote no update metadata', () => {
    const files = RELEASE_FOLDERS.linux.filter((name) => !name.startsWith('latest'));
    expect(() => runUploadSteps('linux', files)).toThrow();
  });
});

interface WorkflowStep {
  name?: string;
  run?: string;
  env?: Record<string, string>;
}

/** What electron-builder writes into release/ for each platform (besides the unpacked app). */
const RELEASE_FOLDERS = {
  linux: ['DubDesk-1.2.3.AppImage', 'dubdesk_1.2.3_amd64.deb', 'latest-linux.yml'],
  mac: [
    'DubDesk-1.2.3-arm64.dmg',
    'DubDesk-1.2.3-arm64.dmg.blockmap',
    'DubDesk-1.2.3-arm64-mac.zip',
    'DubDesk-1.2.3-arm64-mac.zip.blockmap',
    'latest-mac.yml',
  ],
  win: ['DubDesk-Setup-1.2.3.exe', 'DubDesk-Setup-1.2.3.exe.blockmap', 'latest.yml'],
};

/**
 * Runs release.yml's "Write the checksums" and "Upload to the draft release" steps in bash over a release/ folder
 * of stand-in files, with a `gh` on PATH that records what it was given.
 */
function runUploadSteps(platform: string, files: string[]): { uploaded: string[]; sums: string[] } {
  const steps = parse(read('.github/workflows/release.yml')).jobs.package.steps as WorkflowStep[];
  const script = (name: string) =>
    steps.find((step) => step.name === name)!.run!.replaceAll('${{ matrix.platform }}', platform);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-release-steps-'));
  try {
    fs.mkdirSync(path.join(dir, 'release', `${platform}-unpacked`), { recursive: true });
    for (const name of files) fs.writeFileSync(path.join(dir, 'release', name), name);
    fs.mkdirSync(path.join(dir, 'bin'));
    const gh = path.join(dir, 'bin', 'gh');
    fs.writeFileSync(gh, '#!/bin/sh\nprintf "%s\\n" "$@" > "$GH_ARGS"\n', { mode: 0o755 });
    const env = { ...process.env, PATH: `${path.dirname(gh)}:${process.env.PATH}`, GH_ARGS: path.join(dir, 'gh-args') };
    const bash = (text: string) => execFileSync('bash', ['-e', '-c', text], { cwd: dir, env, stdio: 'pipe' });
    bash(script('Write the checksums'));
    bash(script('Upload to the draft release').replace('$GITHUB_REF_NAME', 'v1.2.3'));
    const args = fs.readFileSync(env.GH_ARGS, 'utf8').trim().split('\n');
    expect(args.slice(0, 4)).toEqual(['release', 'upload', 'v1.2.3', '--clobber']);
    const sumsFile = fs.readFileSync(path.join(dir, 'release', `SHA256SUMS-${platform}.txt`), 'utf8');
    const sums = sumsFile
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+\*?/)[1]!);
    return { uploaded: args.slice(4), sums };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
