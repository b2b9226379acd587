import type { Migration } from './index.js';

// User subtitle styles; built-in styles live in code. Settings are JSON so a new style field needs no migration.
export const migration002SubtitleStyles: Migration = {
  version: 2,
  name: 'subtitle-styles',
  sql: `
    CREATE TABLE subtitle_styles (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      settings_json TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
  `,
};
