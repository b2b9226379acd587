import type { Migration } from './index.js';

// Tasks, their logs, uploaded and produced files, API keys, idempotency keys, callbacks outbox, settings.
export const migration001Core: Migration = {
  version: 1,
  name: 'core',
  sql: `
    CREATE TABLE tasks (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      status TEXT NOT NULL,
      stage TEXT,
      stage_progress REAL NOT NULL DEFAULT 0,
      progress REAL NOT NULL DEFAULT 0,
      request_json TEXT NOT NULL,
      result_json TEXT,
      err_code TEXT,
      err_message TEXT,
      callback_url TEXT,
      input_name TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL DEFAULT 3,
      run_after INTEGER NOT NULL DEFAULT 0,
      lease_token INTEGER NOT NULL DEFAULT 0,
      lease_owner TEXT,
      lease_expires_at INTEGER,
      retry_of TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      finished_at INTEGER
    );
    CREATE INDEX tasks_claimable ON tasks (run_after, created_at) WHERE status NOT IN ('done', 'failed', 'cancelled');
    CREATE INDEX tasks_by_created ON tasks (created_at DESC, id DESC);
    CREATE INDEX tasks_by_kind_status ON tasks (kind, status, created_at DESC);

    CREATE TABLE task_logs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      ts INTEGER NOT NULL,
      level TEXT NOT NULL,
      message TEXT NOT NULL
    );
    CREATE INDEX task_logs_by_task ON task_logs (task_id, id);

    CREATE TABLE files (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      path TEXT NOT NULL,
      size INTEGER NOT NULL,
      mime TEXT NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('upload', 'result')),
      task_id TEXT REFERENCES tasks(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX files_by_task ON files (task_id);

    CREATE TABLE api_keys (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      hash TEXT NOT NULL UNIQUE,
      prefix TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      last_used_at INTEGER,
      revoked_at INTEGER
    );

    CREATE TABLE idempotency_keys (
      key TEXT NOT NULL,
      route TEXT NOT NULL,
      task_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (key, route)
    );

    CREATE TABLE callback_outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id TEXT NOT NULL UNIQUE,
      task_id TEXT NOT NULL,
      url TEXT NOT NULL,
      body TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      delivered_at INTEGER,
      given_up_at INTEGER,
      last_error TEXT
    );
    CREATE INDEX callback_outbox_pending ON callback_outbox (task_id, id) WHERE delivered_at IS NULL AND given_up_at IS NULL;

    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );

    CREATE TABLE glossaries (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      source_language TEXT NOT NULL,
      target_language TEXT NOT NULL,
      entries_json TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );

    CREATE TABLE reusable_lipsync_models (
      id TEXT PRIMARY KEY,
      task_id TEXT NOT NULL,
      path TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
  `,
};
