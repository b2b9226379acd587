// A page of tasks, newest first, and the opaque cursor that continues it.
import { DubDeskError } from '../../shared/errors.js';
import type { JobKind } from '../../shared/jobs.js';
import type { SqlClient, SqlValue } from './sql.js';
import { taskFromRow, type TaskRecord, type TaskRow } from './task-records.js';

export interface TaskListQuery {
  kind?: JobKind;
  status?: string;
  limit: number;
  /** Opaque position from the previous page: `<created_at>:<id>`. */
  cursor?: string;
}

export async function listTasks(
  db: SqlClient,
  query: TaskListQuery,
): Promise<{ tasks: TaskRecord[]; nextCursor: string | null }> {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const param = (value: SqlValue) => `$${params.push(value)}`;
  if (query.kind) where.push(`kind = ${param(query.kind)}`);
  if (query.status) where.push(`status = ${param(query.status)}`);
  if (query.cursor) {
    const [createdAt, id] = query.cursor.split(':');
    if (!/^\d{1,15}$/.test(createdAt ?? '') || id === undefined) {
      throw new DubDeskError(
        'invalid_request',
        'cursor is not one this service handed out; pass a next_cursor from an earlier page, or none for the first page.',
      );
    }
    const created = param(Number(createdAt));
    where.push(`(created_at < ${created} OR (created_at = ${created} AND id < ${param(id)}))`);
  }
  const sql =
    `SELECT * FROM tasks ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ` +
    `created_at DESC, id DESC LIMIT ${param(query.limit + 1)}`;
  const rows = (await db.all<TaskRow>(sql, params)).map(taskFromRow);
  const more = rows.length > query.limit;
  const tasks = more ? rows.slice(0, query.limit) : rows;
  const last = tasks.at(-1);
  return { tasks, nextCursor: more && last ? `${last.createdAt}:${last.id}` : null };
}
