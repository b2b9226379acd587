// When a task finishes, a system notification (if the user allowed them).
import { isFinalStatus } from '../../../../shared/jobs.js';
import type { KindMeta, TaskSummary } from '../../api/client.js';
import { kindTitle, useKinds } from '../../stores/kinds.js';

/** Pure: a task seen running in this session has just ended done or failed (not cancelled: the user did that). */
export function finishedJustNow(previous: TaskSummary | undefined, next: TaskSummary): boolean {
  return (
    previous !== undefined && !isFinalStatus(previous.status) && (next.status === 'done' || next.status === 'failed')
  );
}

/** Pure: the notification's words. */
export function notificationText(task: TaskSummary, kinds: readonly KindMeta[]): { title: string; body: string } {
  const name = task.input_name ?? task.task_id;
  const what = kindTitle(kinds, task.kind);
  return task.status === 'done'
    ? { title: `${what} finished`, body: `${name} is ready.` }
    : { title: `${what} failed`, body: `${name}: ${task.err_message ?? 'see the task for details.'}` };
}

export function notifyFinished(task: TaskSummary, open: (taskId: string) => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { title, body } = notificationText(task, useKinds.getState().kinds);
  const notification = new Notification(title, { body, tag: task.task_id });
  notification.onclick = () => {
    window.focus();
    open(task.task_id);
  };
}
