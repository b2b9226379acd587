import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCore, type CoreOptions } from '../../main/core.js';
import { createKindRegistry } from '../../main/pipelines/kinds.js';
import type { TaskRecord } from '../../main/store/tasks-repository.js';
import { toDubDeskError } from '../../shared/errors.js';
import { isFinalStatus } from '../../shared/jobs.js';
import { configFromFlags, parseFlags, SERVICE_FLAGS, UsageError } from '../options.js';

/** Batch scripts can name inputs by path: a `*_url` value that is not a URL names a local file (relative to the request file). */
export function localInputPaths(request: Record<string, unknown>, baseDir: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [field, value] of Object.entries(request)) {
    if (
      field.endsWith('_url') &&
      field !== 'callback_url' &&
      typeof value === 'string' &&
      !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)
    ) {
      paths.set(field, path.resolve(baseDir, value));
    }
  }
  return paths;
}

/** The request with its local paths as file:// URLs, which this process can read directly. */
export function pathsToFileUrls(request: Record<string, unknown>, baseDir: string): Record<string, unknown> {
  const converted = { ...request };
  for (const [field, file] of localInputPaths(request, baseDir)) converted[field] = pathToFileURL(file).href;
  return converted;
}

/** Pure: the progress bar both `run` and `submit` print, e.g. `[######......]  20%  processing (Rendering)`. */
export function progressText(progress: number, status: string, stageLabel?: string | null): string {
  const width = 30;
  const filled = Math.round(progress * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(progress * 100)).padStart(3)}%  ${status}${stageLabel ? ` (${stageLabel})` : ''}`;
}

/** `labelOf` turns the recorded stage name into the words the pipeline gives it (the GUI shows the same). */
function progressLine(task: TaskRecord, labelOf: (stage: string) => string): string {
  return progressText(task.progress, task.status, task.stage ? labelOf(task.stage) : undefined);
}

/**
 * `dubdesk run <kind> <request.json>`: runs one job in this process, with a progress bar, and prints the result files.
 * `coreOptions.kinds` registers more kinds, as for the service (tests run a test-only kind through here).
 */
export async function runCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream & { isTTY?: boolean },
  coreOptions: CoreOptions = {},
): Promise<number> {
  const { values, positionals } = parseFlags(args, SERVICE_FLAGS);
  const [kindArg, requestFile] = positionals;
  const kinds = createKindRegistry(coreOptions.kinds);
  const kind = kinds.find(kindArg ?? '');
  if (!kind || !requestFile)
    throw new UsageError(
      `usage: dubdesk run <${kinds
        .list()
        .map((k) => k.id)
        .join('|')}> <request.json>`,
    );
  const raw = JSON.parse(await readFile(requestFile, 'utf8')) as Record<string, unknown>;
  const request = pathsToFileUrls(raw, path.dirname(path.resolve(requestFile)));

  const core = await createCore(configFromFlags(values), coreOptions);
  try {
    // Validation, intake and create exactly as the API's create route does them.
    const { taskId } = await core.submit(kind.id, request, { bodyName: requestFile });
    err.write(`task ${taskId}\n`);
    const stages = core.pipelines[kind.id]?.stages ?? [];
    const labelOf = (name: string) => stages.find((stage) => stage.name === name)?.label ?? name;
    const finished = new Promise<TaskRecord>((resolve) => {
      let lastStatus = '';
      core.events.subscribe((event) => {
        if (event.type !== 'task' || event.task.id !== taskId) return;
        if (err.isTTY) err.write(`\r${progressLine(event.task, labelOf)}`);
        else if (event.task.status !== lastStatus) err.write(`${progressLine(event.task, labelOf)}\n`);
        lastStatus = event.task.status;
        if (isFinalStatus(event.task.status)) resolve(event.task);
      });
    });
    await core.start();
    const task = await finished;
    if (err.isTTY) err.write('\n');
    if (task.status !== 'done') {
      err.write(`${task.status}: ${task.errCode ?? ''} ${task.errMessage ?? ''}\n`);
      return 1;
    }
    for (const [role, fileId] of Object.entries(task.result ?? {})) {
      const record = await core.files.get(fileId);
      out.write(`${role}: ${record ? await core.files.localPath(record) : fileId}\n`);
    }
    return 0;
  } catch (error) {
    const failure = toDubDeskError(error);
    err.write(`${failure.code}: ${failure.message}\n`);
    return 1;
  } finally {
    await core.close();
  }
}
