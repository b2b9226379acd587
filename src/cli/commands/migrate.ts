import { migratePostgres, postgresSchemaState } from '../../main/store/postgres/migrate.js';
import { POSTGRES_MIGRATIONS } from '../../main/store/postgres/migrations/index.js';
import { openPostgresPool, redactDatabaseUrl } from '../../main/store/postgres/pool.js';
import { databaseUrlFlag, parseFlags, UsageError } from '../options.js';

/** `dubdesk migrate --database <url>`: brings a shared PostgreSQL database to this build's schema (services never do it themselves). */
export async function migrateCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseFlags(args, { database: { type: 'string' } });
  const url = databaseUrlFlag(values.database ?? (process.env.DUBDESK_DATABASE_URL || undefined));
  if (!url) {
    throw new UsageError(
      "dubdesk migrate needs --database postgres://… (or DUBDESK_DATABASE_URL). A data folder's " +
        'SQLite database needs no command: the service migrates it when it opens it.',
    );
  }
  const where = redactDatabaseUrl(url);
  const pool = openPostgresPool(url, { applicationName: 'dubdesk migrate', max: 2 });
  try {
    const before = await postgresSchemaState(pool).catch((error: Error) => {
      throw new Error(`Cannot reach PostgreSQL at ${where}: ${error.message}`);
    });
    const applied = await migratePostgres(pool);
    if (applied.length === 0) {
      out.write(`${where} is at DubDesk schema ${before.current}, this build's; nothing to do.\n`);
    } else {
      const names = applied.map(
        (version) => `${version} (${POSTGRES_MIGRATIONS.find((migration) => migration.version === version)?.name})`,
      );
      out.write(
        `${where}: applied migration${applied.length > 1 ? 's' : ''} ${names.join(', ')}; now at DubDesk schema ${applied.at(-1)}.\n`,
      );
    }
    return 0;
  } finally {
    await pool.end();
  }
}
