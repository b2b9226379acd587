import type { Db } from '../store/database.js';

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
  insert(record: FileRecord): void;
  get(id: string): FileRecord | undefined;
  listByTask(taskId: string): FileRecord[];
  delete(id: string): boolean;
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

export function createFileRepository(db: Db): FileRepository {
  const insert = db.prepare<[FileRow]>(
    'INSERT INTO files (id, name, path, size, mime, origin, task_id, created_at) VALUES (@id, @name, @path, @size, @mime, @origin, @task_id, @created_at)',
  );
  const get = db.prepare<[string], FileRow>('SELECT * FROM files WHERE id = ?');
  const listByTask = db.prepare<[string], FileRow>('SELECT * FROM files WHERE task_id = ? ORDER BY created_at, id');
  const remove = db.prepare<[string]>('DELETE FROM files WHERE id = ?');

  return {
    insert(record) {
      insert.run({
        id: record.id,
        name: record.name,
        path: record.path,
        size: record.size,
        mime: record.mime,
        origin: record.origin,
        task_id: record.taskId,
        created_at: record.createdAt,
      });
    },
    get(id) {
      const row = get.get(id);
      return row ? fromRow(row) : undefined;
    },
    listByTask(taskId) {
      return listByTask.all(taskId).map(fromRow);
    },
    delete(id) {
      return remove.run(id).changes > 0;
    },
  };
}
