// A job's make-project draft stored as its project, once per task, with the input media published for the editor.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../files/file-store.js';
import { newId } from '../ids.js';
import type { ProjectDraft } from '../pipelines/project-snapshot.js';
import { resolveWorkPath } from '../pipelines/work-paths.js';
import type { ProjectsRepository } from '../store/projects-repository.js';
import type { TaskRecord } from '../store/tasks-repository.js';
import { fromEditable } from './segment-fields.js';

export interface ProjectPublishDeps {
  projects: ProjectsRepository;
  files: FileStore;
  /** The project's folder (its clips and previews). */
  projectDir(projectId: string): string;
  now(): number;
}

/** The project's id; a resumed job's second call answers the first one's project. */
export async function publishProject(
  deps: ProjectPublishDeps,
  task: TaskRecord,
  draft: ProjectDraft,
  workDir: string,
): Promise<string> {
  const { projects, files } = deps;
  const existing = await projects.byTask(task.id);
  if (existing) return existing.id;
  const mediaFile = resolveWorkPath(workDir, draft.media);
  const media = await files.registerResult(task.id, mediaFile, path.basename(mediaFile));
  const project = await projects.create({
    id: newId(),
    taskId: task.id,
    kind: draft.kind,
    sourceLanguage: draft.sourceLanguage,
    targetLanguage: draft.targetLanguage,
    mediaDurationMs: draft.mediaDurationMs,
    mediaFileId: media.id,
    // Relative to the job's work folder (read wherever that folder is fetched to); older records hold an absolute path.
    waveformFile: draft.waveformAudio ?? null,
    speakerVoices: draft.speakerVoices,
    segments: draft.segments.map((segment) => fromEditable({ ...segment, voiceId: segment.voiceId ?? null })),
    now: deps.now(),
  });
  await mkdir(deps.projectDir(project.id), { recursive: true });
  return project.id;
}
