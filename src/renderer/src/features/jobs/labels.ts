// Pure: words the GUI shows for kinds and statuses (kind titles come from GET /v1/meta, stage labels with each task's recorded stages).
import { isFinalStatus } from '../../../../shared/jobs.js';
import { findLanguage } from '../../../../shared/languages.js';
import type { KindMeta, TaskSummary } from '../../api/client.js';
import { kindTitle } from '../../stores/kinds.js';

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function isActive(status: string): boolean {
  return !isFinalStatus(status);
}

type RowFields = Pick<TaskSummary, 'task_id' | 'kind' | 'input_name' | 'inputs' | 'target_language'>;

/** The row's name; a lip-sync shows both its inputs, so one face driven by different audio reads differently. */
export function taskName(task: RowFields): string {
  if (task.kind === 'lipsync' && task.inputs && task.inputs.length > 1)
    return task.inputs.map((input) => input.name).join(' + ');
  return task.input_name ?? task.task_id;
}

/** The kind, and for translations the language translated into, e.g. "Translate and dub → German". */
export function taskKindLabel(task: RowFields, kinds: readonly KindMeta[]): string {
  const kind = kindTitle(kinds, task.kind);
  if (!task.target_language) return kind;
  return `${kind} → ${findLanguage(task.target_language)?.name ?? task.target_language}`;
}
