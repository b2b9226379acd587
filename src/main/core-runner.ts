import os from 'node:os';
import path from 'node:path';
import type { DubDeskConfig } from './config.js';
import type { FileStore } from './files/file-store.js';
import type { ServiceLog } from './logging/service-log.js';
import type { PipelineRegistry } from './pipelines/types.js';
import { jobRetryDelayMs } from './queue/backoff.js';
import { createGraphileRunner } from './queue/graphile-runner.js';
import { createRunner, type Runner, type RunnerOptions } from './queue/runner.js';
import type { TaskTransitions } from './queue/task-transitions.js';
import type { Store } from './store/store.js';
import type { TaskLogsRepository } from './store/task-logs-repository.js';

/** What the core hands its runner; the rest of RunnerOptions is made here. */
export interface CoreRunnerDeps extends Pick<
  RunnerOptions,
  'transitions' | 'pipelines' | 'planLate' | 'workDirFor' | 'workFolderFor' | 'publishProject'
> {
  config: Pick<DubDeskConfig, 'databaseUrl' | 'concurrency' | 'workerKinds'>;
  store: Pick<Store, 'tasks' | 'logs' | 'workers' | 'client'>;
  pipelines: PipelineRegistry;
  transitions: TaskTransitions;
  files: Pick<FileStore, 'registerResult'>;
  /** This process's id for its task leases. */
  owner: string;
  retryDelayMs?: (failures: number) => number;
  serviceLog: ServiceLog;
  log(line: string, level: 'info' | 'warn' | 'error'): void;
}

/** The job runner: on PostgreSQL graphile-worker hands out the jobs (to this process and to `dubdesk worker`s elsewhere). */
export function createCoreRunner(deps: CoreRunnerDeps): Runner {
  const { config, store, files, log } = deps;
  const options: RunnerOptions = {
    tasks: store.tasks,
    transitions: deps.transitions,
    logs: logsIntoServiceLog(store.logs, deps.serviceLog),
    pipelines: deps.pipelines,
    planLate: deps.planLate,
    workDirFor: deps.workDirFor,
    workFolderFor: deps.workFolderFor,
    concurrency: config.concurrency,
    owner: deps.owner,
    workerName: `${os.hostname()}:${process.pid}`,
    workers: store.workers,
    retryDelayMs: deps.retryDelayMs ?? jobRetryDelayMs,
    reportError: (message) => log(`[runner] ${message}`, 'error'),
    async publishResults(task, produced, workDir) {
      const result: Record<string, string> = {};
      for (const file of produced) {
        const record = await files.registerResult(task.id, path.join(workDir, file.path), file.name);
        result[file.role] = record.id;
      }
      return result;
    },
    publishProject: deps.publishProject,
  };
  if (!config.databaseUrl) return createRunner(options);
  return createGraphileRunner({
    ...options,
    connectionString: config.databaseUrl,
    db: store.client,
    kinds: config.workerKinds ?? null,
    log: (level, message) => log(`[runner] ${message}`, level),
  });
}

/** A job's error lines (an internal error's stack) also go to the service log, which a failed job's message points at. */
function logsIntoServiceLog(logs: TaskLogsRepository, serviceLog: ServiceLog): TaskLogsRepository {
  return {
    ...logs,
    async append(taskId, level, message, at) {
      if (level === 'error') serviceLog.logger.error({ taskId }, message);
      await logs.append(taskId, level, message, at);
    },
  };
}
