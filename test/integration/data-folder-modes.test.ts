// The data folder holds the API keys, the webhook secret and the file-URL signing secret (in dubdesk.db) and the
// service log: a service makes it owner-only (700, files 600) when it creates it, and tightens a folder an older
// version left at 755/644 when it starts, saying so once in the service log. Modes are read with stat.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRotatingFile } from '../../src/main/logging/rotating-file.js';
import { openDatabase } from '../../src/main/store/database.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const KEY = 'sk-secret-at-rest-0123456789abcdef';
const running: TestService[] = [];
const folders: string[] = [];

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Every file and folder under `root` (the folder itself as '.') with its mode, e.g. { '.': '700', 'dubdesk.db': '600' }. */
function modesUnder(root: string, only: (relative: string) => boolean = () => true): Record<string, string> {
  const modes: Record<string, string> = { '.': modeOf(root) };
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    if (only(relative)) modes[relative] = modeOf(path.join(root, relative));
  }
  return modes;
}

/** What holds secrets: the database and its side files, the lock, and the logs. */
const holdsSecrets = (relative: string) =>
  /^(dubdesk\.db(-wal|-shm|-journal)?|service\.lock|logs(\/.*)?)$/.test(relative);

function tempParent(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-modes-'));
  folders.push(parent);
  return parent;
}

/** Starts a service on `dataDir`, stores an LLM key (a secret in the database) and makes a request the log records. */
async function serveOnce(dataDir: string): Promise<void> {
  const service = await startTestService({ dataDir });
  running.push(service);
  expect((await service.api('/v1/settings', { method: 'PUT', body: { llm_api_key: KEY } })).status).toBe(200);
  // While it runs, the WAL and shared-memory files exist: they hold the same secrets.
  const whileRunning = modesUnder(dataDir, holdsSecrets);
  expect(whileRunning).toMatchObject({
    '.': '700',
    'dubdesk.db': '600',
    'dubdesk.db-wal': '600',
    'dubdesk.db-shm': '600',
    'service.lock': '600',
    logs: '700',
    'logs/service.log': '600',
  });
  for (const [relative, mode] of Object.entries(whileRunning))
    expect(mode, relative).toBe(fs.statSync(path.join(dataDir, relative)).isDirectory() ? '700' : '600');
  await service.stop();
  running.pop();
}

const fixedLine = /Made the data folder private/;

afterEach(async () => {
  for (const service of running.splice(0)) await service.stop();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('data folder modes', () => {
  it('a fresh data folder is made 700 and the files holding secrets 600, with nothing to report', async () => {
    // The test process's umask (022) would give 755 and 644 to anything made without an explicit mode.
    expect(process.umask() & 0o077).toBe(0o022);
    const dataDir = path.join(tempParent(), 'new', 'DubDesk');
    await serveOnce(dataDir);
    expect(modesUnder(dataDir, holdsSecrets)).toEqual({
      '.': '700',
      'dubdesk.db': '600',
      logs: '700',
      'logs/service.log': '600',
    });
    expect(fs.readFileSync(path.join(dataDir, 'logs', 'service.log'), 'utf8')).not.toMatch(fixedLine);
  });

  it('a data folder left at 755/644 is made private at start, and the log says so once', async () => {
    const dataDir = path.join(tempParent(), 'DubDesk');
    // As an older version left it: a database with a secret, its WAL, a log and a rotated log, all readable by others.
    fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true, mode: 0o755 });
    const db = openDatabase(path.join(dataDir, 'dubdesk.db'));
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('llm_api_key', KEY);
    for (const name of ['logs/service.log', 'logs/service.log.1'])
      fs.writeFileSync(path.join(dataDir, name), '{"msg":"an old line"}\n');
    for (const name of ['.', 'logs']) fs.chmodSync(path.join(dataDir, name), 0o755);
    for (const name of ['dubdesk.db', 'dubdesk.db-wal', 'dubdesk.db-shm', 'logs/service.log', 'logs/service.log.1'])
      fs.chmodSync(path.join(dataDir, name), 0o644);
    expect(modesUnder(dataDir, holdsSecrets)).toEqual({
      '.': '755',
      'dubdesk.db': '644',
      'dubdesk.db-wal': '644',
      'dubdesk.db-shm': '644',
      logs: '755',
      'logs/service.log': '644',
      'logs/service.log.1': '644',
    });
    db.close();

    await serveOnce(dataDir);
    expect(modesUnder(dataDir, holdsSecrets)).toEqual({
      '.': '700',
      'dubdesk.db': '600',
      logs: '700',
      'logs/service.log': '600',
      'logs/service.log.1': '600',
    });
    const log = () =>
      fs
        .readFileSync(path.join(dataDir, 'logs', 'service.log'), 'utf8')
        .split('\n')
        .filter((line) => fixedLine.test(line));
    expect(log()).toHaveLength(1);
    const said = JSON.parse(log()[0]!) as { level: number; msg: string };
    expect(said.msg).toBe(
      `Made the data folder private, as it holds API keys and secrets that other users of this machine could read: the data folder ${dataDir} (755 -> 700), ` +
        'logs (755 -> 700), dubdesk.db (644 -> 600), logs/service.log (644 -> 600), logs/service.log.1 (644 -> 600).',
    );
    // (The old WAL and shared-memory files went away when the old connection closed.) No secret reaches the log.
    expect(fs.readFileSync(path.join(dataDir, 'logs', 'service.log'), 'utf8')).not.toContain(KEY);

    // The next start finds nothing to change and says nothing more.
    await serveOnce(dataDir);
    expect(log()).toHaveLength(1);
  });

  it('rotated service logs stay 600', async () => {
    const dir = path.join(tempParent(), 'logs');
    fs.mkdirSync(dir, { mode: 0o700 });
    const log = openRotatingFile({ dir, name: 'service.log', maxBytes: 100, keep: 2 });
    for (let i = 0; i < 10; i += 1)
      await new Promise<void>((resolve, reject) =>
        log.stream.write(`line ${i} ${'x'.repeat(40)}\n`, (error) => (error ? reject(error) : resolve())),
      );
    await log.close();
    expect(modesUnder(dir)).toEqual({
      '.': '700',
      'service.log': '600',
      'service.log.1': '600',
      'service.log.2': '600',
    });
  });
});
