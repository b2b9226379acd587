import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseDataDir, cliCommandLine } from '../../src/cli/data-dir.js';
import {
  announceRunningService,
  listRunningServices,
  type RunningServiceEntry,
} from '../../src/main/running-services.js';

const entry = (dataDir: string, url = 'http://127.0.0.1:7860'): RunningServiceEntry => ({
  pid: 1,
  dataDir,
  url,
  startedAt: '2026-01-01T00:00:00.000Z',
});

describe('chooseDataDir', () => {
  it('prefers --data-dir, then DUBDESK_DATA_DIR, then the one running service, then the default', () => {
    const running = [entry('/srv/a')];
    expect(chooseDataDir('/flag', { DUBDESK_DATA_DIR: '/env' }, running, '/default')).toEqual({
      dataDir: '/flag',
      why: 'from --data-dir',
    });
    expect(chooseDataDir(undefined, { DUBDESK_DATA_DIR: '/env' }, running, '/default')).toEqual({
      dataDir: '/env',
      why: 'from DUBDESK_DATA_DIR',
    });
    expect(chooseDataDir(undefined, {}, running, '/default')).toEqual({
      dataDir: '/srv/a',
      why: "the running service's, http://127.0.0.1:7860",
    });
    expect(chooseDataDir(undefined, {}, [], '/default')).toEqual({
      dataDir: '/default',
      why: 'the default; no DubDesk service is running',
    });
  });

  it('with services on two folders reads the default and names the others instead of guessing', () => {
    const choice = chooseDataDir(
      undefined,
      {},
      [entry('/srv/a'), entry('/srv/b', 'http://127.0.0.1:7861')],
      '/default',
    );
    expect(choice).toEqual({
      dataDir: '/default',
      why: 'the default; services are also running on /srv/a, /srv/b: pass --data-dir to choose',
    });
  });
});

describe('cliCommandLine', () => {
  it('gives the bin relative to where the user is, else its absolute path, and quotes folders with spaces', () => {
    expect(cliCommandLine('/repo/bin/dubdesk.js', '/repo', '/data/x')).toBe(
      './bin/dubdesk.js tasks --data-dir /data/x',
    );
    expect(cliCommandLine('/repo/bin/dubdesk.js', '/elsewhere', '/data/x')).toBe(
      '/repo/bin/dubdesk.js tasks --data-dir /data/x',
    );
    expect(cliCommandLine(undefined, '/repo', "/home/me/My Data/it's")).toBe(
      "dubdesk tasks --data-dir '/home/me/My Data/it'\\''s'",
    );
  });
});

describe('running-services records', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists this process while announced and forgets it once the stop removes the record', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-running-'));
    const remove = announceRunningService({ dataDir: '/srv/a', url: 'http://127.0.0.1:7999' }, dir);
    expect(listRunningServices(dir)).toEqual([
      expect.objectContaining({ pid: process.pid, dataDir: '/srv/a', url: 'http://127.0.0.1:7999' }),
    ]);
    remove();
    expect(listRunningServices(dir)).toEqual([]);
  });

  it('ignores and sweeps the record of a process that is gone (a kill -9), and skips files that are not records', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-running-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    const stale = path.join(dir, `${deadPid}-7860.json`);
    writeFileSync(
      stale,
      JSON.stringify({
        pid: deadPid,
        dataDir: '/srv/old',
        url: 'http://127.0.0.1:7860',
        startedAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    writeFileSync(path.join(dir, 'torn.json'), '{"pid":');
    expect(listRunningServices(dir)).toEqual([]);
    expect(existsSync(stale)).toBe(false);
  });

  it('a missing folder means no service runs', () => {
    expect(listRunningServices(path.join(os.tmpdir(), 'dubdesk-no-such-folder-', String(process.pid)))).toEqual([]);
  });
});
