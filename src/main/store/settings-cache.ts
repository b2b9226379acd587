import type { SettingsRepository } from './settings-repository.js';

/** The settings as engines read them at each use (synchronously): loaded once, written through, reloaded when another node changes them. */
export interface SettingsCache {
  get(key: string): string | undefined;
  set(key: string, value: string): Promise<void>;
  /** Stores `value` unless the key has one; returns the stored value (see SettingsRepository.getOrInit). */
  getOrInit(key: string, value: string): Promise<string>;
  /** Reads every setting again (another node sharing the database changed one). */
  reload(): Promise<void>;
  /** Called after each change made through this cache (the core tells the other nodes). */
  onChange?: () => void;
}

export async function loadSettingsCache(repository: SettingsRepository): Promise<SettingsCache> {
  let values = await repository.all();
  const cache: SettingsCache = {
    get: (key) => values.get(key),
    async set(key, value) {
      await repository.set(key, value);
      values.set(key, value);
      cache.onChange?.();
    },
    async getOrInit(key, value) {
      const stored = await repository.getOrInit(key, value);
      values.set(key, stored);
      return stored;
    },
    async reload() {
      values = await repository.all();
    },
  };
  return cache;
}
