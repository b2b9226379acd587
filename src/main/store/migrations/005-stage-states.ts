import type { Migration } from './index.js';

// Each stage's state as the runner records it: a JSON array of {name, state, reason?}. A task still to run starts
// with none recorded (its stages show pending); a task that finished before this migration keeps NULL, since which
// of its stages ran or were skipped was never recorded.
export const migration005StageStates: Migration = {
  version: 5,
  name: 'stage-states',
  sql: `
    ALTER TABLE tasks ADD COLUMN stages_json TEXT;
    UPDATE tasks SET stages_json = '[]' WHERE status NOT IN ('done', 'failed', 'cancelled');
  `,
};
