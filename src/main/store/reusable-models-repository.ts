import type { Db } from './database.js';

export interface ReusableModelRecord {
  id: string;
  taskId: string;
  /** Folder (relative to the data dir) holding what new audio needs: face track, aligned crops, frames. */
  path: string;
  createdAt: number;
}

export type ReusableModelsRepository = ReturnType<typeof createReusableModelsRepository>;

export function createReusableModelsRepository(db: Db) {
  const statements = {
    insert: db.prepare('INSERT INTO reusable_lipsync_models (id, task_id, path, created_at) VALUES (?, ?, ?, ?)'),
    get: db.prepare('SELECT id, task_id AS taskId, path, created_at AS createdAt FROM reusable_lipsync_models WHERE id = ?'),
    list: db.prepare('SELECT id, task_id AS taskId, path, created_at AS createdAt FROM reusable_lipsync_models ORDER BY created_at'),
    delete: db.prepare('DELETE FROM reusable_lipsync_models WHERE id = ?'),
  };
  return {
    insert(record: ReusableModelRecord): void {
      statements.insert.run(record.id, record.taskId, record.path, record.createdAt);
    },
    get(id: string): ReusableModelRecord | undefined {
      return statements.get.get(id) as ReusableModelRecord | undefined;
    },
    list(): ReusableModelRecord[] {
      return statements.list.all() as ReusableModelRecord[];
    },
    delete(id: string): boolean {
      return statements.delete.run(id).changes > 0;
    },
  };
}
