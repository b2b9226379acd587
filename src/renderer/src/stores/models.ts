import { create } from 'zustand';
import type { ApiClient, ModelEvent, ModelRecord } from '../api/client.js';

/** Pure: the model list with an install event applied. */
export function applyModelEvent(models: readonly ModelRecord[], event: ModelEvent): ModelRecord[] {
  return models.map((model) => {
    if (model.id !== event.id) return model;
    const { id: _id, ...install } = event;
    return {
      ...model,
      install,
      installed: event.state === 'installed' ? true : event.state === 'removed' ? false : model.installed,
    };
  });
}

interface ModelsState {
  models: ModelRecord[];
  loaded: boolean;
  error?: string;
  load(client: ApiClient): Promise<void>;
  applyEvent(event: ModelEvent): void;
}

export const useModels = create<ModelsState>()((set) => ({
  models: [],
  loaded: false,
  async load(client) {
    try {
      set({ models: await client.models(), loaded: true, error: undefined });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
  applyEvent(event) {
    set((state) => ({ models: applyModelEvent(state.models, event) }));
  },
}));
