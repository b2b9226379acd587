import type { JobKind } from '../../../../shared/jobs.js';
import type { TaskSummary } from '../../api/client.js';

const KIND_LABELS: Record<JobKind, string> = {
  lipsync: 'Lip-sync',
  reusable_lipsync: 'Lip-sync (reusable model)',
  translate: 'Translate and dub',
  frame_translate: 'Visual translation',
};

function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

function TaskRow({ task }: { task: TaskSummary }) {
  const name = task.input_name ?? task.task_id;
  const percent = Math.round(Math.min(1, Math.max(0, task.progress)) * 100);
  return (
    <li className="task" data-status={task.status}>
      <div className="task-head">
        <span className="task-name">{name}</span>
        <span className="task-status">{statusLabel(task.status)}</span>
      </div>
      <div className="task-meta">
        {KIND_LABELS[task.kind] ?? task.kind} · started <time dateTime={task.created_at}>{new Date(task.created_at).toLocaleString()}</time>
      </div>
      <div className="task-progress">
        <progress max={100} value={percent} aria-label={`Progress of ${name}`} />
        <span aria-hidden="true">{percent}%</span>
      </div>
      {task.err_message ? (
        <p className="task-error">
          {task.err_message} {task.err_code ? <code>({task.err_code})</code> : null}
        </p>
      ) : null}
    </li>
  );
}

export function TaskList({ tasks }: { tasks: readonly TaskSummary[] }) {
  if (tasks.length === 0) {
    return <p className="empty">No tasks yet. Tasks started from the API or the command line show up here as they run.</p>;
  }
  return (
    <ul className="tasks" aria-label="Tasks">
      {tasks.map((task) => (
        <TaskRow key={task.task_id} task={task} />
      ))}
    </ul>
  );
}
