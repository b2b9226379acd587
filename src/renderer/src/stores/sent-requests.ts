import { create } from 'zustand';
import type { JobKind } from '../../../shared/jobs.js';

const STORAGE_KEY = 'dubdesk.sentRequests';
/** Oldest requests are forgotten past this many, so storage stays small. */
const MAX_KEPT = 1000;

/** What the GUI sent to create a task: GET /v1/tasks/:id does not return the request, so it is kept here. */
export interface SentRequest {
  kind: JobKind;
  path: string;
  body: Record<string, unknown>;
  /** Names of the input files, by request field. */
  inputNames: Record<string, string>;
}

/** Pure: the map with one more entry, trimmed to the newest `max`. */
export function rememberRequest(known: Readonly<Record<string, SentRequest>>, taskId: string, request: SentRequest, max = MAX_KEPT): Record<string, SentRequest> {
  const entries = Object.entries(known).filter(([id]) => id !== taskId);
  entries.push([taskId, request]);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - max)));
}

function read(): Record<string, SentRequest> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, SentRequest>;
  } catch {
    return {};
  }
}

interface SentRequestsState {
  requests: Record<string, SentRequest>;
  remember(taskId: string, request: SentRequest): void;
  /** A retry runs the same request: its new task inherits the old one's. */
  inherit(newTaskId: string, oldTaskId: string): void;
}

export const useSentRequests = create<SentRequestsState>()((set, get) => ({
  requests: typeof localStorage === 'undefined' ? {} : read(),
  remember(taskId, request) {
    const requests = rememberRequest(get().requests, taskId, request);
    set({ requests });
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(requests));
    } catch {
      // Storage full or disabled: the request is still known for this session.
    }
  },
  inherit(newTaskId, oldTaskId) {
    const old = get().requests[oldTaskId];
    if (old) get().remember(newTaskId, old);
  },
}));
