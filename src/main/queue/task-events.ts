import type { TaskRecord } from '../store/tasks-repository.js';

export type TaskEvent =
  | { type: 'task'; task: TaskRecord }
  | { type: 'task_deleted'; taskId: string };

export type TaskEventListener = (event: TaskEvent) => void;

/** In-process fan-out of task changes to SSE clients, the CLI's progress bar and the desktop notifier. */
export class TaskEvents {
  private readonly listeners = new Set<TaskEventListener>();

  subscribe(listener: TaskEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: TaskEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (e.g. a closed socket) must not stop the queue.
      }
    }
  }
}
