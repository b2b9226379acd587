import pg from 'pg';

// int8 columns (epoch milliseconds, counts) arrive as strings by default; every value stored here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));

export type PostgresPool = pg.Pool;

export interface PoolOptions {
  /** Shown in pg_stat_activity, so an operator can tell DubDesk's connections (and which node's) apart. */
  applicationName?: string;
  max?: number;
  /** Where an idle connection's error goes (the server restarted); the pool replaces the connection. */
  onIdleError?(error: Error): void;
}

/** A connection pool for `url`; nothing connects until the first query. */
export function openPostgresPool(url: string, options: PoolOptions = {}): PostgresPool {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: options.applicationName ?? 'dubdesk',
    max: options.max ?? 10,
  });
  // Without a listener, an idle connection dropped by a server restart would end the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

/** The URL as logs and messages may show it: the password replaced. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database URL (unparsable)';
  }
}

// Connection-level failures (SQLSTATE classes 08 connection exception, 57P admin shutdown/crash) and sockets refused or
// dropped: the database is away for now, which says nothing about the work that was running.
const UNAVAILABLE_STATES = /^(08|57P)/;
const UNAVAILABLE_SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** Whether `error` means PostgreSQL could not be reached or dropped the connection (a restart), not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // The store's client wraps these in the catalogue's `database_unavailable`, keeping the driver's error as the cause.
  if ((error as { code?: unknown } | null)?.code === 'database_unavailable')
    return isDatabaseUnavailable((error as Error).cause);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_ERRORS.has(code))) return true;
  const message = (error as Error | null)?.message ?? '';
  return /Connection terminated|connection (timeout|is closed)|Client has encountered a connection error/i.test(
    message,
  );
}
