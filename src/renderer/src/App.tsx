import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type ApiClient, type ServiceInfo } from './api/client.js';
import { KeyForm } from './KeyForm.js';
import { DropOverlay } from './features/create/DropOverlay.js';
import { ACCEPTED_FILES } from './features/create/file-kinds.js';
import { chooseFiles, takeFiles } from './features/create/intake.js';
import { NotificationPrompt } from './features/jobs/NotificationPrompt.js';
import { UpdateNotice } from './features/updates/UpdateNotice.js';
import { TaskQueue } from './features/jobs/TaskQueue.js';
import { TasksLoadError } from './features/jobs/TasksLoadError.js';
import { useTaskEvents } from './features/jobs/useTaskEvents.js';
import { useProjectRoute } from './features/projects/useProjectRoute.js';
import { useKinds } from './stores/kinds.js';
import { useNotices } from './stores/notices.js';
import { useSession } from './stores/session.js';
import { useStaging } from './stores/staging.js';
import { useTasks, type LiveState } from './stores/tasks.js';
import { useView, type View } from './stores/view.js';

// The queue is the first screen; the other screens (and the schema validator the forms use) load when opened.
const CreateView = lazy(async () => ({ default: (await import('./features/create/CreateView.js')).CreateView }));
const TaskDetail = lazy(async () => ({ default: (await import('./features/jobs/TaskDetail.js')).TaskDetail }));
const ModelsView = lazy(async () => ({ default: (await import('./features/models/ModelsView.js')).ModelsView }));
const VoicesView = lazy(async () => ({ default: (await import('./features/library/VoicesView.js')).VoicesView }));
const GlossariesView = lazy(async () => ({
  default: (await import('./features/library/GlossariesView.js')).GlossariesView,
}));
const SubtitleStylesView = lazy(async () => ({
  default: (await import('./features/library/SubtitleStylesView.js')).SubtitleStylesView,
}));
const ProjectView = lazy(async () => ({ default: (await import('./features/projects/ProjectView.js')).ProjectView }));
const SettingsView = lazy(async () => ({
  default: (await import('./features/settings/SettingsView.js')).SettingsView,
}));

const LIVE_LABELS: Record<LiveState, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live',
  reconnecting: 'Live updates paused, reconnecting…',
};

const NAV: { name: View['name']; label: string }[] = [
  { name: 'tasks', label: 'Tasks' },
  { name: 'create', label: 'New task' },
  { name: 'voices', label: 'Voices' },
  { name: 'glossaries', label: 'Glossaries' },
  { name: 'styles', label: 'Subtitle styles' },
  { name: 'models', label: 'Models' },
  { name: 'settings', label: 'Settings' },
];

function useServiceInfo(client: ApiClient): ServiceInfo | undefined {
  const [info, setInfo] = useState<ServiceInfo>();
  useEffect(() => {
    let current = true;
    // The version is a courtesy: the task list works without it.
    client.serviceInfo().then(
      (value) => current && setInfo(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client]);
  return info;
}

function Notices() {
  const { notices, dismiss } = useNotices();
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.id} className={`notice ${notice.tone}`}>
          {notice.text}
          <button type="button" className="link" onClick={() => dismiss(notice.id)} aria-label="Dismiss">
            ×
          </button>
        </p>
      ))}
    </div>
  );
}

function Dashboard({ client }: { client: ApiClient }) {
  const { loading, error, live, load } = useTasks();
  const noTasksKnown = useTasks((s) => s.tasks.length === 0);
  const signOut = useSession((s) => s.signOut);
  const { view, show } = useView();
  const staged = useStaging((s) => s.files.length);
  const info = useServiceInfo(client);
  const fileInput = useRef<HTMLInputElement>(null);
  useTaskEvents(client);
  useProjectRoute();

  useEffect(() => {
    void load(client);
  }, [client, load]);

  // Kind titles, routes and statuses come from the service (GET /v1/meta), once per session.
  useEffect(() => {
    useKinds
      .getState()
      .load(client)
      .catch(() => undefined);
  }, [client]);

  useEffect(() => {
    if (error instanceof ApiError && error.code === 'unauthorized')
      signOut('The service did not accept that API key. Enter a valid one.');
  }, [error, signOut]);

  const reload = useCallback(() => void load(client), [client, load]);
  const onChooseFiles = () => void chooseFiles(fileInput.current);
  const current = view.name === 'task' || view.name === 'project' ? 'tasks' : view.name;

  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="app-header">
        <h1>DubDesk</h1>
        <nav aria-label="Main">
          {NAV.map((item) => (
            <button
              key={item.name}
              type="button"
              className="nav-item"
              aria-current={current === item.name ? 'page' : undefined}
              onClick={() => show({ name: item.name } as View)}
            >
              {item.label}
              {item.name === 'create' && staged > 0 ? ` (${staged})` : ''}
            </button>
          ))}
        </nav>
        <p className="service-status" aria-live="polite">
          {info ? `Service ${info.version}` : 'Service'} · {LIVE_LABELS[live]}
        </p>
        <button type="button" onClick={onChooseFiles}>
          Choose files
        </button>
        <input
          ref={fileInput}
          id="choose-files-input"
          className="visually-hidden"
          type="file"
          multiple
          accept={ACCEPTED_FILES}
          tabIndex={-1}
          aria-label="Files to start a task with"
          onChange={(event) => {
            takeFiles(client, Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <button type="button" className="secondary" onClick={() => signOut()}>
          Forget API key
        </button>
      </header>
      <NotificationPrompt />
      <UpdateNotice bridge={window.dubdesk} />
      <main id="content">
        {error && !(error instanceof ApiError && error.code === 'unauthorized') ? (
          <TasksLoadError error={error} onRetry={reload} />
        ) : null}
        {/* A list that failed to load is not an empty queue: "No tasks yet" would say something untrue. */}
        {view.name === 'tasks' ? (
          loading ? (
            <p aria-busy="true">Loading tasks…</p>
          ) : error && noTasksKnown ? null : (
            <TaskQueue client={client} />
          )
        ) : null}
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          {view.name === 'task' ? <TaskDetail key={view.taskId} client={client} taskId={view.taskId} /> : null}
          {view.name === 'project' ? (
            <ProjectView key={view.projectId} client={client} projectId={view.projectId} />
          ) : null}
          {view.name === 'create' ? <CreateView client={client} onChooseFiles={onChooseFiles} /> : null}
          {view.name === 'voices' ? <VoicesView client={client} /> : null}
          {view.name === 'glossaries' ? <GlossariesView client={client} /> : null}
          {view.name === 'styles' ? <SubtitleStylesView client={client} /> : null}
          {view.name === 'models' ? <ModelsView client={client} /> : null}
          {view.name === 'settings' ? <SettingsView client={client} /> : null}
        </Suspense>
      </main>
      <Notices />
      <DropOverlay client={client} />
    </>
  );
}

export function App() {
  const client = useSession((s) => s.client);
  return client ? <Dashboard client={client} /> : <KeyForm />;
}
