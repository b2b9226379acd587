// A tampered export must not carry the operator's private files into shared storage (issue 31, point 4): a symbolic
// link to a mode-600 file where an upload was, a named pipe, a linked folder and a linked table file are refused by
// `dubdesk import-data`, each named relative to the export folder, before anything reaches storage or the database,
// on a shared folder and on an S3 bucket; the untampered export still imports and serves its file. Export, putFolder
// and a folder swapped for a link after the listing are held to the same rule.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listTree, UnsafeTreeError } from '../../src/main/files/local-tree.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import type { SharedStorage } from '../../src/main/files/shared-storage.js';
import { uploadTree } from '../../src/main/storage/tree-upload.js';
import { IMPORTED_TABLES } from '../../src/main/store/data-transfer.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';
import { runCli } from '../fixtures/run-cli.js';
import { makeDataDir, startTestService, TEST_API_KEY } from '../fixtures/service.js';
import { startS3LoopbackServer, type S3LoopbackServer } from '../fixtures/s3-loopback-server.js';

const BUCKET = 'dubdesk-links';
// What the operator's private files hold: it must appear nowhere the import writes, nor in its messages.
const SECRET = `PRIVATE-${randomBytes(8).toString('hex')}`;
const UPLOADED = Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nThe weather report\n');

let postgres: PostgresServer | undefined;
let s3: S3LoopbackServer;
let privateDir: string;
let privateFile: string;
let privateSettings: string;
let dataDir: string;
let exportDir: string;
let uploadedId: string;
const folders: string[] = [];
const tempFolder = async () => {
  const dir = await makeDataDir();
  folders.push(dir);
  return dir;
};

/** The operator's own folder (700) with a private file and a private JSON-lines file (600) beside the export. */
async function makePrivateFolder(): Promise<void> {
  privateDir = await tempFolder();
  await fs.chmod(privateDir, 0o700);
  privateFile = path.join(privateDir, 'id_ed25519');
  await fs.writeFile(privateFile, `${SECRET}\n`, { mode: 0o600 });
  privateSettings = path.join(privateDir, 'settings.jsonl');
  await fs.writeFile(privateSettings, `${JSON.stringify({ key: 'llm_api_key', value: SECRET })}\n`, { mode: 0o600 });
}

beforeAll(async () => {
  s3 = await startS3LoopbackServer({ buckets: [BUCKET] });
  await makePrivateFolder();
  if (postgresMissing) return;
  postgres = await startPostgres();
  // A stopped data folder with one upload, exported as the operator would.
  dataDir = await tempFolder();
  const service = await startTestService({ dataDir });
  try {
    const response = await fetch(`${service.url}/v1/files?name=notes.srt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/octet-stream' },
      body: UPLOADED,
    });
    expect(response.status).toBe(201);
    uploadedId = ((await response.json()) as { file_id: string }).file_id;
  } finally {
    await service.stop();
  }
  exportDir = path.join(await tempFolder(), 'export');
  const exported = await runCli(['export-data', '--data-dir', dataDir, '--out', exportDir]);
  expect(exported.err).toBe('');
  expect(exported.code).toBe(0);
});
afterAll(async () => {
  await postgres?.destroy();
  await s3?.close();
  await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A `--storage` value as the CLI reads it, and the test's own handle on the same storage. */
const BACKENDS: { name: string; open(): Promise<{ spec: string; storage: SharedStorage }> }[] = [
  {
    name: 'a shared folder',
    async open() {
      const spec = await tempFolder();
      return { spec, storage: await openStorage(spec) };
    },
  },
  {
    name: 'an S3 bucket',
    async open() {
      // The CLI opens the bucket as `--storage` does: its server and credentials from the standard AWS environment.
      vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.endpoint);
      vi.stubEnv('AWS_REGION', s3.region);
      vi.stubEnv('AWS_ACCESS_KEY_ID', s3.credentials.accessKeyId);
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.credentials.secretAccessKey);
      vi.stubEnv('DUBDESK_S3_FORCE_PATH_STYLE', '1');
      const spec = `s3://${BUCKET}/run-${randomBytes(4).toString('hex')}`;
      return { spec, storage: await openStorage(spec) };
    },
  },
];

/** A copy of the clean export, tampered: the upload a link to the private file, a pipe, a linked folder, a linked table. */
async function tamperedExport(): Promise<string> {
  const dir = path.join(await tempFolder(), 'tampered');
  await fs.cp(exportDir, dir, { recursive: true });
  const upload = path.join(dir, 'files', uploadedId, 'notes.srt');
  await fs.rm(upload);
  await fs.symlink(privateFile, upload);
  await fs.mkdir(path.join(dir, 'jobs'), { recursive: true });
  execFileSync('mkfifo', [path.join(dir, 'jobs', 'pipe')]);
  await fs.mkdir(path.join(dir, 'projects'), { recursive: true });
  await fs.symlink(privateDir, path.join(dir, 'projects', 'linked'));
  await fs.rm(path.join(dir, 'tables', 'settings.jsonl'));
  await fs.symlink(privateSettings, path.join(dir, 'tables', 'settings.jsonl'));
  return dir;
}

async function migratedDatabase(name: string): Promise<string> {
  const url = await postgres!.database(name);
  expect((await runCli(['migrate', '--database', url])).code).toBe(0);
  return url;
}

/** Rows per imported table, and whether any settings value holds the secret. */
async function databaseHolds(url: string): Promise<{ rows: Record<string, number>; secretInSettings: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Record<string, number> = {};
    for (const table of IMPORTED_TABLES) {
      if (table === 'settings') continue;
      rows[table] = Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
    }
    const secret = await client.query('SELECT count(*) AS n FROM settings WHERE value LIKE $1', [`%${SECRET}%`]);
    return { rows, secretInSettings: Number(secret.rows[0].n) > 0 };
  } finally {
    await client.end();
  }
}

