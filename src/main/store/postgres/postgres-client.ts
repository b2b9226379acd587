import type pg from 'pg';
import { DubDeskError } from '../../../shared/errors.js';
import { classifyPostgresFailure } from '../database-unavailable.js';
import type { SqlClient, SqlValue } from '../sql.js';
import type { PostgresPool } from './pool.js';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** PostgreSQL's text cannot hold U+0000 (SQLite's can): refused with the catalogue's error instead of a driver error. */
function checked(params: readonly SqlValue[]): SqlValue[] {
  if (params.some((value) => typeof value === 'string' && value.includes('\u0000'))) {
    throw new DubDeskError('invalid_request', 'Text with the NUL character (U+0000) cannot be stored.');
  }
  return params as SqlValue[];
}

function over(queryable: Queryable, transaction: SqlClient['transaction']): SqlClient {
  const query = async (sql: string, params: readonly SqlValue[]) => {
    const values = checked(params);
    try {
      return await queryable.query(sql, values);
    } catch (error) {
      throw classifyPostgresFailure(error);
    }
  };
  return {
    dialect: 'postgres',
    async all<Row>(sql: string, params: readonly SqlValue[] = []) {
      return (await query(sql, params)).rows as Row[];
    },
    async get<Row>(sql: string, params: readonly SqlValue[] = []) {
      return (await query(sql, params)).rows[0] as Row | undefined;
    },
    async run(sql, params = []) {
      return (await query(sql, params)).rowCount ?? 0;
    },
    transaction,
  };
}

/** A pg pool behind the SqlClient: each statement on any free connection; a transaction on one connection of its own. */
export function createPostgresClient(pool: PostgresPool): SqlClient {
  return over(pool, async (work) => {
    const connection = await pool.connect().catch((error: unknown) => {
      throw classifyPostgresFailure(error);
    });
    const tx: SqlClient = over(connection, (inner) => inner(tx));
    // A connection whose ROLLBACK failed (the server went away) is dropped, not handed to the next caller.
    let broken = false;
    // A checked-out connection has no listener of the pool's: its loss between statements would end the process.
    const onLost = () => {
      broken = true;
    };
    connection.on('error', onLost);
    try {
      await connection.query('BEGIN');
      const result = await work(tx);
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw classifyPostgresFailure(error);
    } finally {
      connection.off('error', onLost);
      connection.release(broken);
    }
  });
}
