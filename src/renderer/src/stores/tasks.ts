import { create } from 'zustand';
import { isFinalStatus } from '../../../shared/jobs.js';
import type { ApiClient, TaskSummary } from '../api/client.js';
import { addSample, type ProgressSample } from '../features/jobs/eta.js';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** Pages of this size load one after another until every task is known. */
const PAGE_SIZE = 500;

/** Pure: the later of two records of one task (a list fetched slowly must not undo a newer event). */
export function laterRecord(known: TaskSummary | undefined, incoming: TaskSummary): TaskSummary {
  if (known?.updated_at && incoming.updated_at && known.updated_at > incoming.updated_at) return known;
  return incoming;
}

const newestFirst = (a: TaskSummary, b: TaskSummary) =>
  b.created_at.localeCompare(a.created_at) || b.task_id.localeCompare(a.task_id);

/** Pure: the list with `task` in place of its older record, newest task first (in place when it is known: no re-sort). */
export function upsertTask(tasks: readonly TaskSummary[], task: TaskSummary): TaskSummary[] {
  const at = tasks.findIndex((t) => t.task_id === task.task_id);
  if (at >= 0) {
    const chosen = laterRecord(tasks[at], task);
    if (chosen === tasks[at]) return tasks as TaskSummary[];
    const next = tasks.slice();
    next[at] = chosen;
    return next;
  }
  // New tasks are nearly always the newest: find the slot from the top.
  let slot = 0;
  while (slot < tasks.length && newestFirst(tasks[slot], task) < 0) slot++;
  return [...tasks.slice(0, slot), task, ...tasks.slice(slot)];
}

/** Pure: merges a fetched page into the known list; newer known records win. */
export function mergeTasks(known: readonly TaskSummary[], fetched: readonly TaskSummary[]): TaskSummary[] {
  const byId = new Map(known.map((t) => [t.task_id, t]));
  for (const task of fetched) byId.set(task.task_id, laterRecord(byId.get(task.task_id), task));
  return [...byId.values()].sort(newestFirst);
}

/** Pure: a task's progress history with this record added (for the time-left estimate). */
export function recordProgress(
  history: Readonly<Record<string, ProgressSample[]>>,
  task: TaskSummary,
): Record<string, ProgressSample[]> {
  if (isFinalStatus(task.status)) {
    if (!(task.task_id in history)) return history as Record<string, ProgressSample[]>;
    const { [task.task_id]: _gone, ...rest } = history;
    return rest;
  }
  const at = Date.parse(task.updated_at);
  if (!Number.isFinite(at)) return history as Record<string, ProgressSample[]>;
  return { ...history, [task.task_id]: addSample(history[task.task_id] ?? [], { at, progress: task.progress }) };
}

interface TasksState {
  tasks: TaskSummary[];
  /** True until the first page has arrived. */
  loading: boolean;
  /** True while later pages are still coming. */
  loadingMore: boolean;
  error?: Error;
  live: LiveState;
  progress: Record<string, ProgressSample[]>;
  load(client: ApiClient): Promise<void>;
  upsert(task: TaskSummary): void;
  remove(taskId: string): void;
  setLive(live: LiveState): void;
}

let loadGeneration = 0;
/** Tasks that came by event while a load ran: they are current even when no page listed them. */
const arrivedDuringLoad = new Set<string>();

export const useTasks = create<TasksState>()((set) => ({
  tasks: [],
  loading: true,
  loadingMore: false,
  live: 'connecting',
  progress: {},
  async load(client) {
    const generation = ++loadGeneration;
    try {
      let cursor: string | undefined;
      const seen = new Set<string>();
      arrivedDuringLoad.clear();
      do {
        const page = await client.listTasks({ limit: PAGE_SIZE, cursor });
        // A newer load (e.g. after a reconnect) took over.
        if (generation !== loadGeneration) return;
        for (const task of page.tasks) seen.add(task.task_id);
        cursor = page.next_cursor ?? undefined;
        set((state) => ({
          // After the last page, a task no page listed and no event brought was deleted while we were away.
          tasks: mergeTasks(
            cursor ? state.tasks : state.tasks.filter((t) => seen.has(t.task_id) || arrivedDuringLoad.has(t.task_id)),
            page.tasks,
          ),
          loading: false,
          loadingMore: Boolean(cursor),
          error: undefined,
        }));
      } while (cursor);
    } catch (error) {
      if (generation === loadGeneration)
        set({ loading: false, loadingMore: false, error: error instanceof Error ? error : new Error(String(error)) });
    }
  },
  upsert(task) {
    arrivedDuringLoad.add(task.task_id);
    set((state) => ({ tasks: upsertTask(state.tasks, task), progress: recordProgress(state.progress, task) }));
  },
  remove(taskId) {
    set((state) => ({ tasks: state.tasks.filter((t) => t.task_id !== taskId) }));
  },
  setLive(live) {
    set({ live });
  },
}));
