// A service killed mid-call leaves its engines' per-call folders in the temp folder; the next start removes those
// untouched for an hour, and keeps young ones (another process may be using them) and anything not an engine's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_TEMP_PREFIXES } from '../../src/main/files/temp-sweep.js';
import { repoRoot } from '../fixtures/browser.js';
import { startTestService } from '../fixtures/service.js';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

/** A folder as mkdtemp makes it, with a file in it, both last changed at `when`. */
function makeFolder(parent: string, name: string, when?: Date): string {
  const folder = path.join(parent, name);
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'chunk-0.wav'), 'RIFF');
  if (when) {
    fs.utimesSync(path.join(folder, 'chunk-0.wav'), when, when);
    fs.utimesSync(folder, when, when);
  }
  return folder;
}

describe('the temp-folder sweep at service start', () => {
  let tmp: string;
  const savedTmpdir = process.env.TMPDIR;

  // The service sweeps os.tmpdir(): pointed at a folder of this test's own, so no other process's folders are in play.
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-test-'));
    process.env.TMPDIR = tmp;
  });
  afterAll(() => {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('removes engine folders untouched for 2 h, keeps fresh ones, one still being written, and unrelated folders', async () => {
    expect(os.tmpdir()).toBe(tmp);
    const old = ENGINE_TEMP_PREFIXES.map((prefix) => makeFolder(tmp, `${prefix}Ab3dE9`, TWO_HOURS_AGO));
    const fresh = ENGINE_TEMP_PREFIXES.map((prefix) => makeFolder(tmp, `${prefix}Zz9Yy8`));
    // An old folder whose call wrote a file a moment ago is in use.
    const stillWritten = makeFolder(tmp, 'dubdesk-pocketsphinx-Wr1t3n', TWO_HOURS_AGO);
    fs.writeFileSync(path.join(stillWritten, 'chunk-1.wav'), 'RIFF');
    const unrelated = [
      makeFolder(tmp, 'dubdesk-data-Ab3dE9', TWO_HOURS_AGO), // a data folder, not an engine's
      makeFolder(tmp, 'dubdesk-apertium-pairs', TWO_HOURS_AGO), // not what mkdtemp makes of the prefix
      makeFolder(tmp, 'other-apertium-Ab3dE9', TWO_HOURS_AGO),
    ];
    const oldFile = path.join(tmp, 'dubdesk-diarize-F1le00');
    fs.writeFileSync(oldFile, 'not a folder');
    fs.utimesSync(oldFile, TWO_HOURS_AGO, TWO_HOURS_AGO);

    const lines: string[] = [];
    const service = await startTestService({ service: { log: (line) => lines.push(line) } });
    try {
      for (const folder of old) expect(fs.existsSync(folder), folder).toBe(false);
      for (const kept of [...fresh, stillWritten, ...unrelated, oldFile]) expect(fs.existsSync(kept), kept).toBe(true);
      expect(lines).toContain(
        `Removed ${old.length} temporary engine folder(s) left in ${tmp} by a process that was stopped mid-call.`,
      );
    } finally {
      await service.stop();
    }
  });

  it('knows every dubdesk- prefix the engines make temp folders with', () => {
    const made = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name)) {
          for (const match of fs
            .readFileSync(full, 'utf8')
            .matchAll(/mkdtemp(?:Sync)?\(path\.join\(os\.tmpdir\(\), '(dubdesk-[a-z-]+-)'\)/g))
            made.add(match[1]!);
        }
      }
    };
    walk(path.join(repoRoot, 'src'));
    expect([...made].sort()).toEqual([...ENGINE_TEMP_PREFIXES].sort());
  });
});
