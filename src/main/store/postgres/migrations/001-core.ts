import type { PostgresMigration } from './index.js';

// Every table of the SQLite schema as it stands at its migration 006, in PostgreSQL's types: times stay epoch
// milliseconds (bigint), so records read the same from either database; JSON documents are jsonb, except a callback's
// body, whose exact bytes are signed.
export const postgres001Core: PostgresMigration = {
  version: 1,
  name: 'core',
  sql: `
    CREATE TABLE tasks (
      id text PRIMARY KEY,
      kind text NOT NULL,
      status text NOT NULL,
      stage text,
      stage_progress double precision NOT NULL DEFAULT 0,
      progress double precision NOT NULL DEFAULT 0,
      request_json jsonb NOT NULL,
      result_json jsonb,
      err_code text,
      err_message text,
      warnings_json jsonb,
      stages_json jsonb,
      callback_url text,
      input_name text,
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 3,
      run_after bigint NOT NULL DEFAULT 0,
      lease_token bigint NOT NULL DEFAULT 0,
      lease_owner text,
      lease_expires_at bigint,
      retry_of text,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL,
      finished_at bigint
    );
    CREATE INDEX tasks_claimable ON tasks (run_after, created_at) WHERE status NOT IN ('done', 'failed', 'cancelled');
    CREATE INDEX tasks_by_created ON tasks (created_at DESC, id DESC);
    CREATE INDEX tasks_by_kind_status ON tasks (kind, status, created_at DESC);

    CREATE TABLE task_logs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      task_id text NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      ts bigint NOT NULL,
      level text NOT NULL,
      message text NOT NULL
    );
    CREATE INDEX task_logs_by_task ON task_logs (task_id, id);

    CREATE TABLE files (
      id text PRIMARY KEY,
      name text NOT NULL,
      path text NOT NULL,
      size bigint NOT NULL,
      mime text NOT NULL,
      origin text NOT NULL CHECK (origin IN ('upload', 'result')),
      task_id text REFERENCES tasks(id) ON DELETE CASCADE,
      created_at bigint NOT NULL
    );
    CREATE INDEX files_by_task ON files (task_id);

    CREATE TABLE api_keys (
      id text PRIMARY KEY,
      name text NOT NULL,
      hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      role text NOT NULL DEFAULT 'jobs' CHECK (role IN ('admin', 'jobs')),
      created_at bigint NOT NULL,
      last_used_at bigint,
      revoked_at bigint
    );

    CREATE TABLE idempotency_keys (
      key text NOT NULL,
      route text NOT NULL,
      task_id text NOT NULL,
      created_at bigint NOT NULL,
      PRIMARY KEY (key, route)
    );

    CREATE TABLE callback_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id text NOT NULL UNIQUE,
      task_id text NOT NULL,
      url text NOT NULL,
      body text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at bigint NOT NULL,
      created_at bigint NOT NULL,
      delivered_at bigint,
      given_up_at bigint,
      last_error text
    );
    CREATE INDEX callback_outbox_pending ON callback_outbox (task_id, id) WHERE delivered_at IS NULL AND given_up_at IS NULL;

    CREATE TABLE settings (
      key text PRIMARY KEY,
      value text NOT NULL
    );

    CREATE TABLE glossaries (
      id text PRIMARY KEY,
      name text NOT NULL,
      source_language text NOT NULL,
      target_language text NOT NULL,
      entries_json jsonb NOT NULL,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL
    );

    CREATE TABLE reusable_lipsync_models (
      id text PRIMARY KEY,
      task_id text NOT NULL,
      path text NOT NULL,
      created_at bigint NOT NULL
    );

    CREATE TABLE subtitle_styles (
      id text PRIMARY KEY,
      name text NOT NULL,
      settings_json jsonb NOT NULL,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL
    );

    CREATE TABLE projects (
      id text PRIMARY KEY,
      task_id text NOT NULL UNIQUE REFERENCES tasks(id) ON DELETE CASCADE,
      kind text NOT NULL,
      source_language text NOT NULL,
      target_language text NOT NULL,
      media_duration_ms bigint NOT NULL,
      media_file_id text,
      waveform_file text,
      speaker_voices_json jsonb NOT NULL DEFAULT '{}',
      revision integer NOT NULL DEFAULT 0,
      next_segment integer NOT NULL DEFAULT 1,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL
    );

    CREATE TABLE project_segments (
      project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      id text NOT NULL,
      start_ms bigint NOT NULL,
      end_ms bigint NOT NULL,
      source_text text NOT NULL,
      target_text text NOT NULL,
      speaker text,
      voice_id text,
      box_json jsonb,
      block_id integer,
      revision integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'ok',
      fit_json jsonb,
      preview_json jsonb,
      PRIMARY KEY (project_id, id)
    );
    CREATE INDEX project_segments_by_time ON project_segments (project_id, start_ms, id);

    CREATE TABLE project_exports (
      project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      task_id text NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      created_at bigint NOT NULL,
      PRIMARY KEY (project_id, task_id)
    );
    CREATE INDEX project_exports_by_task ON project_exports (task_id);
  `,
};
