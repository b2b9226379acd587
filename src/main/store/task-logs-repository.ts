import type { Db } from './database.js';

export type LogLevel = 'info' | 'warn' | 'error';

export interface TaskLogLine {
  ts: number;
  level: LogLevel;
  message: string;
}

export type TaskLogsRepository = ReturnType<typeof createTaskLogsRepository>;

/** The per-task log a user reads in the task's detail view (stage timeline, warnings, timing figures). */
export function createTaskLogsRepository(db: Db) {
  const append = db.prepare('INSERT INTO task_logs (task_id, ts, level, message) VALUES (?, ?, ?, ?)');
  const tail = db.prepare('SELECT ts, level, message FROM (SELECT id, ts, level, message FROM task_logs WHERE task_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id');
  return {
    append(taskId: string, level: LogLevel, message: string, now = Date.now()): void {
      append.run(taskId, now, level, message);
    },
    tail(taskId: string, limit = 200): TaskLogLine[] {
      return tail.all(taskId, limit) as TaskLogLine[];
    },
  };
}
