import { useEffect, useRef, useState } from 'react';
import { isFinalStatus } from '../../../../shared/jobs.js';
import { ApiError, type ApiClient, type LogLine, type ServiceSettings, type TaskSummary } from '../../api/client.js';
import { CopyButton } from '../../components/CopyButton.js';
import { curlCommand } from '../../lib/curl.js';
import { formatPercent } from '../../lib/format.js';
import { kindOf, kindTitle, useKinds } from '../../stores/kinds.js';
import { useTasks } from '../../stores/tasks.js';
import { useView } from '../../stores/view.js';
import { downloadUrl, resultFolderPath } from '../preview/reveal-path.js';
import { ResultPreview } from '../preview/ResultPreview.js';
import { SeekableAudio } from '../preview/SeekableAudio.js';
import { QualitySection } from '../quality/QualitySection.js';
import { projectIdFromUrl } from '../projects/project-route.js';
import { SubtitlePanel } from '../preview/SubtitlePanel.js';
import { adviceFor } from './error-advice.js';
import { estimateRemainingMs, formatRemaining, type ProgressSample } from './eta.js';
import { resultDownloads, type ResultDownload } from './result-downloads.js';
import { statusLabel } from './labels.js';
import { currentStageLabel, stageTimeline } from './stage-timeline.js';
import { StageTimeline } from './StageTimeline.js';
import { TaskPlan } from './TaskPlan.js';
import { TaskActions } from './TaskActions.js';
import { originalMedia, taskRequest, type OriginalMedia } from './task-request.js';

/** The log is fetched again at most this often while the task changes. */
const LOG_REFRESH_MS = 1000;

/** The record, the newer of the live store's and the fetched one; `request` only the fetched one carries. */
function useTaskRecord(
  client: ApiClient,
  taskId: string,
): { task?: TaskSummary; request?: Record<string, unknown>; plan?: TaskSummary['plan']; missing?: string } {
  const fromStore = useTasks((s) => s.tasks.find((t) => t.task_id === taskId));
  const [fetched, setFetched] = useState<TaskSummary>();
  const [missing, setMissing] = useState<string>();
  useEffect(() => {
    let current = true;
    client.getTask(taskId).then(
      (task) => current && setFetched(task),
      (error: unknown) =>
        current &&
        setMissing(
          error instanceof ApiError && error.code === 'not_found'
            ? 'This task no longer exists.'
            : String((error as Error).message ?? error),
        ),
    );
    return () => {
      current = false;
    };
  }, [client, taskId]);
  const task =
    fromStore && fetched ? (fromStore.updated_at >= fetched.updated_at ? fromStore : fetched) : (fromStore ?? fetched);
  return { task, request: fetched?.request, plan: fetched?.plan, missing: task ? undefined : missing };
}

function useTaskLog(client: ApiClient, task: TaskSummary | undefined): LogLine[] {
  const [lines, setLines] = useState<LogLine[]>([]);
  const last = useRef(0);
  const updatedAt = task?.updated_at;
  const taskId = task?.task_id;
  useEffect(() => {
    if (!taskId) return;
    let current = true;
    const wait = Math.max(0, last.current + LOG_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      client.taskLog(taskId, 200).then(
        (fetched) => current && setLines(fetched),
        () => undefined,
      );
    }, wait);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, taskId, updatedAt]);
  return lines;
}

function useSettings(client: ApiClient): ServiceSettings | undefined {
  const [settings, setSettings] = useState<ServiceSettings>();
  useEffect(() => {
    // Only the desktop window can reveal files, and only it needs the data folder for that.
    if (!window.dubdesk) return;
    client.settings().then(setSettings, () => undefined);
  }, [client]);
  return settings;
}

/** What the page can show of the original: an audio player, or why a local file cannot play here. */
function OriginalNote({ original, seekTo }: { original: OriginalMedia; seekTo?: { seconds: number; nonce: number } }) {
  if (original.playable) {
    return original.kind === 'audio' ? (
      <div className="original-audio">
        <h3>Original</h3>
        <SeekableAudio src={original.url} label="Original audio" seekTo={seekTo} />
      </div>
    ) : null;
  }
  const where = original.localPath ?? original.url;
  return (
    <p className="muted original-note">
      The original is a local file, <code>{where}</code>: a browser page cannot play <code>file://</code> URLs, so only
      the result is shown. Upload the file instead of giving its path to compare them here.
      {window.dubdesk && original.localPath ? (
        <>
          {' '}
          <button
            type="button"
            className="secondary small"
            onClick={() => void window.dubdesk!.revealInFolder(original.localPath!)}
          >
            Show the original in its folder
          </button>
        </>
      ) : null}
    </p>
  );
}