async function readAll(storage: SharedStorage, key: string): Promise<Buffer> {
  const { stream } = await storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.skipIf(postgresMissing).each(BACKENDS)('dubdesk import-data into $name', (backend) => {
  it('refuses a tampered export holding a link to a private file, a pipe and a linked folder, naming each, and imports nothing', async () => {
    const tampered = await tamperedExport();
    const { spec, storage } = await backend.open();
    const url = await migratedDatabase(`links_tampered_${randomBytes(3).toString('hex')}`);
    try {
      const started = Date.now();
      const refused = await runCli(['import-data', '--database', url, '--storage', spec, tampered]);
      // A pipe is never opened, so nothing waits on a writer that never comes.
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('Nothing was imported: ');
      expect(refused.err).toContain(`files/${uploadedId}/notes.srt is a symbolic link`);
      expect(refused.err).toContain('jobs/pipe is a named pipe (FIFO)');
      expect(refused.err).toContain('projects/linked is a symbolic link');
      expect(refused.err).toContain('tables/settings.jsonl is a symbolic link');
      expect(refused.err).toContain(
        `Only regular files and folders are read from the export folder ${tampered}, so that nothing outside it is.`,
      );
      expect(refused.err + refused.out).not.toContain(SECRET);

      expect(await storage.list('')).toEqual([]);
      const held = await databaseHolds(url);
      expect(Object.values(held.rows).every((count) => count === 0)).toBe(true);
      expect(held.secretInSettings).toBe(false);
    } finally {
      await storage.close();
    }
  });

  it('imports the untampered export, whose upload a new service serves', async () => {
    const { spec, storage } = await backend.open();
    const url = await migratedDatabase(`links_clean_${randomBytes(3).toString('hex')}`);
    try {
      const imported = await runCli(['import-data', '--database', url, '--storage', spec, exportDir]);
      expect(imported.err).toBe('');
      expect(imported.code).toBe(0);
      expect((await readAll(storage, `files/${uploadedId}/notes.srt`)).equals(UPLOADED)).toBe(true);
      expect((await databaseHolds(url)).rows.files).toBe(1);

      const service = await startTestService({ config: { databaseUrl: url, storage: spec } });
      try {
        const download = await fetch(`${service.url}/v1/files/${uploadedId}`, {
          headers: { authorization: `Bearer ${TEST_API_KEY}` },
        });
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(UPLOADED)).toBe(true);
      } finally {
        await service.stop();
      }
    } finally {
      await storage.close();
    }
  });
});

