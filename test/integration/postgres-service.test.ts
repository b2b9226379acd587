// `dubdesk serve --database`: a service keeps its records in PostgreSQL, refuses a schema it does not know, and is
// the only service on its database (results still live in its own data folder).
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { startService } from '../../src/main/service.js';
import { makeDataDir } from '../fixtures/service.js';
import { runCli } from '../fixtures/run-cli.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';

describe.skipIf(postgresMissing)('a service on PostgreSQL', () => {
  let server: PostgresServer;
  const dataDirs: string[] = [];
  const dataDir = async () => {
    const dir = await makeDataDir();
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.destroy();
    await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  it('refuses to start on a database that has no DubDesk schema, saying to run dubdesk migrate', async () => {
    const url = await server.database('not_migrated');
    const result = await runCli(['serve', '--database', url, '--data-dir', await dataDir(), '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'has no DubDesk schema yet. Run `dubdesk migrate --database <url>` once, then start the service.',
    );
  });

  it('keeps its tasks in the database, and a second service on the same database is refused while the first runs', async () => {
    const url = await server.database('one_service');
    expect((await runCli(['migrate', '--database', url])).code).toBe(0);
    const config = async () =>
      resolveConfig(
        { dataDir: await dataDir(), host: '127.0.0.1', port: 0, apiKey: 'dd_pg_test_key', databaseUrl: url },
        {},
      );
    const first = await startService(await config(), { log: () => {} });
    try {
      const created = await fetch(`${first.url}/v1/glossaries`, {
        method: 'POST',
        headers: { authorization: 'Bearer dd_pg_test_key', 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'terms',
          source_language: 'en',
          target_language: 'es',
          entries: [{ source: 'cat', target: 'gato' }],
        }),
      });
      expect(created.status).toBe(200);
      const listed = await runCli(['tasks', '--database', url]);
      expect(listed).toMatchObject({
        code: 0,
        out: expect.stringContaining('No tasks in postgres://dubdesk@127.0.0.1'),
      });
      await expect(startService(await config(), { log: () => {} })).rejects.toThrow(
        /Another DubDesk service already uses the database .*one service per database/,
      );
    } finally {
      await first.close();
    }
    // Once the first has stopped, another may take over its database.
    const second = await startService(await config(), { log: () => {} });
    try {
      const glossaries = await (
        await fetch(`${second.url}/v1/glossaries`, { headers: { authorization: 'Bearer dd_pg_test_key' } })
      ).json();
      expect(glossaries.glossaries.map((glossary: { name: string }) => glossary.name)).toEqual(['terms']);
    } finally {
      await second.close();
    }
  });

  it('lives through a PostgreSQL restart: its idle and held connections drop, and the next requests are answered', async () => {
    const url = await server.database('restarted');
    expect((await runCli(['migrate', '--database', url])).code).toBe(0);
    const service = await startService(
      resolveConfig(
        { dataDir: await dataDir(), host: '127.0.0.1', port: 0, apiKey: 'dd_pg_test_key', databaseUrl: url },
        {},
      ),
      { log: () => {} },
    );
    const glossaries = () =>
      fetch(`${service.url}/v1/glossaries`, { headers: { authorization: 'Bearer dd_pg_test_key' } });
    try {
      expect((await glossaries()).status).toBe(200);
      await server.stop();
      await server.start();
      // The pool replaces the dropped connections: within a few tries the service answers from the database again.
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
        status = (await glossaries()).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('answers a --database that is not a PostgreSQL URL with a usage error', async () => {
    const result = await runCli(['serve', '--database', 'mysql://somewhere/db', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--database must be a postgres:// URL');
  });
});
