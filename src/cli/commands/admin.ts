import { dataPaths } from '../../main/config.js';
import { resolveWebhookSecret } from '../../main/queue/callbacks/webhook-secret.js';
import { KEY_ROLES, type KeyRole } from '../../main/store/keys-repository.js';
import { openPostgresStore, openSqliteStore } from '../../main/store/open-store.js';
import { redactDatabaseUrl } from '../../main/store/postgres/pool.js';
import { loadSettingsCache } from '../../main/store/settings-cache.js';
import type { Store } from '../../main/store/store.js';
import { JOB_KINDS, type JobKind } from '../../shared/jobs.js';
import { cliDataDir } from '../data-dir.js';
import { parseFlags, UsageError } from '../options.js';

/** What the admin commands take besides their own flags: the data folder, or the shared database of a scale-out. */
const DATABASE_FLAGS = { 'data-dir': { type: 'string' }, database: { type: 'string' } } as const;

// These commands open the database directly (SQLite's WAL allows it; PostgreSQL is shared anyway), so they work while
// a service is running. `where` names what they read, for messages.
async function withDatabase<T>(
  values: Record<string, string | boolean | undefined>,
  use: (store: Store, where: string) => Promise<T>,
): Promise<T> {
  const url =
    (typeof values.database === 'string' ? values.database : undefined) ??
    (process.env.DUBDESK_DATABASE_URL || undefined);
  const dataDir = url ? undefined : cliDataDir(typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined);
  const opened =
    dataDir === undefined
      ? await openPostgresStore(url!, { applicationName: 'dubdesk cli' })
      : openSqliteStore(dataPaths(dataDir).database);
  const where = dataDir ?? redactDatabaseUrl(url!);
  try {
    return await use(opened.store, where);
  } finally {
    await opened.close();
  }
}

function date(ms: number | null): string {
  return ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '-';
}

const KEYS_USAGE = 'usage: dubdesk keys create [--role jobs|admin] [--name NAME] | keys list | keys revoke <id|prefix>';

/** `dubdesk keys create [--role jobs|admin] [--name N] | list | revoke <id|prefix>` */
export function keysCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values, positionals } = parseFlags(args, {
    ...DATABASE_FLAGS,
    name: { type: 'string' },
    role: { type: 'string' },
  });
  const [action, target] = positionals;
  const role = values.role ?? 'jobs';
  if (!KEY_ROLES.includes(role as KeyRole))
    throw new UsageError(`--role must be one of ${KEY_ROLES.join(', ')}, got '${role}'.`);
  return withDatabase(values, async ({ keys }) => {
    if (action === 'create') {
      const { key, record } = await keys.create(values.name ?? 'CLI', role as KeyRole);
      out.write(`${key}\n`);
      process.stderr.write(`Created key ${record.id} (${record.name}). It is shown only now: store it safely.\n`);
      return 0;
    }
    if (action === 'list') {
      for (const key of await keys.list()) {
        out.write(
          `${key.id}  ${key.prefix}…  ${key.name.padEnd(16)}  created ${date(key.createdAt)}  last ` +
            `used ${date(key.lastUsedAt)}  ` +
            `role ${key.role.padEnd(5)}${key.revokedAt ? `  REVOKED ${date(key.revokedAt)}` : ''}\n`,
        );
      }
      return 0;
    }
    if (action === 'revoke' && target) {
      if (!(await keys.revoke(target))) {
        process.stderr.write(`No active key with id or prefix ${target}.\n`);
        return 1;
      }
      out.write(`Revoked ${target}.\n`);
      return 0;
    }
    throw new UsageError(KEYS_USAGE);
  });
}

/** `dubdesk webhook-secret`: the secret callbacks are signed with (generated once per data folder). */
export async function webhookSecretCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseFlags(args, { ...DATABASE_FLAGS, 'webhook-secret': { type: 'string' } });
  const secret = await withDatabase(values, async (store) =>
    resolveWebhookSecret(
      await loadSettingsCache(store.settings),
      values['webhook-secret'] ?? process.env.DUBDESK_WEBHOOK_SECRET,
    ),
  );
  out.write(`${secret}\n`);
  return 0;
}

/** `dubdesk tasks [--status S] [--kind K] [--limit N]` */
export function tasksCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseFlags(args, {
    ...DATABASE_FLAGS,
    status: { type: 'string' },
    kind: { type: 'string' },
    limit: { type: 'string' },
  });
  if (values.kind && !JOB_KINDS.includes(values.kind as JobKind))
    throw new UsageError(`--kind must be one of ${JOB_KINDS.join(', ')}.`);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a whole number of at least 1, got '${values.limit}'.`);
  return withDatabase(values, async (store, where) => {
    const { tasks } = await store.tasks.list({
      kind: values.kind as JobKind | undefined,
      status: values.status,
      limit,
    });
    if (tasks.length === 0) out.write(`No tasks in ${where}.\n`);
    for (const task of tasks) {
      const progress = `${Math.round(task.progress * 100)}%`.padStart(4);
      const error = task.errCode ? `  ${task.errCode}: ${task.errMessage}` : '';
      out.write(
        `${task.id}  ${task.kind.padEnd(16)}  ${task.status.padEnd(13)}  ${progress}  ${date(task.createdAt)}  ${task.inputName ?? ''}${error}\n`,
      );
    }
    return 0;
  });
}
