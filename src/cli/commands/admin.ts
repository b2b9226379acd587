import { dataPaths } from '../../main/config.js';
import { resolveWebhookSecret } from '../../main/queue/callbacks/webhook-secret.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { createKeysRepository, KEY_ROLES, type KeyRole } from '../../main/store/keys-repository.js';
import { createTasksRepository } from '../../main/store/tasks-repository.js';
import { JOB_KINDS, type JobKind } from '../../shared/jobs.js';
import { cliDataDir } from '../data-dir.js';
import { parseFlags, UsageError } from '../options.js';

// These commands open the database directly (WAL allows it), so they work while a service is running.
function withDatabase<T>(values: Record<string, string | boolean | undefined>, use: (db: Db, dataDir: string) => T): T {
  const dataDir = cliDataDir(typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined);
  const db = openDatabase(dataPaths(dataDir).database);
  try {
    return use(db, dataDir);
  } finally {
    db.close();
  }
}

function date(ms: number | null): string {
  return ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '-';
}

const KEYS_USAGE = 'usage: dubdesk keys create [--role jobs|admin] [--name NAME] | keys list | keys revoke <id|prefix>';

/** `dubdesk keys create [--role jobs|admin] [--name N] | list | revoke <id|prefix>` */
export function keysCommand(args: string[], out: NodeJS.WritableStream): number {
  const { values, positionals } = parseFlags(args, { 'data-dir': { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } });
  const [action, target] = positionals;
  const role = values.role ?? 'jobs';
  if (!KEY_ROLES.includes(role as KeyRole)) throw new UsageError(`--role must be one of ${KEY_ROLES.join(', ')}, got '${role}'.`);
  return withDatabase(values, (db) => {
    const keys = createKeysRepository(db);
    if (action === 'create') {
      const { key, record } = keys.create(values.name ?? 'CLI', role as KeyRole);
      out.write(`${key}\n`);
      process.stderr.write(`Created key ${record.id} (${record.name}). It is shown only now: store it safely.\n`);
      return 0;
    }
    if (action === 'list') {
      for (const key of keys.list()) {
        out.write(`${key.id}  ${key.prefix}…  ${key.name.padEnd(16)}  created ${date(key.createdAt)}  last used ${date(key.lastUsedAt)}  role ${key.role.padEnd(5)}${key.revokedAt ? `  REVOKED ${date(key.revokedAt)}` : ''}\n`);
      }
      return 0;
    }
    if (action === 'revoke' && target) {
      if (!keys.revoke(target)) {
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
export function webhookSecretCommand(args: string[], out: NodeJS.WritableStream): number {
  const { values } = parseFlags(args, { 'data-dir': { type: 'string' }, 'webhook-secret': { type: 'string' } });
  const secret = withDatabase(values, (db) => resolveWebhookSecret(db, values['webhook-secret'] ?? process.env.DUBDESK_WEBHOOK_SECRET));
  out.write(`${secret}\n`);
  return 0;
}

/** `dubdesk tasks [--status S] [--kind K] [--limit N]` */
export function tasksCommand(args: string[], out: NodeJS.WritableStream): number {
  const { values } = parseFlags(args, { 'data-dir': { type: 'string' }, status: { type: 'string' }, kind: { type: 'string' }, limit: { type: 'string' } });
  if (values.kind && !JOB_KINDS.includes(values.kind as JobKind)) throw new UsageError(`--kind must be one of ${JOB_KINDS.join(', ')}.`);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a whole number of at least 1, got '${values.limit}'.`);
  return withDatabase(values, (db, dataDir) => {
    const { tasks } = createTasksRepository(db).list({ kind: values.kind as JobKind | undefined, status: values.status, limit });
    if (tasks.length === 0) out.write(`No tasks in ${dataDir}.\n`);
    for (const task of tasks) {
      const progress = `${Math.round(task.progress * 100)}%`.padStart(4);
      const error = task.errCode ? `  ${task.errCode}: ${task.errMessage}` : '';
      out.write(`${task.id}  ${task.kind.padEnd(16)}  ${task.status.padEnd(13)}  ${progress}  ${date(task.createdAt)}  ${task.inputName ?? ''}${error}\n`);
    }
    return 0;
  });
}
