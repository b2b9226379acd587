import type { Db } from './database.js';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/** Small key/value settings kept in the database (concurrency, ffmpeg path, ...). */
export function createSettingsRepository(db: Db) {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?');
  const set = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  return {
    get(key: string): string | undefined {
      return (get.get(key) as { value: string } | undefined)?.value;
    },
    set(key: string, value: string): void {
      set.run(key, value);
    },
  };
}
