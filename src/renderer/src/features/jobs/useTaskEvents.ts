import { useEffect } from 'react';
import type { ApiClient, ModelEvent, TaskSummary } from '../../api/client.js';
import { useModels } from '../../stores/models.js';
import { useTasks } from '../../stores/tasks.js';
import { useView } from '../../stores/view.js';
import { finishedJustNow, notifyFinished } from './notify.js';

/** Reconnect delay when the service refused the stream outright (EventSource then stops retrying). */
const RETRY_AFTER_CLOSE_MS = 5000;

/** Keeps the task and model stores current from `GET /v1/events`; reloads the list on each connect so nothing between is missed. */
export function useTaskEvents(client: ApiClient): void {
  useEffect(() => {
    const { upsert, remove, setLive, load } = useTasks.getState();
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const known = new Map<string, TaskSummary>();

    const connect = () => {
      source = new EventSource(client.eventsUrl());
      source.addEventListener('open', () => {
        setLive('live');
        void load(client);
      });
      source.addEventListener('task', (event) => {
        const task = JSON.parse((event as MessageEvent<string>).data) as TaskSummary;
        const previous = known.get(task.task_id) ?? useTasks.getState().tasks.find((t) => t.task_id === task.task_id);
        known.set(task.task_id, task);
        upsert(task);
        if (finishedJustNow(previous, task))
          notifyFinished(task, (taskId) => useView.getState().show({ name: 'task', taskId }));
      });
      source.addEventListener('task_deleted', (event) => {
        const { task_id: taskId } = JSON.parse((event as MessageEvent<string>).data) as { task_id: string };
        known.delete(taskId);
        remove(taskId);
      });
      source.addEventListener('model', (event) => {
        useModels.getState().applyEvent(JSON.parse((event as MessageEvent<string>).data) as ModelEvent);
      });
      source.addEventListener('error', () => {
        setLive('reconnecting');
        if (source?.readyState === EventSource.CLOSED) retry = setTimeout(connect, RETRY_AFTER_CLOSE_MS);
      });
    };

    setLive('connecting');
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [client]);
}
