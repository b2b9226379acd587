// A database that is away (PostgreSQL stopped or restarting) or held by another writer past the busy timeout (SQLite)
// says nothing about the request: it becomes the catalogue's retryable `database_unavailable` (503), not `internal`.
import { DubDeskError } from '../../shared/errors.js';
import { isDatabaseUnavailable } from './postgres/pool.js';

/** `error` as `database_unavailable` when PostgreSQL could not be reached or dropped the connection; else unchanged. */
export function classifyPostgresFailure(error: unknown): unknown {
  if (error instanceof DubDeskError || !isDatabaseUnavailable(error)) return error;
  return new DubDeskError(
    'database_unavailable',
    'The service cannot reach its database (PostgreSQL) right now. Retry in a few seconds.',
    { cause: error },
  );
}

/** `error` as `database_unavailable` when SQLite stayed locked by another connection beyond the busy timeout; else unchanged. */
export function classifySqliteFailure(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  // SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, SQLITE_BUSY_TIMEOUT).
  if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) return error;
  return new DubDeskError(
    'database_unavailable',
    "The service's database is locked by another program right now. Retry in a few seconds.",
    { cause: error },
  );
}
