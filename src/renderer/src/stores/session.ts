import { create } from 'zustand';
import { createApiClient, type ApiClient } from '../api/client.js';

const STORAGE_KEY = 'dubdesk.apiKey';

/** Pure: the key in a `#key=...` fragment, if any. */
export function keyFromFragment(hash: string): string | undefined {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key ? key : undefined;
}

/**
 * Takes the session key the service put in the address, keeps it for this tab only, and removes it
 * from the address bar so it is not bookmarked, shared or kept in history.
 */
export function adoptKeyFromLocation(): string | undefined {
  const fromFragment = keyFromFragment(window.location.hash);
  if (fromFragment) {
    sessionStorage.setItem(STORAGE_KEY, fromFragment);
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
    return fromFragment;
  }
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

interface SessionState {
  apiKey?: string;
  client?: ApiClient;
  /** Why the last key was let go, shown above the key form. */
  notice?: string;
  signIn(apiKey: string): void;
  signOut(notice?: string): void;
}

export const useSession = create<SessionState>()((set) => ({
  signIn(apiKey) {
    sessionStorage.setItem(STORAGE_KEY, apiKey);
    set({ apiKey, client: createApiClient({ apiKey }), notice: undefined });
  },
  signOut(notice) {
    sessionStorage.removeItem(STORAGE_KEY);
    set({ apiKey: undefined, client: undefined, notice });
  },
}));
