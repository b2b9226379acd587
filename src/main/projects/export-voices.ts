// A proofreading project's speaker voices, taken from its first finished export's synthesize stage.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectRecord, ProjectsRepository } from '../store/projects-repository.js';
import type { TasksRepository } from '../store/tasks-repository.js';

export interface ExportVoicesDeps {
  projects: ProjectsRepository;
  tasks: TasksRepository;
  /** A task's work folder, here and complete. */
  localWorkDir(taskId: string): Promise<string>;
  now(): number;
}

/** Proofreading projects learn their speakers' voices from their first finished export. */
export async function adoptExportVoices(project: ProjectRecord, deps: ExportVoicesDeps): Promise<ProjectRecord> {
  const { projects, tasks, localWorkDir, now } = deps;
  if (project.kind !== 'translate' || Object.keys(project.speakerVoices).length) return project;
  for (const taskId of await projects.exports(project.id)) {
    if ((await tasks.get(taskId))?.status !== 'done') continue;
    const stagesDir = path.join(await localWorkDir(taskId), 'stages');
    const name = (await readdir(stagesDir).catch(() => [] as string[])).find((file) =>
      file.endsWith('-synthesize.json'),
    );
    if (!name) continue;
    const saved = JSON.parse(await readFile(path.join(stagesDir, name), 'utf8')) as {
      voices?: Record<string, { voiceId: string; pitchSemitones: number }>;
    };
    const voices = Object.fromEntries(
      Object.entries(saved.voices ?? {}).map(([speaker, voice]) => [
        speaker,
        { voiceId: voice.voiceId, pitchSemitones: voice.pitchSemitones },
      ]),
    );
    if (!Object.keys(voices).length) continue;
    await projects.setSpeakerVoices(project.id, voices, now());
    return projects.require(project.id);
  }
  return project;
}
