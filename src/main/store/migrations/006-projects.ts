import type { Migration } from './index.js';

// Editable projects: one per job that asked for one, its segments (the lines, with their revision for optimistic
// concurrency), and the tasks exported from it. Deleting the task deletes its project; deleting an exported task
// drops it from the project's list.
export const migration006Projects: Migration = {
  version: 6,
  name: 'projects',
  sql: `
    CREATE TABLE projects (
      id TEXT PRIMARY KEY,
      task_id TEXT NOT NULL UNIQUE REFERENCES tasks(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      source_language TEXT NOT NULL,
      target_language TEXT NOT NULL,
      media_duration_ms INTEGER NOT NULL,
      media_file_id TEXT,
      waveform_file TEXT,
      speaker_voices_json TEXT NOT NULL DEFAULT '{}',
      revision INTEGER NOT NULL DEFAULT 0,
      next_segment INTEGER NOT NULL DEFAULT 1,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );

    CREATE TABLE project_segments (
      project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      start_ms INTEGER NOT NULL,
      end_ms INTEGER NOT NULL,
      source_text TEXT NOT NULL,
      target_text TEXT NOT NULL,
      speaker TEXT,
      voice_id TEXT,
      box_json TEXT,
      block_id INTEGER,
      revision INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL DEFAULT 'ok',
      fit_json TEXT,
      preview_json TEXT,
      PRIMARY KEY (project_id, id)
    );
    CREATE INDEX project_segments_by_time ON project_segments (project_id, start_ms, id);

    CREATE TABLE project_exports (
      project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (project_id, task_id)
    );
    CREATE INDEX project_exports_by_task ON project_exports (task_id);
  `,
};
