import type { DataPaths, DubDeskConfig } from './config.js';
import type { ServiceAddress } from './core-address.js';
import type { CoreFolders } from './core-folders.js';
import { createCoreRunner } from './core-runner.js';
import type { Engines } from './engines/registry.js';
import type { FileStore } from './files/file-store.js';
import type { ServiceLog } from './logging/service-log.js';
import type { MediaTools } from './media/ffmpeg-paths.js';
import type { PlanLookups } from './pipelines/kind.js';
import type { KindRegistry } from './pipelines/kinds.js';
import type { PipelineRegistry } from './pipelines/types.js';
import { storedPlan } from './plans/job-plan.js';
import { createProjectService, type ProjectService } from './projects/project-service.js';
import type { CallbackDeliverer } from './queue/callbacks/deliverer.js';
import { createJobService, type JobService } from './queue/job-service.js';
import type { Runner } from './queue/runner.js';
import { cloudStatusRecord } from './queue/status-record.js';
import type { TaskEvents } from './queue/task-events.js';
import { createTaskTransitions, type TaskTransitions } from './queue/task-transitions.js';
import { snapshotJobResources } from './requests/resource-snapshot.js';
import type { Store } from './store/store.js';
import type { JobPlan } from '../shared/schemas/job-plan.js';

export interface CoreJobsDeps {
  config: DubDeskConfig;
  paths: DataPaths;
  store: Store;
  events: TaskEvents;
  kinds: KindRegistry;
  pipelines: PipelineRegistry;
  engines: Engines;
  files: FileStore;
  media: MediaTools;
  callbacks: Pick<CallbackDeliverer, 'kick'>;
  address: ServiceAddress;
  folders: CoreFolders;
  /** This process's id for its task leases. */
  owner: string;
  retryDelayMs?: (failures: number) => number;
  serviceLog: ServiceLog;
  log(line: string, level?: 'info' | 'warn' | 'error'): void;
}

/** The queue's side of the core: status changes (and their callbacks), the runner, the job service, the projects. */
export interface CoreJobs {
  readonly transitions: TaskTransitions;
  readonly runner: Runner;
  readonly jobs: JobService;
  readonly projects: ProjectService;
}

export function createCoreJobs(deps: CoreJobsDeps): CoreJobs {
  const { config, store, kinds, files, folders } = deps;
  const transitions = createStatusTransitions(deps);
  // One planner for create, legacy tasks' first run and the API's plan answer: the kind's, over this core's engines.
  const lookups: PlanLookups = {
    async reusableModelDir(id) {
      const record = await store.reusableModels.get(id);
      return record ? folders.reusableModelFolder(record.path) : undefined;
    },
  };
  const planJob = async (kindId: string, request: Record<string, unknown>): Promise<JobPlan | undefined> => {
    const kind = kinds.find(kindId);
    return kind?.plan ? storedPlan(await kind.plan(request, deps.engines, lookups), new Date()) : undefined;
  };
  // The runner stores projects through this service, which needs the job service the runner feeds: made after both.
  let projects: ProjectService | undefined;
  const runner = createCoreRunner({
    ...deps,
    transitions,
    planLate: (task) => planJob(task.kind, task.request),
    workDirFor: folders.workDirFor,
    workFolderFor: folders.workFolders?.forTask,
    publishProject: (task, draft) => projects!.publish(task, draft, folders.workDirFor(task.id)),
  });
  const jobs = createJobService({
    store,
    runner,
    events: deps.events,
    workDirFor: folders.workDirFor,
    statusesOf: kinds.statusesOf,
    workFolders: folders.workFolders,
    planJob,
    snapshotResources: (request, workDir) =>
      snapshotJobResources(request, workDir, { glossaries: store.glossaries, subtitleStyles: store.subtitleStyles }),
    deleteTaskFiles: async (taskId) => {
      await projects!.removeTaskProjectFiles(taskId);
      await files.deleteForTask(taskId);
      await folders.workFolders?.remove(taskId);
    },
    maxQueuedJobs: config.maxQueuedJobs,
  });
  projects = createProjectService({
    projects: store.projects,
    tasks: store.tasks,
    jobs,
    files,
    engines: deps.engines,
    media: deps.media,
    pipelines: deps.pipelines,
    projectsDir: deps.paths.projects,
    workDirFor: folders.workDirFor,
    fetchWorkFolder: folders.fetchWorkFolder,
    fileUrl: deps.address.fileUrl,
    baseUrl: deps.address.baseUrl,
    maxStretch: config.maxStretch,
    log: deps.log,
  });
  return { transitions, runner, jobs, projects };
}

/** Every status change goes through here; one with a callback URL queues its callback in the same transaction. */
function createStatusTransitions({ store, events, kinds, address, callbacks }: CoreJobsDeps): TaskTransitions {
  const statusShapeOf = (kind: string) => kinds.find(kind)?.statusShape ?? 'result';
  return createTaskTransitions({
    store,
    events,
    statusesOf: kinds.statusesOf,
    async onStatusChanged(task, tx) {
      if (!task.callbackUrl) return;
      await tx.outbox.enqueue({
        taskId: task.id,
        url: task.callbackUrl,
        // The address the task was created at, which a client on the LAN can reach (docs/api.md "URLs").
        body: cloudStatusRecord(task, address.resultUrlsAt(task.resultBaseUrl ?? undefined), statusShapeOf(task.kind)),
      });
    },
    afterStatusChanged(task) {
      if (task.callbackUrl) setImmediate(() => callbacks.kick());
    },
  });
}
