import type { PostgresMigration } from './index.js';

// The workers that run jobs, with their heartbeats (SQLite's migration 007).
export const postgres002Workers: PostgresMigration = {
  version: 2,
  name: 'workers',
  sql: `
    CREATE TABLE workers (
      id text PRIMARY KEY,
      name text NOT NULL,
      kinds_json jsonb,
      concurrency integer NOT NULL,
      running integer NOT NULL DEFAULT 0,
      started_at bigint NOT NULL,
      heartbeat_at bigint NOT NULL
    );
    CREATE INDEX workers_by_heartbeat ON workers (heartbeat_at);
  `,
};
