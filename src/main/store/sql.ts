// The one way repositories reach a database: SQL with $1, $2 … placeholders, run on SQLite (the embedded default) or
// PostgreSQL (scale-out). Repositories are written once against it; where the two dialects differ, they ask `dialect`.

export type SqlValue = string | number | null;
export type SqlDialect = 'sqlite' | 'postgres';

export interface SqlClient {
  readonly dialect: SqlDialect;
  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  get<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined>;
  /** Runs a statement that returns no rows; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs `work` in one transaction on `tx`, committed when it resolves and rolled back when it throws. Inside, use
   * only `tx` (repositories made over it) and do no other I/O: SQLite holds every other caller until it ends.
   * A transaction inside one joins it.
   */
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
}

/** A JSON column as stored: SQLite hands back its text, PostgreSQL's jsonb arrives parsed. */
export function readJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A JSON column's value to store (both dialects take the text). */
export function writeJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** ` FOR UPDATE` where the database locks rows (PostgreSQL); SQLite's write transaction already holds the whole file. */
export function forUpdate(client: SqlClient): string {
  return client.dialect === 'postgres' ? ' FOR UPDATE' : '';
}