export function TaskDetail({ client, taskId }: { client: ApiClient; taskId: string }) {
  const { task, request: body, plan, missing } = useTaskRecord(client, taskId);
  const lines = useTaskLog(client, task);
  const samples = useTasks((s) => s.progress[taskId]);
  const show = useView((s) => s.show);
  const kinds = useKinds((s) => s.kinds);
  const settings = useSettings(client);
  const [time, setTime] = useState(0);
  const [seek, setSeek] = useState<{ seconds: number; nonce: number }>();
  const heading = useRef<HTMLHeadingElement>(null);
  const player = useRef<HTMLDivElement>(null);

  useEffect(() => heading.current?.focus(), [taskId]);

  const back = (
    <button type="button" className="secondary" onClick={() => show({ name: 'tasks' })}>
      ← All tasks
    </button>
  );
  if (!task) {
    return (
      <section className="detail">
        {back}
        {missing ? (
          <p role="alert" className="error">
            {missing}
          </p>
        ) : (
          <p aria-busy="true">Loading the task…</p>
        )}
      </section>
    );
  }

  const name = task.input_name ?? task.task_id;
  const results = resultDownloads(task.result);
  const videoUrl = task.result?.video_url ?? task.video_url;
  const audioUrl = task.result?.audio_url;
  const subtitleUrl = task.result?.subtitle_url;
  const projectId = projectIdFromUrl(task.result?.project_url) ?? task.exported_from_project;
  const original = originalMedia(kindOf(kinds, task.kind), body);
  const visualOriginal =
    original?.playable && (original.kind === 'video' || original.kind === 'image')
      ? { url: original.url, kind: original.kind }
      : undefined;
  const request = taskRequest({ kind: task.kind, request: body }, kinds);
  const seekPlayers = (seconds: number) => setSeek({ seconds, nonce: Date.now() });
  /** A place to review chosen: the players go there, and into view. */
  const showPlace = (seconds: number) => {
    seekPlayers(seconds);
    player.current?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <section className="detail" aria-labelledby="detail-title">
      <div className="section-head">
        {back}
        <h2 id="detail-title" ref={heading} tabIndex={-1}>
          {name}
        </h2>
        <span className={`status-pill`} data-status={task.status}>
          {statusLabel(task.status)}
        </span>
      </div>
      <p className="muted">
        {kindTitle(kinds, task.kind)} · task <code>{task.task_id}</code> · started{' '}
        <time dateTime={task.created_at}>{new Date(task.created_at).toLocaleString()}</time>
        {task.exported_from_project ? <> · exported from its project</> : null}
        {task.retry_of ? (
          <>
            {' '}
            · retry of{' '}
            <button type="button" className="link" onClick={() => show({ name: 'task', taskId: task.retry_of! })}>
              {task.retry_of}
            </button>
          </>
        ) : null}
      </p>
      <div className="detail-actions">
        <TaskActions client={client} task={task} />
        {projectId ? (
          <button type="button" onClick={() => show({ name: 'project', projectId })}>
            Open project
          </button>
        ) : null}
        {request ? <CopyButton text={curlCommand(client.baseUrl(), request)} label="Copy as curl" /> : null}
        {request ? <CopyButton text={JSON.stringify(request.body, null, 2)} label="Copy request JSON" /> : null}
      </div>

      <TaskProgress task={task} name={name} samples={samples} />

      <TaskWarnings task={task} subtitlesShown={Boolean(subtitleUrl)} />

      <StageTimeline stages={stageTimeline(task)} />
      <TaskPlan plan={plan} />

      <TaskProblem task={task} />

      {videoUrl ? (
        <div className="result" ref={player}>
          <h3>Result</h3>
          <ResultPreview resultUrl={videoUrl} original={visualOriginal} onTime={setTime} seekTo={seek} />
        </div>
      ) : audioUrl ? (
        <div className="result" ref={player}>
          <h3>Result</h3>
          <SeekableAudio src={audioUrl} label="Result audio" onTime={setTime} seekTo={seek} />
        </div>
      ) : null}
      {original && (videoUrl || audioUrl) ? <OriginalNote original={original} seekTo={seek} /> : null}

      {task.status === 'done' && task.quality ? (
        <QualitySection report={task.quality} onSeek={videoUrl || audioUrl ? showPlace : undefined} />
      ) : null}

      {subtitleUrl ? (
        <details className="subtitles" open>
          <summary>Subtitles</summary>
          <SubtitlePanel url={subtitleUrl} time={time} onSeek={seekPlayers} warnings={task.warnings} />
        </details>
      ) : null}

      <TaskDownloads results={results} settings={settings} />

      {request ? (
        <details className="api-request">
          <summary>As an API request</summary>
          <pre>{curlCommand(client.baseUrl(), request)}</pre>
        </details>
      ) : null}

      <TaskLog lines={lines} open={task.status === 'failed'} />
    </section>
  );
}

