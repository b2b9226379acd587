import type { SqlClient } from './sql.js';

export type LogLevel = 'info' | 'warn' | 'error';

export interface TaskLogLine {
  ts: number;
  level: LogLevel;
  message: string;
}

export type TaskLogsRepository = ReturnType<typeof createTaskLogsRepository>;

/** The per-task log a user reads in the task's detail view (stage timeline, warnings, timing figures). */
export function createTaskLogsRepository(db: SqlClient) {
  return {
    async append(taskId: string, level: LogLevel, message: string, now = Date.now()): Promise<void> {
      await db.run('INSERT INTO task_logs (task_id, ts, level, message) VALUES ($1, $2, $3, $4)', [
        taskId,
        now,
        level,
        message,
      ]);
    },
    tail(taskId: string, limit = 200): Promise<TaskLogLine[]> {
      return db.all<TaskLogLine>(
        `SELECT ts, level, message FROM (SELECT id, ts, level, message FROM task_logs WHERE ` +
          `task_id = $1 ORDER BY id DESC LIMIT $2) AS recent
        ORDER BY id`,
        [taskId, limit],
      );
    },
  };
}
