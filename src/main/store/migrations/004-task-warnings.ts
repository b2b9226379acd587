import type { Migration } from './index.js';

// Warnings of a job that finished anyway (e.g. a line spoken faster than the stretch cap): a JSON array, NULL when none.
export const migration004TaskWarnings: Migration = {
  version: 4,
  name: 'task-warnings',
  sql: `
    ALTER TABLE tasks ADD COLUMN warnings_json TEXT;
  `,
};
