// `dubdesk submit` and `dubdesk status`: send work to a running service and follow it, through the typed API client.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { answerOf, ApiError, type components } from '../../shared/api/http-client.js';
import { isFinalStatus } from '../../shared/jobs.js';
import { parseFlags, UsageError } from '../options.js';
import { downloadResult, uploadFile } from './remote-files.js';
import { localInputPaths, progressText } from './run.js';
import { REMOTE_FLAGS, remoteService, type RemoteService } from './remote-service.js';

type TaskSummary = components['schemas']['TaskSummary'];

const SUBMIT_FLAGS = { ...REMOTE_FLAGS, out: { type: 'string' }, 'no-wait': { type: 'boolean' } } as const;
/** Often enough to feel live, rarely enough to cost the service nothing. */
const POLL_MS = 500;

/** Pure: one progress line of a task summary, as `dubdesk run` prints it (the stage by its label). */
export function summaryLine(task: TaskSummary): string {
  return progressText(
    task.progress,
    task.status,
    task.stages?.find((candidate) => candidate.name === task.stage)?.label ?? task.stage,
  );
}

/** Pure: every result file of a finished task by role (`video_url` of a lip-sync task is its `video`). */
export function resultUrls(task: TaskSummary): Array<[string, string]> {
  const results = Object.entries(task.result ?? {}).map(([field, url]): [string, string] => [
    field.replace(/_url$/, ''),
    url,
  ]);
  if (task.video_url && !results.some(([role]) => role === 'video')) results.push(['video', task.video_url]);
  // The project link opens the GUI; it is not a file.
  return results.filter(([role]) => role !== 'project');
}

async function createJob(service: RemoteService, kindName: string, request: Record<string, unknown>): Promise<string> {
  const { kinds } = await answerOf(service.http.GET('/v1/meta'));
  const kind = kinds.find((candidate) => candidate.id === kindName || candidate.create_route === `/v1/${kindName}`);
  if (!kind)
    throw new UsageError(`usage: dubdesk submit <${kinds.map((candidate) => candidate.id).join('|')}> <request.json>`);
  // The create route is data from GET /v1/meta, so a kind this service adds needs no CLI change (hence the cast).
  const created = await answerOf(
    service.http.POST(kind.create_route as '/v1/video_generation', {
      body: request as components['schemas']['LipsyncRequest'],
    }),
  );
  return created.task_id;
}

async function follow(
  service: RemoteService,
  taskId: string,
  err: NodeJS.WritableStream & { isTTY?: boolean },
): Promise<TaskSummary> {
  let lastStep = '';
  for (;;) {
    const task = await answerOf(service.http.GET('/v1/tasks/{task_id}', { params: { path: { task_id: taskId } } }));
    // A terminal gets a live bar; a log gets a line per status or stage.
    const step = `${task.status} ${task.stage ?? ''}`;
    if (err.isTTY) err.write(`\r${summaryLine(task)}`);
    else if (step !== lastStep) err.write(`${summaryLine(task)}\n`);
    lastStep = step;
    if (isFinalStatus(task.status)) {
      if (err.isTTY) err.write('\n');
      return task;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * `dubdesk submit <kind> <request.json> [--url U] [--key K] [--out DIR] [--no-wait]`: uploads the request's local files,
 * creates the job on a running service, follows it, and downloads its results.
 */
export async function submitCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream & { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values, positionals } = parseFlags(args, SUBMIT_FLAGS);
  const [kindName, requestFile] = positionals;
  if (!kindName || !requestFile)
    throw new UsageError('usage: dubdesk submit <kind> <request.json> [--url URL] [--key KEY] [--out DIR] [--no-wait]');
  const service = remoteService(values, env);
  try {
    const request = JSON.parse(await readFile(requestFile, 'utf8')) as Record<string, unknown>;
    for (const [field, file] of localInputPaths(request, path.dirname(path.resolve(requestFile)))) {
      err.write(`uploading ${file}\n`);
      request[field] = await uploadFile(service.http, file);
    }
    const taskId = await createJob(service, kindName, request);
    if (values['no-wait']) {
      out.write(`${taskId}\n`);
      return 0;
    }
    err.write(`task ${taskId} on ${service.url}\n`);
    const task = await follow(service, taskId, err);
    if (task.status !== 'done') {
      err.write(`${task.status}: ${task.err_code ?? ''} ${task.err_message ?? ''}\n`);
      return 1;
    }
    for (const [role, url] of resultUrls(task))
      out.write(`${role}: ${await downloadResult(service.http, url, values.out ?? '.', role)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    err.write(`${error.code}: ${error.message}\n`);
    return 1;
  }
}

/** `dubdesk status <task_id> [--url U] [--key K]`: a task's state, its result URLs or its error. */
export async function statusCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values, positionals } = parseFlags(args, REMOTE_FLAGS);
  const [taskId] = positionals;
  if (!taskId) throw new UsageError('usage: dubdesk status <task_id> [--url URL] [--key KEY]');
  const service = remoteService(values, env);
  try {
    const task = await answerOf(service.http.GET('/v1/tasks/{task_id}', { params: { path: { task_id: taskId } } }));
    out.write(`${task.task_id}  ${task.kind}  ${summaryLine(task)}\n`);
    if (task.err_code) out.write(`${task.err_code}: ${task.err_message ?? ''}\n`);
    for (const [role, url] of resultUrls(task)) out.write(`${role}: ${url}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    err.write(`${error.code}: ${error.message}\n`);
    return 1;
  }
}
