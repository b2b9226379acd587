import type { SettingsRepository } from './settings-repository.js';

/** The settings as engines read them at each use (synchronously): loaded once, written through, refreshed on demand. */
export interface SettingsCache {
  get(key: string): string | undefined;
  set(key: string, value: string): Promise<void>;
  /** Stores `value` unless the key has one; returns the stored value (see SettingsRepository.getOrInit). */
  getOrInit(key: string, value: string): Promise<string>;
  /** Re-reads the table: another node may have changed a setting. */
  refresh(): Promise<void>;
}

export async function loadSettingsCache(repository: SettingsRepository): Promise<SettingsCache> {
  let values = await repository.all();
  return {
    get: (key) => values.get(key),
    async set(key, value) {
      await repository.set(key, value);
      values.set(key, value);
    },
    async getOrInit(key, value) {
      const stored = await repository.getOrInit(key, value);
      values.set(key, stored);
      return stored;
    },
    async refresh() {
      values = await repository.all();
    },
  };
}
