import { useEffect, useState } from 'react';
import { ApiError, type ApiClient, type ServiceInfo } from './api/client.js';
import { KeyForm } from './KeyForm.js';
import { TaskList } from './features/tasks/TaskList.js';
import { useTaskEvents } from './features/tasks/useTaskEvents.js';
import { useSession } from './stores/session.js';
import { useTasks, type LiveState } from './stores/tasks.js';

const LIVE_LABELS: Record<LiveState, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live',
  reconnecting: 'Live updates paused, reconnecting…',
};

function useServiceInfo(client: ApiClient): ServiceInfo | undefined {
  const [info, setInfo] = useState<ServiceInfo>();
  useEffect(() => {
    let current = true;
    // The version is a courtesy: the task list works without it.
    client.serviceInfo().then((value) => current && setInfo(value), () => undefined);
    return () => {
      current = false;
    };
  }, [client]);
  return info;
}

function Dashboard({ client }: { client: ApiClient }) {
  const { tasks, loading, error, live, load } = useTasks();
  const signOut = useSession((s) => s.signOut);
  const info = useServiceInfo(client);
  useTaskEvents(client);

  useEffect(() => {
    void load(client);
  }, [client, load]);

  useEffect(() => {
    if (error instanceof ApiError && error.code === 'unauthorized') signOut('The service did not accept that API key. Enter a valid one.');
  }, [error, signOut]);

  return (
    <>
      <header className="app-header">
        <h1>DubDesk</h1>
        <p className="service-status" aria-live="polite">
          {info ? `Service ${info.version}` : 'Service'} · {LIVE_LABELS[live]}
        </p>
        <button type="button" className="secondary" onClick={() => signOut()}>
          Forget API key
        </button>
      </header>
      <main>
        <h2>Tasks</h2>
        {error && !(error instanceof ApiError && error.code === 'unauthorized') ? (
          <div role="alert" className="error">
            <p>Tasks could not be loaded: {error.message}</p>
            <button type="button" onClick={() => void load(client)}>
              Try again
            </button>
          </div>
        ) : null}
        {loading ? <p aria-busy="true">Loading tasks…</p> : <TaskList tasks={tasks} />}
      </main>
    </>
  );
}

export function App() {
  const client = useSession((s) => s.client);
  return client ? <Dashboard client={client} /> : <KeyForm />;
}
