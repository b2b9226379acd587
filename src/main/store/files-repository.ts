import type { SqlClient } from './sql.js';

export type FileOrigin = 'upload' | 'result';

/** One row of `files`: an uploaded input or a task's result, stored under the data dir. */
export interface FileRecord {
  id: string;
  name: string;
  /** Relative to the data dir, '/'-separated, so the data dir can move. */
  path: string;
  size: number;
  mime: string;
  origin: FileOrigin;
  taskId: string | null;
  createdAt: number;
}

interface FileRow {
  id: string;
  name: string;
  path: string;
  size: number;
  mime: string;
  origin: FileOrigin;
  task_id: string | null;
  created_at: number;
}

export interface FileRepository {
  insert(record: FileRecord): Promise<void>;
  get(id: string): Promise<FileRecord | undefined>;
  listByTask(taskId: string): Promise<FileRecord[]>;
  delete(id: string): Promise<boolean>;
  /** Deletes a task's file rows at once and returns them (their bytes are the caller's to remove). */
  deleteForTask(taskId: string): Promise<FileRecord[]>;
}

const fromRow = (row: FileRow): FileRecord => ({
  id: row.id,
  name: row.name,
  path: row.path,
  size: row.size,
  mime: row.mime,
  origin: row.origin,
  taskId: row.task_id,
  createdAt: row.created_at,
});

/** The file records' table; the bytes live in the file store. */
export function createFileRepository(db: SqlClient): FileRepository {
  return {
    async insert(record) {
      await db.run(
        'INSERT INTO files (id, name, path, size, mime, origin, task_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [record.id, record.name, record.path, record.size, record.mime, record.origin, record.taskId, record.createdAt],
      );
    },
    async get(id) {
      const row = await db.get<FileRow>('SELECT * FROM files WHERE id = $1', [id]);
      return row ? fromRow(row) : undefined;
    },
    async listByTask(taskId) {
      return (await db.all<FileRow>('SELECT * FROM files WHERE task_id = $1 ORDER BY created_at, id', [taskId])).map(
        fromRow,
      );
    },
    async delete(id) {
      return (await db.run('DELETE FROM files WHERE id = $1', [id])) > 0;
    },
    async deleteForTask(taskId) {
      return (await db.all<FileRow>('DELETE FROM files WHERE task_id = $1 RETURNING *', [taskId])).map(fromRow);
    },
  };
}
