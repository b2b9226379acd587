// The record of which tasks were exported from which project.
import type { SqlClient } from './sql.js';

/** A project's exports, kept in `db`. */
export function createProjectExports(db: SqlClient) {
  return {
    /** Records an export; each is stamped after the project's previous one, so newest-first is a total order. */
    addExport(projectId: string, taskId: string, now: number): Promise<void> {
      return db.transaction(async (tx) => {
        const last =
          (
            await tx.get<{ at: number | null }>(
              'SELECT MAX(created_at) AS at FROM project_exports WHERE project_id = $1',
              [projectId],
            )
          )?.at ?? null;
        await tx.run(
          'INSERT INTO project_exports (project_id, task_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [projectId, taskId, Math.max(now, (last ?? 0) + 1)],
        );
      });
    },
    /** Tasks exported from the project that still exist, newest first. */
    exports: async (projectId: string): Promise<string[]> =>
      (
        await db.all<{ task_id: string }>(
          'SELECT task_id FROM project_exports WHERE project_id = $1 ORDER BY created_at DESC',
          [projectId],
        )
      ).map((row) => row.task_id),
    /** The project a task was exported from, if any. */
    exportedFrom: async (taskId: string): Promise<string | undefined> =>
      (await db.get<{ project_id: string }>('SELECT project_id FROM project_exports WHERE task_id = $1', [taskId]))
        ?.project_id,
  };
}
