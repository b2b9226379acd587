// A project's export: a new task of its kind from its lines, seeded with every stage output of the newest finished
// export (or the original job) that the edits do not touch (docs/api.md "Projects").
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import type { JobKind } from '../../shared/jobs.js';
import type { ProjectSnapshot } from '../pipelines/project-snapshot.js';
import type { PipelineRegistry } from '../pipelines/types.js';
import type { JobService } from '../queue/job-service.js';
import type { ProjectRecord, ProjectsRepository } from '../store/projects-repository.js';
import type { TasksRepository } from '../store/tasks-repository.js';
import { seedExportWorkDir } from './export-seed.js';
import { originTask } from './origin-task.js';
import { editable } from './segment-fields.js';

export interface ProjectExportDeps {
  projects: ProjectsRepository;
  tasks: TasksRepository;
  jobs: JobService;
  pipelines: PipelineRegistry;
  projectDir(projectId: string): string;
  localWorkDir(taskId: string): Promise<string>;
  now(): number;
}

/** Queues the export of `project` (its voices already adopted) and records it; the new task's id. */
export async function exportProject(
  deps: ProjectExportDeps,
  project: ProjectRecord,
  exportType?: string,
): Promise<{ task_id: string }> {
  const { projects, tasks, projectDir, localWorkDir, now } = deps;
  const projectId = project.id;
  const pipeline = deps.pipelines[project.kind];
  if (!pipeline?.projectExport)
    throw new DubDeskError('pipeline_unavailable', `This DubDesk build cannot export ${project.kind} projects.`);
  const origin = await originTask(tasks, project);
  // The newest finished export has the most to reuse (a proofreading job never separated or erased anything).
  let base = origin;
  for (const id of await projects.exports(projectId)) {
    const task = await tasks.get(id);
    if (task?.status === 'done') {
      base = task;
      break;
    }
  }
  const segments = await projects.segments(projectId);
  const snapshot: Omit<ProjectSnapshot, 'previousOutputs'> = {
    projectId,
    clipCache: path.join(projectDir(projectId), 'clips'),
    encodedAudioCache: path.join(projectDir(projectId), 'encoded-audio'),
    encodedVideoCache: path.join(projectDir(projectId), 'encoded-video'),
    speakerVoices: project.speakerVoices,
    lines: segments.map((segment, i) => ({
      index: i + 1,
      ...editable(segment),
      voiceId: segment.voiceId ?? undefined,
      edited: segment.status !== 'ok',
    })),
  };
  const request: Record<string, unknown> = { ...origin.request, project_mode: 'none' };
  if (project.kind === 'translate') {
    request.enable_proofreading = false;
    if (exportType) request.export_type = exportType;
  }
  const baseWorkDir = await localWorkDir(base.id);
  const taskId = await deps.jobs.createPrepared(
    origin.kind as JobKind,
    request,
    { inputName: origin.inputName, callbackUrl: origin.callbackUrl, resultBaseUrl: origin.resultBaseUrl },
    (workDir) =>
      seedExportWorkDir({
        from: baseWorkDir,
        to: workDir,
        stages: pipeline.stages,
        rerun: pipeline.projectExport!.rerun,
        snapshot,
      }),
  );
  await projects.addExport(projectId, taskId, now());
  return { task_id: taskId };
}
