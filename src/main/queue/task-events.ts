import type { TaskRecord } from '../store/tasks-repository.js';

export type TaskEvent = { type: 'task'; task: TaskRecord } | { type: 'task_deleted'; taskId: string };

export type TaskEventListener = (event: TaskEvent) => void;

/** In-process fan-out of task changes to SSE clients, the CLI's progress bar and the desktop notifier. */
export class TaskEvents {
  private readonly listeners = new Set<TaskEventListener>();
  /** Where this process's events also go (the other nodes on a shared database); set by the core. */
  forward?: (event: TaskEvent) => void;

  subscribe(listener: TaskEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether anyone in this process listens (a worker without HTTP has no streams to feed). */
  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  /** A change made here: told to this process's listeners and forwarded to the other nodes. */
  publish(event: TaskEvent): void {
    this.deliver(event);
    this.forward?.(event);
  }

  /** A change another node made (heard through the database): told to this process's listeners only. */
  deliver(event: TaskEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (e.g. a closed socket) must not stop the queue.
      }
    }
  }
}
