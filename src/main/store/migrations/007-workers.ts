import type { Migration } from './index.js';

// The workers that run jobs, each with a heartbeat: GET /v1/workers lists the live ones (on one machine, the service
// itself). `kinds_json` is the job kinds a worker takes, NULL for every kind.
export const migration007Workers: Migration = {
  version: 7,
  name: 'workers',
  sql: `
    CREATE TABLE workers (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      kinds_json TEXT,
      concurrency INTEGER NOT NULL,
      running INTEGER NOT NULL DEFAULT 0,
      started_at INTEGER NOT NULL,
      heartbeat_at INTEGER NOT NULL
    );
    CREATE INDEX workers_by_heartbeat ON workers (heartbeat_at);
  `,
};
