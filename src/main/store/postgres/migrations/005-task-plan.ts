import type { PostgresMigration } from './index.js';

// The plan a job was created with (SQLite's migration 010).
export const postgres005TaskPlan: PostgresMigration = {
  version: 5,
  name: 'task-plan',
  sql: `
    ALTER TABLE tasks ADD COLUMN plan_json jsonb;
  `,
};
