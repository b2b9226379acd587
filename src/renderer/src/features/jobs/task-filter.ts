// Pure: the queue's filters.
import type { KindMeta } from '../../api/client.js';
import { isQueued } from '../../stores/kinds.js';

export type StatusFilter = 'all' | 'active' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
/** 'all' or a kind id of GET /v1/meta. */
export type KindFilter = string;

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Queued or running' },
  { value: 'queued', label: 'Queued' },
  { value: 'running', label: 'Running' },
  { value: 'done', label: 'Done' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** `kinds` (GET /v1/meta) says which status is each kind's queued one. */
export function matchesStatus(
  task: { kind: string; status: string },
  filter: StatusFilter,
  kinds: readonly KindMeta[],
): boolean {
  const { status } = task;
  const final = status === 'done' || status === 'failed' || status === 'cancelled';
  switch (filter) {
    case 'all':
      return true;
    case 'active':
      return !final;
    case 'queued':
      return isQueued(kinds, task);
    case 'running':
      return !final && !isQueued(kinds, task);
    default:
      return status === filter;
  }
}

export interface TaskFilter {
  status: StatusFilter;
  kind: KindFilter;
  /** Matches the input name or task id, case-insensitive. */
  text: string;
}

export const NO_FILTER: TaskFilter = { status: 'all', kind: 'all', text: '' };

export function filterTasks<T extends { status: string; kind: string; input_name: string | null; task_id: string }>(
  tasks: readonly T[],
  filter: TaskFilter,
  kinds: readonly KindMeta[],
): readonly T[] {
  if (filter.status === 'all' && filter.kind === 'all' && filter.text.trim() === '') return tasks;
  const text = filter.text.trim().toLowerCase();
  return tasks.filter(
    (task) =>
      matchesStatus(task, filter.status, kinds) &&
      (filter.kind === 'all' || task.kind === filter.kind) &&
      (text === '' ||
        (task.input_name ?? '').toLowerCase().includes(text) ||
        task.task_id.toLowerCase().includes(text)),
  );
}
