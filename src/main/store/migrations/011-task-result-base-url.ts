import type { Migration } from './index.js';

// The address a task was created at (all-interfaces bind): its callbacks' result URLs name it; NULL: the service's own.
export const migration011TaskResultBaseUrl: Migration = {
  version: 11,
  name: 'task-result-base-url',
  sql: `
    ALTER TABLE tasks ADD COLUMN result_base_url TEXT;
  `,
};
