import { useEffect } from 'react';
import type { ApiClient, TaskSummary } from '../../api/client.js';
import { useTasks } from '../../stores/tasks.js';

/** Reconnect delay when the service refused the stream outright (EventSource then stops retrying). */
const RETRY_AFTER_CLOSE_MS = 5000;

/** Keeps the task store current from `GET /v1/events`; reloads the list on each connect so nothing between is missed. */
export function useTaskEvents(client: ApiClient): void {
  useEffect(() => {
    const { upsert, remove, setLive, load } = useTasks.getState();
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      source = new EventSource(client.eventsUrl());
      source.addEventListener('open', () => {
        setLive('live');
        void load(client);
      });
      source.addEventListener('task', (event) => {
        upsert(JSON.parse((event as MessageEvent<string>).data) as TaskSummary);
      });
      source.addEventListener('task_deleted', (event) => {
        remove((JSON.parse((event as MessageEvent<string>).data) as { task_id: string }).task_id);
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
