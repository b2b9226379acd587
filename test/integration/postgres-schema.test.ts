// The PostgreSQL schema against a real server from Debian's packages: numbered migrations, one migrator at a time,
// the refusal of a schema too old or too new, and `dubdesk migrate`. Every SQLite table has its PostgreSQL twin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/database.js';
import {
  migratePostgres,
  postgresSchemaState,
  requireCurrentPostgresSchema,
} from '../../src/main/store/postgres/migrate.js';
import { POSTGRES_MIGRATIONS } from '../../src/main/store/postgres/migrations/index.js';
import { openPostgresPool, type PostgresPool } from '../../src/main/store/postgres/pool.js';
import { runCli } from '../fixtures/run-cli.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';

describe.skipIf(postgresMissing)('PostgreSQL schema', () => {
  let server: PostgresServer;
  const pools: PostgresPool[] = [];
  const poolFor = (url: string) => {
    const pool = openPostgresPool(url);
    pools.push(pool);
    return pool;
  };

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await server?.destroy();
  });

  it('creates every table and column the SQLite schema has, once', async () => {
    const pool = poolFor(await server.database('parity'));
    expect(await migratePostgres(pool)).toEqual(POSTGRES_MIGRATIONS.map((migration) => migration.version));
    expect(await migratePostgres(pool)).toEqual([]);

    const sqlite = openDatabase(':memory:');
    const sqliteTables = (
      sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string;
      }[]
    ).map(({ name }) => name);
    const sqliteColumns = Object.fromEntries(
      sqliteTables.map((table) => [
        table,
        (sqlite.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[])
          .map(({ name }) => name)
          .sort(),
      ]),
    );
    sqlite.close();

    const rows = (
      await pool.query<{
        table_name: string;
        column_name: string;
      }>(`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'dubdesk_schema_migrations'`)
    ).rows;
    const postgresColumns: Record<string, string[]> = {};
    for (const row of rows) (postgresColumns[row.table_name] ??= []).push(row.column_name);
    for (const columns of Object.values(postgresColumns)) columns.sort();

    expect(Object.keys(postgresColumns).sort()).toEqual(sqliteTables.sort());
    expect(postgresColumns).toEqual(sqliteColumns);
  });

  it('lets one migrator at a time apply each migration, whichever machine runs it', async () => {
    const url = await server.database('racing');
    const [first, second] = await Promise.all([migratePostgres(poolFor(url)), migratePostgres(poolFor(url))]);
    expect([...first, ...second].sort()).toEqual(POSTGRES_MIGRATIONS.map((migration) => migration.version));
    const history = await poolFor(url).query('SELECT version FROM dubdesk_schema_migrations ORDER BY version');
    expect(history.rows.map((row) => row.version)).toEqual(POSTGRES_MIGRATIONS.map((migration) => migration.version));
  });

  it('refuses a database whose schema is missing, older or newer than the build, saying what to do', async () => {
    const url = await server.database('versions');
    const pool = poolFor(url);
    await expect(requireCurrentPostgresSchema(pool, url)).rejects.toThrow(
      /no DubDesk schema yet\. Run `dubdesk migrate --database <url>`/,
    );

    await migratePostgres(pool);
    await expect(requireCurrentPostgresSchema(pool, url)).resolves.toBeUndefined();

    const later = [
      ...POSTGRES_MIGRATIONS,
      { version: POSTGRES_MIGRATIONS.length + 1, name: 'later', sql: 'CREATE TABLE later_table (id text)' },
    ];
    await expect(requireCurrentPostgresSchema(pool, url, later)).rejects.toThrow(
      `has DubDesk schema ${POSTGRES_MIGRATIONS.length}; this build needs ${later.length}`,
    );
    expect(await migratePostgres(pool, later)).toEqual([later.length]);

    await expect(requireCurrentPostgresSchema(pool, url)).rejects.toThrow(
      `migrated by a newer DubDesk (schema ${later.length}, this build knows ${POSTGRES_MIGRATIONS.length})`,
    );
    await expect(migratePostgres(pool)).rejects.toThrow('Update DubDesk on this machine');
    expect(await postgresSchemaState(pool)).toEqual({ current: later.length, latest: POSTGRES_MIGRATIONS.length });
  });

  it('`dubdesk migrate` applies the schema once, then has nothing to do; an unreachable server is named without its password', async () => {
    const url = await server.database('cli');
    const first = await runCli(['migrate', '--database', url]);
    expect(first).toMatchObject({ code: 0, err: '' });
    const applied = POSTGRES_MIGRATIONS.map((migration) => `${migration.version} (${migration.name})`).join(', ');
    expect(first.out).toContain(`applied migrations ${applied}; now at DubDesk schema ${POSTGRES_MIGRATIONS.length}`);
    const again = await runCli(['migrate', '--database', url]);
    expect(again.out).toContain(`is at DubDesk schema ${POSTGRES_MIGRATIONS.length}, this build's; nothing to do`);

    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const unreachable = await runCli(['migrate', '--database', 'postgres://dubdesk:s3cret@127.0.0.1:1/none']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toContain('Cannot reach PostgreSQL at postgres://dubdesk:***@127.0.0.1:1/none');
    expect(unreachable.err).not.toContain('s3cret');

    const missing = await runCli(['migrate']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('dubdesk migrate needs --database postgres://');
  });
});
