import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';
import { classifySqliteFailure } from './database-unavailable.js';
import type { SqlClient, SqlValue } from './sql.js';

interface Compiled {
  statement: Statement<unknown[]>;
  /** For each `?` in order, which $n it was (better-sqlite3 binds only anonymous or named parameters). */
  order: number[];
}

/**
 * better-sqlite3 behind the async SqlClient. Statements run synchronously when called; while a transaction is open
 * (awaiting between its statements), every other caller waits, so nothing joins or reads it half-done.
 */
export function createSqliteClient(db: Db): SqlClient {
  const compiled = new Map<string, Compiled>();

  const compile = (sql: string): Compiled => {
    let entry = compiled.get(sql);
    if (!entry) {
      const order: number[] = [];
      const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
        order.push(Number(n) - 1);
        return '?';
      });
      entry = { statement: db.prepare<unknown[]>(text), order };
      compiled.set(sql, entry);
    }
    return entry;
  };
  const bind = (entry: Compiled, params: readonly SqlValue[]) => entry.order.map((index) => params[index] ?? null);

  const classified = <T>(step: () => T): T => {
    try {
      return step();
    } catch (error) {
      throw classifySqliteFailure(error);
    }
  };
  const now = {
    all: <Row>(sql: string, params: readonly SqlValue[] = []) =>
      classified(() => {
        const entry = compile(sql);
        return entry.statement.all(...bind(entry, params)) as Row[];
      }),
    get: <Row>(sql: string, params: readonly SqlValue[] = []) =>
      classified(() => {
        const entry = compile(sql);
        return entry.statement.get(...bind(entry, params)) as Row | undefined;
      }),
    run: (sql: string, params: readonly SqlValue[] = []) =>
      classified(() => {
        const entry = compile(sql);
        return entry.statement.run(...bind(entry, params)).changes;
      }),
  };

  // Transactions queue on `tail` (taken synchronously, so two can never both start); `pending` counts the queued and
  // running ones, and statements outside a transaction wait until there are none.
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  const whenFree = async (): Promise<void> => {
    while (pending > 0) await tail;
  };

  const inside: SqlClient = {
    dialect: 'sqlite',
    all: async (sql, params) => now.all(sql, params),
    get: async (sql, params) => now.get(sql, params),
    run: async (sql, params) => now.run(sql, params),
    transaction: (work) => work(inside),
  };

  return {
    dialect: 'sqlite',
    async all(sql, params) {
      if (pending > 0) await whenFree();
      return now.all(sql, params);
    },
    async get(sql, params) {
      if (pending > 0) await whenFree();
      return now.get(sql, params);
    },
    async run(sql, params) {
      if (pending > 0) await whenFree();
      return now.run(sql, params);
    },
    async transaction(work) {
      pending++;
      const previous = tail;
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      tail = previous.then(() => mine);
      try {
        await previous;
        // IMMEDIATE takes the write lock at once, so a transaction never fails half-way for another writer.
        classified(() => db.exec('BEGIN IMMEDIATE'));
        try {
          const result = await work(inside);
          classified(() => db.exec('COMMIT'));
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      } finally {
        pending--;
        release();
      }
    },
  };
}
