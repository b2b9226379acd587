import type { SqlClient } from './sql.js';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/** Small key/value settings kept in the database (concurrency, ffmpeg path, ...). */
export function createSettingsRepository(db: SqlClient) {
  return {
    async get(key: string): Promise<string | undefined> {
      return (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))?.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db.run(
        'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
    },
    async all(): Promise<Map<string, string>> {
      return new Map(
        (await db.all<{ key: string; value: string }>('SELECT key, value FROM settings')).map((row) => [
          row.key,
          row.value,
        ]),
      );
    },
    /**
     * Stores `value` unless the key has one, and returns the stored value: every node that races to make a secret
     * ends up with the same one.
     */
    async getOrInit(key: string, value: string): Promise<string> {
      await db.run('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
      return (await this.get(key))!;
    },
  };
}
