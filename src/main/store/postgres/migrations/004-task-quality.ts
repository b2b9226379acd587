import type { PostgresMigration } from './index.js';

// The quality report a finished job carries (SQLite's migration 009).
export const postgres004TaskQuality: PostgresMigration = {
  version: 4,
  name: 'task-quality',
  sql: `
    ALTER TABLE tasks ADD COLUMN quality_json jsonb;
  `,
};
