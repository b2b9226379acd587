import { create } from 'zustand';
import type {
  ApiClient,
  Capabilities,
  GlossaryRecord,
  LanguageRecord,
  SubtitleStyleRecord,
  VoiceRecord,
} from '../api/client.js';

/** Lists the forms choose from; fetched once per session (voices once per language). */
interface CatalogState {
  languages: LanguageRecord[];
  styles: SubtitleStyleRecord[];
  glossaries: GlossaryRecord[];
  voices: Record<string, VoiceRecord[] | 'loading' | 'failed'>;
  /** Unknown until fetched (or when the fetch failed): the forms then offer every path. */
  capabilities?: Capabilities;
  loaded: boolean;
  error?: string;
  load(client: ApiClient): Promise<void>;
  loadVoices(client: ApiClient, language: string): Promise<void>;
  /** After an edit on the glossaries or styles page, so the create forms offer what is there now. */
  reloadGlossaries(client: ApiClient): Promise<void>;
  reloadStyles(client: ApiClient): Promise<void>;
}

export const useCatalog = create<CatalogState>()((set, get) => ({
  languages: [],
  styles: [],
  glossaries: [],
  voices: {},
  loaded: false,
  async load(client) {
    try {
      const [languages, styles, glossaries, capabilities] = await Promise.all([
        client.languages(),
        client.subtitleStyles(),
        client.glossaries(),
        client.capabilities().catch(() => undefined),
      ]);
      set({ languages, styles, glossaries, capabilities, loaded: true, error: undefined });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
  async reloadGlossaries(client) {
    set({ glossaries: await client.glossaries() });
  },
  async reloadStyles(client) {
    set({ styles: await client.subtitleStyles() });
  },
  async loadVoices(client, language) {
    if (!language || get().voices[language]) return;
    set((state) => ({ voices: { ...state.voices, [language]: 'loading' } }));
    try {
      const voices = await client.voices(language);
      set((state) => ({ voices: { ...state.voices, [language]: voices } }));
    } catch {
      set((state) => ({ voices: { ...state.voices, [language]: 'failed' } }));
    }
  },
}));
