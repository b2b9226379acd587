import { useEffect, useState } from 'react';
import { isFinalStatus } from '../../../../shared/jobs.js';
import type { ApiClient, TaskSummary } from '../../api/client.js';
import { useNotices } from '../../stores/notices.js';
import { useTasks } from '../../stores/tasks.js';
import { useView } from '../../stores/view.js';

/** Cancel, retry and delete; delete asks once more on the same button so no dialog takes the focus away. */
export function TaskActions({
  client,
  task,
  compact = false,
}: {
  client: ApiClient;
  task: TaskSummary;
  compact?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const push = useNotices((s) => s.push);
  const name = task.input_name ?? task.task_id;
  const small = compact ? ' small' : '';

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), 4000);
    return () => clearTimeout(timer);
  }, [confirming]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      push(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  const canRetry = task.status === 'failed' || task.status === 'cancelled';
  return (
    <div className="task-actions">
      {!isFinalStatus(task.status) ? (
        <button
          type="button"
          className={`secondary${small}`}
          disabled={busy}
          aria-label={`Cancel ${name}`}
          onClick={() =>
            void run(async () => {
              useTasks.getState().upsert(await client.cancelTask(task.task_id));
            })
          }
        >
          Cancel
        </button>
      ) : null}
      {canRetry ? (
        <button
          type="button"
          className={`secondary${small}`}
          disabled={busy}
          aria-label={`Retry ${name}`}
          onClick={() =>
            void run(async () => {
              const retried = await client.retryTask(task.task_id);
              useTasks.getState().upsert(retried);
              push(`Retrying ${name} as a new task.`);
              if (!compact) useView.getState().show({ name: 'task', taskId: retried.task_id });
            })
          }
        >
          Retry
        </button>
      ) : null}
      <button
        type="button"
        className={`${confirming ? 'danger' : 'secondary'}${small}`}
        disabled={busy}
        aria-label={confirming ? `Confirm deleting ${name}` : `Delete ${name}`}
        onClick={() => {
          if (!confirming) {
            setConfirming(true);
            return;
          }
          void run(async () => {
            await client.deleteTask(task.task_id);
            useTasks.getState().remove(task.task_id);
            if (!compact) useView.getState().show({ name: 'tasks' });
          });
        }}
      >
        {confirming ? 'Really delete?' : 'Delete'}
      </button>
    </div>
  );
}
