import { create } from 'zustand';
import type { ApiClient, KindMeta } from '../api/client.js';

// The job kinds as GET /v1/meta lists them: the GUI restates none of their titles, routes or statuses.

/** Pure: the kind of that id as GET /v1/meta lists it; undefined before it answers or for a kind this service no longer has. */
export function kindOf(kinds: readonly KindMeta[], id: string): KindMeta | undefined {
  return kinds.find((kind) => kind.id === id);
}

/** Pure: the kind's title as a heading or label shows it (kind modules write titles to fit mid-sentence, in lower case). */
export function kindTitle(kinds: readonly KindMeta[], id: string): string {
  const title = kindOf(kinds, id)?.title;
  // Before GET /v1/meta answers, or for a kind this service no longer has: the id as the API names it.
  return title ? title.charAt(0).toUpperCase() + title.slice(1) : id;
}

/** Pure: the route that creates a job of that kind; undefined for a kind the service did not list. */
export function createRouteOf(kinds: readonly KindMeta[], id: string): string | undefined {
  return kindOf(kinds, id)?.create_route;
}

/** Pure: the task still waits in the queue: it is in its kind's first status (`pending`, `queuing`, ...). */
export function isQueued(kinds: readonly KindMeta[], task: { kind: string; status: string }): boolean {
  return kindOf(kinds, task.kind)?.statuses[0] === task.status;
}

interface KindsState {
  kinds: KindMeta[];
  loaded: boolean;
  error?: string;
  /** Fetches GET /v1/meta once per session; later calls answer with the kinds already fetched. */
  load(client: ApiClient): Promise<KindMeta[]>;
}

let pending: Promise<KindMeta[]> | undefined;

export const useKinds = create<KindsState>()((set, get) => ({
  kinds: [],
  loaded: false,
  load(client) {
    if (get().loaded) return Promise.resolve(get().kinds);
    pending ??= client.meta().then(
      ({ kinds }) => {
        set({ kinds, loaded: true, error: undefined });
        return kinds;
      },
      (error: unknown) => {
        pending = undefined;
        set({ error: error instanceof Error ? error.message : String(error) });
        throw error;
      },
    );
    return pending;
  },
}));
