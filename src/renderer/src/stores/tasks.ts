import { create } from 'zustand';
import type { ApiClient, TaskSummary } from '../api/client.js';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** Pure: the later of two records of one task (a list fetched slowly must not undo a newer event). */
export function laterRecord(known: TaskSummary | undefined, incoming: TaskSummary): TaskSummary {
  if (known?.updated_at && incoming.updated_at && known.updated_at > incoming.updated_at) return known;
  return incoming;
}

/** Pure: the list with `task` in place of its older record, newest task first. */
export function upsertTask(tasks: readonly TaskSummary[], task: TaskSummary): TaskSummary[] {
  const known = tasks.find((t) => t.task_id === task.task_id);
  const rest = tasks.filter((t) => t.task_id !== task.task_id);
  return [laterRecord(known, task), ...rest].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

interface TasksState {
  tasks: TaskSummary[];
  /** True until the first page has arrived. */
  loading: boolean;
  error?: Error;
  live: LiveState;
  load(client: ApiClient): Promise<void>;
  upsert(task: TaskSummary): void;
  remove(taskId: string): void;
  setLive(live: LiveState): void;
}

export const useTasks = create<TasksState>()((set) => ({
  tasks: [],
  loading: true,
  live: 'connecting',
  async load(client) {
    try {
      const page = await client.listTasks({ limit: 100 });
      set((state) => {
        const known = new Map(state.tasks.map((t) => [t.task_id, t]));
        const tasks = page.tasks.map((t) => laterRecord(known.get(t.task_id), t)).reduce<TaskSummary[]>(upsertTask, []);
        return { tasks, loading: false, error: undefined };
      });
    } catch (error) {
      set({ loading: false, error: error instanceof Error ? error : new Error(String(error)) });
    }
  },
  upsert(task) {
    set((state) => ({ tasks: upsertTask(state.tasks, task) }));
  },
  remove(taskId) {
    set((state) => ({ tasks: state.tasks.filter((t) => t.task_id !== taskId) }));
  },
  setLive(live) {
    set({ live });
  },
}));
