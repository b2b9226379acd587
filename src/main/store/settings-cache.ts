import type { SettingsRepository } from './settings-repository.js';

/** The settings as engines read them at each use (synchronously): loaded once and written through (one service per database). */
export interface SettingsCache {
  get(key: string): string | undefined;
  set(key: string, value: string): Promise<void>;
  /** Stores `value` unless the key has one; returns the stored value (see SettingsRepository.getOrInit). */
  getOrInit(key: string, value: string): Promise<string>;
}

export async function loadSettingsCache(repository: SettingsRepository): Promise<SettingsCache> {
  const values = await repository.all();
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
  };
}