/** A task's warnings so far; with subtitles shown, their lines are marked there too. */
function TaskWarnings({ task, subtitlesShown }: { task: TaskSummary; subtitlesShown: boolean }) {
  if (!task.warnings?.length) return null;
  return (
    <div className="problem warnings" role="status" aria-label="Warnings">
      <p>
        <strong>
          {task.status === 'done' ? 'Finished with' : 'So far'}{' '}
          {task.warnings.length === 1 ? 'a warning' : `${task.warnings.length} warnings`}:
        </strong>
      </p>
      <ul>
        {task.warnings.map((warning, i) => (
          <li key={`${warning.code}-${warning.cue ?? i}`}>{warning.message}</li>
        ))}
      </ul>
      {subtitlesShown ? <p className="muted">Lines with a warning are marked in the subtitles below.</p> : null}
    </div>
  );
}

/** Why a task failed or stopped, and what to do about it. */
function TaskProblem({ task }: { task: TaskSummary }) {
  if (task.status !== 'failed' && task.status !== 'cancelled') return null;
  return (
    <div className="problem" role="alert">
      <p>
        <strong>{task.status === 'cancelled' ? 'Cancelled.' : 'This task failed.'}</strong> {task.err_message}
      </p>
      <p>
        {adviceFor(task.err_code)} {task.err_code ? <code>({task.err_code})</code> : null}
      </p>
    </div>
  );
}

/** The result files, each with "Show in folder" in the desktop window. */
function TaskDownloads({ results, settings }: { results: ResultDownload[]; settings: ServiceSettings | undefined }) {
  if (results.length === 0) return null;
  return (
    <div className="downloads">
      <h3>Downloads</h3>
      <ul className="plain">
        {results.map(({ key, label, url }) => {
          const folder = settings ? resultFolderPath(settings.data_dir, url) : undefined;
          return (
            <li key={key}>
              <a href={downloadUrl(url)} download>
                {label}
              </a>
              {window.dubdesk && folder ? (
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => void window.dubdesk!.revealInFolder(folder)}
                >
                  Show in folder
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function TaskLog({ lines, open }: { lines: LogLine[]; open: boolean }) {
  return (
    <details className="log" open={open}>
      <summary>Log ({lines.length} lines)</summary>
      <pre className="log-lines" tabIndex={0} aria-label="Task log">
        {lines.map((line) => `${line.ts.slice(11, 19)} ${line.level.padEnd(5)} ${line.message}`).join('\n') ||
          'No log lines yet.'}
      </pre>
    </details>
  );
}

/** The progress bar, and the stage running now with the time left (or, once ended, the status). */
function TaskProgress({
  task,
  name,
  samples,
}: {
  task: TaskSummary;
  name: string;
  samples: readonly ProgressSample[] | undefined;
}) {
  const percent = formatPercent(task.progress);
  const running = !isFinalStatus(task.status);
  const remaining = running && samples ? formatRemaining(estimateRemainingMs(samples)) : undefined;
  const stageNow = currentStageLabel(task);
  return (
    <>
      <div className="task-progress detail-progress">
        <progress max={100} value={percent} aria-label={`Progress of ${name}`} />
        <span className="percent" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <p className="muted" aria-live="polite">
        {running
          ? (stageNow ? `${stageNow} (${formatPercent(task.stage_progress)}%)` : 'Waiting in the queue') +
            (remaining ? ` · ${remaining}` : '')
          : statusLabel(task.status)}
      </p>
    </>
  );
}
