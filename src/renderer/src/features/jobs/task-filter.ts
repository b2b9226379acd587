// Pure: the queue's filters.
import type { JobKind } from '../../../../shared/jobs.js';
import { isQueued } from './labels.js';

export type StatusFilter = 'all' | 'active' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type KindFilter = 'all' | JobKind;

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Queued or running' },
  { value: 'queued', label: 'Queued' },
  { value: 'running', label: 'Running' },
  { value: 'done', label: 'Done' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
];

export function matchesStatus(status: string, filter: StatusFilter): boolean {
  const final = status === 'done' || status === 'failed' || status === 'cancelled';
  switch (filter) {
    case 'all':
      return true;
    case 'active':
      return !final;
    case 'queued':
      return isQueued(status);
    case 'running':
      return !final && !isQueued(status);
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

export function filterTasks<T extends { status: string; kind: string; input_name: string | null; task_id: string }>(tasks: readonly T[], filter: TaskFilter): readonly T[] {
  if (filter.status === 'all' && filter.kind === 'all' && filter.text.trim() === '') return tasks;
  const text = filter.text.trim().toLowerCase();
  return tasks.filter((task) =>
    matchesStatus(task.status, filter.status) &&
    (filter.kind === 'all' || task.kind === filter.kind) &&
    (text === '' || (task.input_name ?? '').toLowerCase().includes(text) || task.task_id.toLowerCase().includes(text)));
}
