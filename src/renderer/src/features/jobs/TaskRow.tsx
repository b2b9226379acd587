import { memo } from 'react';
import { isFinalStatus } from '../../../../shared/jobs.js';
import type { ApiClient, TaskSummary } from '../../api/client.js';
import { formatPercent } from '../../lib/format.js';
import { useKinds } from '../../stores/kinds.js';
import { useTasks } from '../../stores/tasks.js';
import { estimateRemainingMs, formatRemaining } from './eta.js';
import { statusLabel, taskKindLabel, taskName } from './labels.js';
import { currentStageLabel } from './stage-timeline.js';
import { TaskActions } from './TaskActions.js';
import { projectIdFromUrl } from '../projects/project-route.js';
import { useView } from '../../stores/view.js';
import { ReviewBadge } from '../quality/ReviewBadge.js';
import { reviewCount } from '../quality/quality-words.js';

/** Time left of a running task, re-rendered only when its own progress history changes. */
function TimeLeft({ taskId }: { taskId: string }) {
  const samples = useTasks((s) => s.progress[taskId]);
  const text = formatRemaining(samples ? estimateRemainingMs(samples) : undefined);
  return text ? <span className="time-left"> · {text}</span> : null;
}

interface TaskRowProps {
  client: ApiClient;
  task: TaskSummary;
  index: number;
  count: number;
  top: number;
  onOpen(taskId: string): void;
}

export const TaskRow = memo(function TaskRow({ client, task, index, count, top, onOpen }: TaskRowProps) {
  const name = taskName(task);
  const kind = taskKindLabel(
    task,
    useKinds((s) => s.kinds),
  );
  const percent = formatPercent(task.progress);
  const running = !isFinalStatus(task.status);
  const projectId = projectIdFromUrl(task.result?.project_url) ?? task.exported_from_project;
  const show = useView((s) => s.show);
  const toReview = reviewCount(task);
  return (
    <li
      className="task"
      data-status={task.status}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={count}
      style={{ transform: `translateY(${top}px)` }}
    >
      <div className="task-head">
        <button
          type="button"
          className="task-open link"
          onClick={() => onOpen(task.task_id)}
          aria-label={`${name}, ${kind}, ${statusLabel(task.status)}${toReview ? `, ${toReview} to review` : ''}. Open details`}
        >
          <span className="task-name">{name}</span>
        </button>
        <span className="task-kind muted">
          {kind}
          {task.exported_from_project ? ' · project export' : ''}
        </span>
        <span className="task-created muted">
          created <time dateTime={task.created_at}>{new Date(task.created_at).toLocaleString()}</time>
        </span>
        <span className="task-status">{statusLabel(task.status)}</span>
        <ReviewBadge task={task} />
      </div>
      <div className="task-progress">
        <progress max={100} value={percent} aria-label={`Progress of ${name}`} />
        <span className="percent" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div className="task-foot">
        <span className="task-meta muted">
          {running ? (currentStageLabel(task) ?? 'Waiting in the queue') : null}
          {running ? <TimeLeft taskId={task.task_id} /> : null}
          {!running ? <time dateTime={task.updated_at}>{new Date(task.updated_at).toLocaleString()}</time> : null}
        </span>
        {task.err_message && task.status !== 'cancelled' ? (
          <span className="task-error" title={task.err_message}>
            {task.err_message}
          </span>
        ) : null}
        {projectId ? (
          <button
            type="button"
            className="small"
            onClick={() => show({ name: 'project', projectId })}
            aria-label={
              task.exported_from_project ? `Open the project ${name} was exported from` : `Open the project of ${name}`
            }
          >
            Open project
          </button>
        ) : null}
        <TaskActions client={client} task={task} compact />
      </div>
    </li>
  );
});
