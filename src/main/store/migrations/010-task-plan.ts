import type { Migration } from './index.js';

// The plan a job was created with (docs/api.md "Job plan"): JSON, NULL for tasks created before plans were stored.
export const migration010TaskPlan: Migration = {
  version: 10,
  name: 'task-plan',
  sql: `
    ALTER TABLE tasks ADD COLUMN plan_json TEXT;
  `,
};
