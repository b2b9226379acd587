// Editable projects (docs/api.md "Projects"): made from a job's make-project draft, edited segment by segment with
// optimistic concurrency, and exported as a new task that reuses everything the edits did not touch.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { languagePart } from '../../shared/languages.js';
import type { QueuedSpeech, TranslatedSegment } from '../../shared/schemas/projects.js';
import { projectUrl } from '../../shared/schemas/projects.js';
import type { Engines } from '../engines/registry.js';
import { translateEnforcingGlossary } from '../engines/mt/glossary-enforcement.js';
import type { FileStore } from '../files/file-store.js';
import { waveformPeaks } from '../media/dsp/waveform-peaks.js';
import type { MediaTools } from '../media/ffmpeg-paths.js';
import type { ProjectDraft } from '../pipelines/project-snapshot.js';
import { maxCharsFor } from '../dubbing/speech-budget.js';
import type { PipelineRegistry } from '../pipelines/types.js';
import { resolveWorkPath } from '../pipelines/work-paths.js';
import type { JobService } from '../queue/job-service.js';
import { glossaryEntriesFor } from '../requests/glossary-pairs.js';
import { readJobResources } from '../requests/resource-snapshot.js';
import type { ProjectRecord, ProjectsRepository } from '../store/projects-repository.js';
import type { TaskRecord, TasksRepository } from '../store/tasks-repository.js';
import { adoptExportVoices as adoptVoices } from './export-voices.js';
import { createLineEdits } from './line-edits.js';
import { createLineSpeaker } from './line-speech.js';
import { createLineSpeechQueue } from './line-speech-queue.js';
import { lineVoice } from './line-voice.js';
import { originTask } from './origin-task.js';
import { exportProject } from './project-export.js';
import { ProjectEvents } from './project-events.js';
import { publishProject } from './project-publish.js';
import { createProjectReads, type ProjectUrls } from './project-reads.js';
import { createProjectSubtitles } from './project-subtitles.js';
import { segmentView } from './project-view.js';
import { originUserPrompt, withRetranslateWarnings } from './retranslate-warnings.js';

export type { ProjectUrls } from './project-reads.js';

export interface ProjectServiceDeps {
  projects: ProjectsRepository;
  tasks: TasksRepository;
  jobs: JobService;
  files: FileStore;
  engines: Engines;
  media: MediaTools;
  pipelines: PipelineRegistry;
  /** `<data>/projects`: each project's folder (its clips and previews). */
  projectsDir: string;
  workDirFor(taskId: string): string;
  /** With shared storage: brings a task's work folder here (the job may have run on another machine) before it is read. */
  fetchWorkFolder?(taskId: string): Promise<unknown>;
  fileUrl(fileId: string): string;
  baseUrl(): string;
  /** The timing fit's time-stretch cap (the jobs' own). */
  maxStretch: number;
  /** Where `line_spoken` events go (GET /v1/events); the service makes its own when none is given. */
  events?: ProjectEvents;
  /** One project's clip cache at most; default PROJECT_CLIP_CACHE_CAP_BYTES. */
  clipCacheCapBytes?: number;
  log?: (line: string, level: 'warn' | 'error') => void;
  now?: () => number;
}

export type ProjectService = ReturnType<typeof createProjectService>;