describe.skipIf(postgresMissing)('dubdesk import-data, the manifest', () => {
  it('refuses an export whose manifest is a link to a file outside it, before connecting anywhere', async () => {
    const dir = path.join(await tempFolder(), 'linked-manifest');
    await fs.cp(exportDir, dir, { recursive: true });
    // The operator's copy of a real manifest, kept elsewhere: followed, it would pass every check.
    const outside = path.join(privateDir, 'manifest.json');
    await fs.rename(path.join(dir, 'manifest.json'), outside);
    await fs.symlink(outside, path.join(dir, 'manifest.json'));
    const refused = await runCli(['import-data', '--database', postgres!.url, '--storage', await tempFolder(), dir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `manifest.json is a symbolic link. Only regular files and folders are read from the export folder ${dir}`,
    );
  });
});

describe.skipIf(postgresMissing)('dubdesk export-data', () => {
  it('refuses a data folder holding a link, naming it, and leaves no export behind', async () => {
    const link = path.join(dataDir, 'files', uploadedId, 'linked.txt');
    await fs.symlink(privateFile, link);
    try {
      const out = path.join(await tempFolder(), 'export-with-link');
      const refused = await runCli(['export-data', '--data-dir', dataDir, '--out', out]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(
        `files/${uploadedId}/linked.txt is a symbolic link. Only regular files and folders are read from the data folder ${dataDir}`,
      );
      expect(refused.err).not.toContain(SECRET);
      expect(existsSync(out)).toBe(false);
    } finally {
      await fs.rm(link);
    }
  });
});

describe.each(BACKENDS)('reading a tree for $name', (backend) => {
  it('putFolder refuses a work folder holding a link to a private file and uploads nothing', async () => {
    const workDir = await tempFolder();
    await fs.mkdir(path.join(workDir, 'stages'));
    await fs.writeFile(path.join(workDir, 'stages', '01-prepare.json'), '{}');
    await fs.symlink(privateFile, path.join(workDir, 'stages', 'key.txt'));
    const { storage } = await backend.open();
    try {
      await expect(storage.putFolder('jobs/t1', workDir)).rejects.toThrow('stages/key.txt is a symbolic link');
      expect(await storage.list('')).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  it('a folder swapped for a link to a private folder after the listing is refused when its file is opened', async () => {
    const base = await tempFolder();
    await fs.mkdir(path.join(base, 'files', 'f1'), { recursive: true });
    await fs.writeFile(path.join(base, 'files', 'f1', 'id_ed25519'), 'harmless');
    const tree = await listTree(base, 'files');
    expect(tree?.files.map((file) => file.path)).toEqual(['f1/id_ed25519']);
    // Between the listing and the upload the folder becomes a link to the operator's folder, which has a file of that name.
    await fs.rename(path.join(base, 'files', 'f1'), path.join(base, 'files', 'f1-was'));
    await fs.symlink(privateDir, path.join(base, 'files', 'f1'));
    const { storage } = await backend.open();
    try {
      const failure = await uploadTree(storage, 'files', tree!, { where: `the export folder ${base}` }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(UnsafeTreeError);
      expect((failure as Error).message).toContain(
        'files/f1/id_ed25519 leads outside the folder through a symbolic link',
      );
      expect(await storage.list('')).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  it('a file swapped for a link or a pipe after the listing is refused, without waiting on the pipe', async () => {
    const base = await tempFolder();
    await fs.mkdir(path.join(base, 'files'));
    await fs.writeFile(path.join(base, 'files', 'a.txt'), 'a');
    await fs.writeFile(path.join(base, 'files', 'b.txt'), 'b');
    const tree = await listTree(base, 'files');
    await fs.rm(path.join(base, 'files', 'a.txt'));
    await fs.symlink(privateFile, path.join(base, 'files', 'a.txt'));
    await fs.rm(path.join(base, 'files', 'b.txt'));
    execFileSync('mkfifo', [path.join(base, 'files', 'b.txt')]);
    const { storage } = await backend.open();
    try {
      await expect(
        uploadTree(storage, 'files', { ...tree!, files: tree!.files.filter((file) => file.path === 'a.txt') }),
      ).rejects.toThrow('files/a.txt is a symbolic link');
      await expect(
        uploadTree(storage, 'files', { ...tree!, files: tree!.files.filter((file) => file.path === 'b.txt') }),
      ).rejects.toThrow('files/b.txt is a named pipe (FIFO)');
      expect(await storage.list('')).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});
