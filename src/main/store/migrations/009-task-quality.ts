import type { Migration } from './index.js';

// The quality report a finished job carries (docs/api.md "Quality report"): JSON, NULL until the job is done.
export const migration009TaskQuality: Migration = {
  version: 9,
  name: 'task-quality',
  sql: `
    ALTER TABLE tasks ADD COLUMN quality_json TEXT;
  `,
};
