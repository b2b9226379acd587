import type { PostgresMigration } from './index.js';

// The address a task was created at, for its callbacks' result URLs (SQLite's migration 011).
export const postgres006TaskResultBaseUrl: PostgresMigration = {
  version: 6,
  name: 'task-result-base-url',
  sql: `
    ALTER TABLE tasks ADD COLUMN result_base_url text;
  `,
};
