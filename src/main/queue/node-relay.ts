import type { NoticeChannel } from '../store/postgres/notices.js';
import type { SettingsCache } from '../store/settings-cache.js';
import type { TasksRepository } from '../store/tasks-repository.js';
import type { TaskEvents } from './task-events.js';

/** What one node tells the others sharing its PostgreSQL database; `from` is the node that made the change. */
type Notice = { from: string; type: 'task' | 'task_deleted'; taskId: string } | { from: string; type: 'settings' };

export interface NodeRelayOptions {
  events: TaskEvents;
  settings: SettingsCache;
  notices: NoticeChannel;
  tasks: TasksRepository;
  /** This node's id (the runner's owner). */
  node: string;
  onError?(error: Error): void;
}

/** Nodes stamp changes with their own clocks: a change stamped this much before the drop is read back too. */
const CLOCK_MARGIN_MS = 5_000;

/**
 * Keeps the nodes sharing a PostgreSQL database in step: each task change made here is sent as a notice, and each
 * notice from another node is read back from the tasks table and told to this node's listeners (SSE streams); a
 * settings change made elsewhere reloads this node's settings, which engines read synchronously.
 */
export function relayBetweenNodes(options: NodeRelayOptions): () => Promise<void> {
  const { events, settings, notices, tasks, node } = options;
  // A notice lost to a database hiccup only delays a remote stream until the task's next change.
  const send = (notice: Notice) => notices.send(JSON.stringify(notice)).catch(() => {});
  events.forward = (event) =>
    send({ from: node, type: event.type, taskId: event.type === 'task' ? event.task.id : event.taskId });
  settings.onChange = () => send({ from: node, type: 'settings' });
  // Notices are handled one after another, so listeners see a task's changes in the order they were made.
  let handling: Promise<void> = Promise.resolve();
  const stop = notices.listen(
    (payload) => {
      const notice = parseNotice(payload);
      if (!notice || notice.from === node) return;
      handling = handling
        .then(async () => {
          if (notice.type === 'settings') return settings.reload();
          // Reading a task back for nobody would cost every worker a query per change made anywhere.
          if (!events.hasListeners) return;
          if (notice.type === 'task_deleted') return events.deliver({ type: 'task_deleted', taskId: notice.taskId });
          const task = await tasks.get(notice.taskId);
          if (task) events.deliver({ type: 'task', task });
        })
        .catch(() => {});
    },
    options.onError,
    (droppedAt) => {
      // Changes made while this node was not listening sent notices it never got: its listeners hear them now.
      handling = handling
        .then(async () => {
          if (!events.hasListeners) return;
          for (const task of await tasks.changedSince(droppedAt - CLOCK_MARGIN_MS))
            events.deliver({ type: 'task', task });
        })
        .catch(() => {});
    },
  );
  return async () => {
    events.forward = undefined;
    settings.onChange = undefined;
    await stop();
  };
}

/** A notice as sent by relayBetweenNodes; anything else on the channel is ignored. */
function parseNotice(payload: string): Notice | null {
  try {
    const notice = JSON.parse(payload) as Partial<Notice> & { taskId?: unknown };
    if (typeof notice.from !== 'string') return null;
    if (notice.type === 'settings') return notice as Notice;
    const forTask = (notice.type === 'task' || notice.type === 'task_deleted') && typeof notice.taskId === 'string';
    return forTask ? (notice as Notice) : null;
  } catch {
    return null;
  }
}
