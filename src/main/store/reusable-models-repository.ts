import type { SqlClient } from './sql.js';

export interface ReusableModelRecord {
  id: string;
  taskId: string;
  /** Folder (relative to the data dir) holding what new audio needs: face track, aligned crops, frames. */
  path: string;
  createdAt: number;
}

export type ReusableModelsRepository = ReturnType<typeof createReusableModelsRepository>;

// Quoted aliases: PostgreSQL folds unquoted names to lower case.
const COLUMNS = 'id, task_id AS "taskId", path, created_at AS "createdAt"';

export function createReusableModelsRepository(db: SqlClient) {
  return {
    async insert(record: ReusableModelRecord): Promise<void> {
      await db.run('INSERT INTO reusable_lipsync_models (id, task_id, path, created_at) VALUES ($1, $2, $3, $4)', [
        record.id,
        record.taskId,
        record.path,
        record.createdAt,
      ]);
    },
    get(id: string): Promise<ReusableModelRecord | undefined> {
      return db.get<ReusableModelRecord>(`SELECT ${COLUMNS} FROM reusable_lipsync_models WHERE id = $1`, [id]);
    },
    list(): Promise<ReusableModelRecord[]> {
      return db.all<ReusableModelRecord>(`SELECT ${COLUMNS} FROM reusable_lipsync_models ORDER BY created_at`);
    },
    async delete(id: string): Promise<boolean> {
      return (await db.run('DELETE FROM reusable_lipsync_models WHERE id = $1', [id])) > 0;
    },
  };
}