export function createProjectService(deps: ProjectServiceDeps) {
  const { projects, tasks, files, engines } = deps;
  const now = deps.now ?? Date.now;
  const projectDir = (id: string) => path.join(deps.projectsDir, id);
  const events = deps.events ?? new ProjectEvents();
  const speaker = createLineSpeaker({ ...deps, events, projectDir });
  const speeches = createLineSpeechQueue({ run: speaker.run });
  /** A task's work folder, here and complete, to read its stage outputs from. */
  const localWorkDir = async (taskId: string): Promise<string> => {
    await deps.fetchWorkFolder?.(taskId);
    return deps.workDirFor(taskId);
  };

  const ownUrls: ProjectUrls = { file: deps.fileUrl, project: (id) => projectUrl(deps.baseUrl(), id) };
  const adoptExportVoices = (project: ProjectRecord) => adoptVoices(project, { projects, tasks, localWorkDir, now });
  const reads = createProjectReads({ projects, files, ownUrls, adoptExportVoices });
  const lineEdits = createLineEdits({ projects, engines, speeches, now });

  return {
    /** Stores a job's draft as its project (once per task) and publishes the input media for the editor. */
    publish: (task: TaskRecord, draft: ProjectDraft, workDir: string): Promise<string> =>
      publishProject({ projects, files, projectDir, now }, task, draft, workDir),

    ...reads,

    ...lineEdits,

    /** Queues one line to be spoken as the export will, with a preview over the original's audio of its time (line_spoken event). */
    async synthesize(projectId: string, segmentId: string): Promise<QueuedSpeech> {
      const project = await projects.require(projectId);
      if (project.kind !== 'translate')
        throw new DubDeskError('invalid_request', 'Visual translation projects have no voices to regenerate.');
      const segment = await projects.segment(projectId, segmentId, undefined);
      if (!segment.targetText.trim())
        throw new DubDeskError('invalid_request', `Line ${segmentId} has no translation to speak.`);
      // What can be known now is refused now: a cloning voice, a voice that is gone.
      engines.ttsFor(lineVoice(segment, project, engines).voiceId);
      const speechId = speeches.enqueue({ projectId, segmentId, revision: segment.revision, purpose: 'preview' });
      return { speech_id: speechId, segment: segmentView(project, segment) };
    },

    /** Translates one line again with the job's engine, glossaries and prompt. */
    async retranslate(projectId: string, segmentId: string): Promise<TranslatedSegment> {
      const project = await projects.require(projectId);
      const segment = await projects.segment(projectId, segmentId, undefined);
      if (!segment.sourceText.trim())
        throw new DubDeskError('invalid_request', `Line ${segmentId} has no source text to translate.`);
      const origin = await originTask(tasks, project);
      const translator = engines.requireTranslator(
        languagePart(project.sourceLanguage),
        languagePart(project.targetLanguage),
      );
      const resources = await readJobResources(await localWorkDir(origin.id), origin.request);
      const { texts } = await translateEnforcingGlossary(
        translator,
        {
          texts: [segment.sourceText],
          sourceLanguage: languagePart(project.sourceLanguage),
          targetLanguage: languagePart(project.targetLanguage),
          ...(project.kind === 'translate'
            ? { maxChars: [maxCharsFor(segment.endMs - segment.startMs, project.targetLanguage)] }
            : {}),
          glossary: glossaryEntriesFor(resources.glossaries, project.sourceLanguage, project.targetLanguage),
          userPrompt: originUserPrompt(origin.request),
          // An editor waits for this answer; a translator that hangs must not hold it forever.
          signal: AbortSignal.timeout(120_000),
        },
        () => undefined,
      );
      const text = (texts[0] ?? '').replace(/[ \t]{2,}/gu, ' ').trim();
      const edited = await this.patch(projectId, segmentId, { revision: segment.revision, target_text: text });
      return withRetranslateWarnings(edited, originUserPrompt(origin.request), translator);
    },

    /** A new task of the project's kind from its lines, reusing every stage the edits do not touch (docs/api.md "Projects"). */
    async export(projectId: string, exportType?: string): Promise<{ task_id: string }> {
      const project = await adoptExportVoices(await projects.require(projectId));
      return exportProject({ ...deps, projectDir, localWorkDir, now }, project, exportType);
    },

    ...createProjectSubtitles({ projects, get: reads.get, now }),

    async waveform(projectId: string, points: number): Promise<{ duration: number; peaks: number[] }> {
      const project = await projects.require(projectId);
      if (!project.waveformFile)
        throw new DubDeskError('not_found', `Project ${projectId} has no audio track to draw.`);
      const { durationSec, peaks } = await waveformPeaks(
        resolveWorkPath(await localWorkDir(project.taskId), project.waveformFile),
        points,
      );
      return { duration: durationSec, peaks };
    },

    async delete(projectId: string): Promise<void> {
      const project = await projects.require(projectId);
      for (const segment of await projects.segments(projectId))
        for (const id of segment.previewFileIds) await files.remove(id);
      if (project.mediaFileId) await files.remove(project.mediaFileId);
      await projects.delete(projectId);
      await rm(projectDir(projectId), { recursive: true, force: true });
    },

    /** Where `line_spoken` events are told (GET /v1/events). */
    events,
    /** Cancels the line being spoken and drops those waiting (service shutdown). */
    close: () => speeches.close(),

    /** The project a task was exported from, if it still exists. */
    exportedFrom: (taskId: string): Promise<string | undefined> => projects.exportedFrom(taskId),

    /** The folder of the task's project (its rows go with the task's by cascade; its files are removed with the task's). */
    async removeTaskProjectFiles(taskId: string): Promise<void> {
      const project = await projects.byTask(taskId);
      if (project) await rm(projectDir(project.id), { recursive: true, force: true });
    },
  };
}
