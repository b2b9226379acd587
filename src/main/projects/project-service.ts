// Editable projects (docs/api.md "Projects"): made from a job's make-project draft, edited segment by segment with
// optimistic concurrency, and exported as a new task that reuses everything the edits did not touch.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { languagePart } from '../../shared/languages.js';
import type { EditedSegment, Project, ProjectSegment, ProjectSummary, QueuedSpeech, SegmentPatch, SubtitleTrack } from '../../shared/schemas/projects.js';
import { projectUrl } from '../../shared/schemas/projects.js';
import type { JobKind } from '../../shared/jobs.js';
import type { Engines } from '../engines/registry.js';
import { translateEnforcingGlossary } from '../engines/mt/glossary-enforcement.js';
import type { FileStore } from '../files/file-store.js';
import { newId } from '../ids.js';
import { waveformPeaks } from '../media/dsp/waveform-peaks.js';
import type { MediaTools } from '../media/ffmpeg-paths.js';
import type { ProjectDraft, ProjectSnapshot } from '../pipelines/project-snapshot.js';
import { maxCharsFor } from '../pipelines/translate/speech-budget.js';
import type { PipelineRegistry } from '../pipelines/types.js';
import { resolveWorkPath } from '../pipelines/work-paths.js';
import type { JobService } from '../queue/job-service.js';
import { readJobResources } from '../requests/resource-snapshot.js';
import type { ProjectRecord, ProjectsRepository, SegmentFields, SegmentRecord } from '../store/projects-repository.js';
import type { TaskRecord, TasksRepository } from '../store/tasks-repository.js';
import { seedExportWorkDir } from './export-seed.js';
import { checkLineTexts } from './line-limits.js';
import { createLineSpeaker } from './line-speech.js';
import { createLineSpeechQueue } from './line-speech-queue.js';
import { lineVoice } from './line-voice.js';
import { ProjectEvents } from './project-events.js';
import { projectSummaryView, projectView, segmentView } from './project-view.js';
import { mergeSegments, splitSegment, type EditableSegment } from './segment-edits.js';
import { projectSrt, textsFromSrt } from './subtitle-tracks.js';

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

/** Shortest line the editor may make, so a split or a drag never leaves a line with no time to speak. */
const MIN_SEGMENT_MS = 200;

const fieldsOf = (segment: SegmentRecord): SegmentFields => ({
  startMs: segment.startMs, endMs: segment.endMs, sourceText: segment.sourceText, targetText: segment.targetText,
  speaker: segment.speaker, voiceId: segment.voiceId, box: segment.box, blockId: segment.blockId,
});

const editable = (segment: SegmentRecord): EditableSegment => ({
  startMs: segment.startMs, endMs: segment.endMs, sourceText: segment.sourceText, targetText: segment.targetText,
  ...(segment.speaker ? { speaker: segment.speaker } : {}), voiceId: segment.voiceId,
  ...(segment.box ? { box: segment.box } : {}), ...(segment.blockId !== null ? { blockId: segment.blockId } : {}),
});

const fromEditable = (segment: EditableSegment): SegmentFields => ({
  startMs: segment.startMs, endMs: segment.endMs, sourceText: segment.sourceText, targetText: segment.targetText,
  speaker: segment.speaker ?? null, voiceId: segment.voiceId ?? null, box: segment.box ?? null, blockId: segment.blockId ?? null,
});

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

  const links = async (project: ProjectRecord) => ({
    projectUrl: projectUrl(deps.baseUrl(), project.id),
    ...(project.mediaFileId && (await files.get(project.mediaFileId)) ? { mediaUrl: deps.fileUrl(project.mediaFileId) } : {}),
    exportTaskIds: await projects.exports(project.id),
  });

  function checkVoice(voiceId: string | null | undefined): void {
    if (voiceId && !engines.voices().some((voice) => voice.id === voiceId)) {
      throw new DubDeskError('not_found', `Voice ${voiceId} does not exist; GET /v1/voices lists the voices.`);
    }
  }

  /** Times inside the media and long enough; a dubbed line's neighbours are checked where it is written (keepApart). */
  function checkTimes(project: ProjectRecord, startMs: number, endMs: number): void {
    if (!(startMs >= 0) || !(endMs <= project.mediaDurationMs + 1) || endMs - startMs < MIN_SEGMENT_MS) {
      throw new DubDeskError('invalid_request', `A line must lie within the media (0 to ${(project.mediaDurationMs / 1000).toFixed(3)} s) and last at least ${MIN_SEGMENT_MS / 1000} s; got ${(startMs / 1000).toFixed(3)} to ${(endMs / 1000).toFixed(3)} s.`);
    }
  }

  /** Queues a translate line to be spoken; undefined when too many wait (an edit is saved all the same, its fit left unknown). */
  function queueFit(project: ProjectRecord, segment: SegmentRecord): string | undefined {
    if (project.kind !== 'translate' || !segment.targetText.trim()) return undefined;
    try {
      return speeches.enqueue({ projectId: project.id, segmentId: segment.id, revision: segment.revision, purpose: 'fit' });
    } catch (error) {
      if (error instanceof DubDeskError && error.code === 'rate_limited') return undefined;
      throw error;
    }
  }

  function checkBox(box: SegmentPatch['box']): void {
    if (box && (box.width <= 0 || box.height <= 0 || box.x + box.width > 1.0001 || box.y + box.height > 1.0001)) {
      throw new DubDeskError('invalid_request', 'box must lie inside the frame: width and height above 0, x + width and y + height at most 1.');
    }
  }

  /** Proofreading projects learn their speakers' voices from their first finished export. */
  async function adoptExportVoices(project: ProjectRecord): Promise<ProjectRecord> {
    if (project.kind !== 'translate' || Object.keys(project.speakerVoices).length) return project;
    for (const taskId of await projects.exports(project.id)) {
      if ((await tasks.get(taskId))?.status !== 'done') continue;
      const stagesDir = path.join(await localWorkDir(taskId), 'stages');
      const name = (await readdir(stagesDir).catch(() => [] as string[])).find((file) => file.endsWith('-synthesize.json'));
      if (!name) continue;
      const saved = JSON.parse(await readFile(path.join(stagesDir, name), 'utf8')) as { voices?: Record<string, { voiceId: string; pitchSemitones: number }> };
      const voices = Object.fromEntries(Object.entries(saved.voices ?? {}).map(([speaker, voice]) => [speaker, { voiceId: voice.voiceId, pitchSemitones: voice.pitchSemitones }]));
      if (!Object.keys(voices).length) continue;
      await projects.setSpeakerVoices(project.id, voices, now());
      return projects.require(project.id);
    }
    return project;
  }

  async function originTask(project: ProjectRecord): Promise<TaskRecord> {
    const task = await tasks.get(project.taskId);
    if (!task) throw new DubDeskError('not_found', `The task ${project.taskId} that made project ${project.id} no longer exists.`);
    return task;
  }

  return {
    /** Stores a job's draft as its project (once per task) and publishes the input media for the editor. */
    async publish(task: TaskRecord, draft: ProjectDraft, workDir: string): Promise<string> {
      const existing = await projects.byTask(task.id);
      if (existing) return existing.id;
      const mediaFile = resolveWorkPath(workDir, draft.media);
      const media = await files.registerResult(task.id, mediaFile, path.basename(mediaFile));
      const project = await projects.create({
        id: newId(), taskId: task.id, kind: draft.kind, sourceLanguage: draft.sourceLanguage, targetLanguage: draft.targetLanguage,
        mediaDurationMs: draft.mediaDurationMs, mediaFileId: media.id,
        // Relative to the job's work folder (read wherever that folder is fetched to); older records hold an absolute path.
        waveformFile: draft.waveformAudio ?? null,
        speakerVoices: draft.speakerVoices,
        segments: draft.segments.map((segment) => fromEditable({ ...segment, voiceId: segment.voiceId ?? null })),
        now: now(),
      });
      await mkdir(projectDir(project.id), { recursive: true });
      return project.id;
    },

    async list(taskId?: string): Promise<ProjectSummary[]> {
      const found = taskId ? [await projects.byTask(taskId)].filter((project): project is ProjectRecord => Boolean(project)) : await projects.list();
      return Promise.all(found.map(async (project) => projectSummaryView(project, { ...(await links(project)), segmentCount: await projects.segmentCount(project.id) })));
    },

    async get(projectId: string): Promise<Project> {
      const project = await adoptExportVoices(await projects.require(projectId));
      return projectView(project, await projects.segments(project.id), await links(project));
    },

    async patch(projectId: string, segmentId: string, patch: SegmentPatch): Promise<EditedSegment> {
      const project = await projects.require(projectId);
      const current = await projects.segment(projectId, segmentId, patch.revision);
      const startMs = patch.start !== undefined ? Math.round(patch.start * 1000) : current.startMs;
      const endMs = patch.end !== undefined ? Math.round(patch.end * 1000) : current.endMs;
      if (startMs !== current.startMs || endMs !== current.endMs) checkTimes(project, startMs, endMs);
      checkVoice(patch.voice_id);
      checkBox(patch.box);
      const next: SegmentFields = {
        ...fieldsOf(current), startMs, endMs,
        ...(patch.source_text !== undefined ? { sourceText: patch.source_text } : {}),
        ...(patch.target_text !== undefined ? { targetText: patch.target_text } : {}),
        ...(patch.speaker !== undefined ? { speaker: patch.speaker } : {}),
        ...(patch.voice_id !== undefined ? { voiceId: patch.voice_id } : {}),
        ...(patch.box !== undefined ? { box: patch.box } : {}),
      };
      checkLineTexts(next, `Line ${segmentId}`, 'Shorten it, or split the line first.');
      const changed = (Object.keys(next) as Array<keyof SegmentFields>).some((key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]));
      if (!changed) return segmentView(project, current);
      // What the line sounds like or when it is spoken changed: its fit is measured again.
      const sound = next.targetText !== current.targetText || next.voiceId !== current.voiceId || next.startMs !== current.startMs || next.endMs !== current.endMs || next.speaker !== current.speaker;
      const saved = await projects.updateSegment(projectId, segmentId, patch.revision, (segment) => ({
        ...segment, ...next, status: 'edited', fit: sound ? null : segment.fit,
      }), now(), { keepApart: project.kind === 'translate' });
      // Its fit is measured off the request path: the answer says which line_spoken event brings it.
      const speechId = sound ? queueFit(project, saved) : undefined;
      return { ...segmentView(project, saved), ...(speechId ? { speech_id: speechId } : {}) };
    },

    async split(projectId: string, segmentId: string, atSeconds: number, revision?: number): Promise<{ revision: number; segments: ProjectSegment[] }> {
      const project = await projects.require(projectId);
      const fresh = await projects.replaceSegments(projectId, [{ id: segmentId, revision }], ([segment]) => splitSegment(editable(segment!), Math.round(atSeconds * 1000)).map(fromEditable), now());
      return { revision: (await projects.require(projectId)).revision, segments: fresh.map((item) => segmentView(project, item)) };
    },

    async merge(projectId: string, segmentIds: readonly string[]): Promise<{ revision: number; segments: ProjectSegment[] }> {
      const project = await projects.require(projectId);
      const all = await projects.segments(projectId);
      const wanted = new Set(segmentIds);
      const positions = all.flatMap((segment, i) => (wanted.has(segment.id) ? [i] : []));
      if (positions.length !== wanted.size) {
        const missing = [...wanted].find((id) => !all.some((segment) => segment.id === id));
        await projects.segment(projectId, missing!, undefined); // 409 for a line split or merged away, else 404
      }
      if (positions.some((position, i) => i > 0 && position !== positions[i - 1]! + 1)) {
        throw new DubDeskError('invalid_request', `Only neighbouring lines can be merged; ${segmentIds.join(', ')} have other lines between them.`);
      }
      const chosen = positions.map((position) => all[position]!);
      // Merged from the lines as they are when written; a line that moved between them meanwhile refuses it (keepApart).
      const fresh = await projects.replaceSegments(projectId, chosen.map((segment) => ({ id: segment.id })), (current) => {
        const merged = mergeSegments([...current].sort((a, b) => a.startMs - b.startMs).map(editable));
        checkLineTexts(merged, `The line merged from ${chosen.length} lines`, 'Shorten the lines first, or merge fewer of them.');
        return [fromEditable(merged)];
      }, now(), { keepApart: project.kind === 'translate' });
      return { revision: (await projects.require(projectId)).revision, segments: fresh.map((item) => segmentView(project, item)) };
    },

    /** Queues one line to be spoken as the export will, with a preview over the original's audio of its time (line_spoken event). */
    async synthesize(projectId: string, segmentId: string): Promise<QueuedSpeech> {
      const project = await projects.require(projectId);
      if (project.kind !== 'translate') throw new DubDeskError('invalid_request', 'Visual translation projects have no voices to regenerate.');
      const segment = await projects.segment(projectId, segmentId, undefined);
      if (!segment.targetText.trim()) throw new DubDeskError('invalid_request', `Line ${segmentId} has no translation to speak.`);
      // What can be known now is refused now: a cloning voice, a voice that is gone.
      engines.ttsFor(lineVoice(segment, project, engines).voiceId);
      const speechId = speeches.enqueue({ projectId, segmentId, revision: segment.revision, purpose: 'preview' });
      return { speech_id: speechId, segment: segmentView(project, segment) };
    },

    /** Translates one line again with the job's engine, glossaries and prompt. */
    async retranslate(projectId: string, segmentId: string): Promise<EditedSegment> {
      const project = await projects.require(projectId);
      const segment = await projects.segment(projectId, segmentId, undefined);
      if (!segment.sourceText.trim()) throw new DubDeskError('invalid_request', `Line ${segmentId} has no source text to translate.`);
      const origin = await originTask(project);
      const translator = engines.requireTranslator(languagePart(project.sourceLanguage), languagePart(project.targetLanguage));
      const resources = await readJobResources(await localWorkDir(origin.id), origin.request);
      const { texts } = await translateEnforcingGlossary(translator, {
        texts: [segment.sourceText], sourceLanguage: languagePart(project.sourceLanguage), targetLanguage: languagePart(project.targetLanguage),
        ...(project.kind === 'translate' ? { maxChars: [maxCharsFor(segment.endMs - segment.startMs, project.targetLanguage)] } : {}),
        glossary: resources.glossaries.flatMap((snapshot) => snapshot.entries),
        userPrompt: typeof origin.request.user_prompt === 'string' ? origin.request.user_prompt : undefined,
        // An editor waits for this answer; a translator that hangs must not hold it forever.
        signal: AbortSignal.timeout(120_000),
      }, () => undefined);
      const text = (texts[0] ?? '').replace(/[ \t]{2,}/gu, ' ').trim();
      return this.patch(projectId, segmentId, { revision: segment.revision, target_text: text });
    },

    /** One voice for all of a speaker's lines (null: the voice the export chooses); each line's own choice is cleared. */
    async setSpeakerVoice(projectId: string, speaker: string, voiceId: string | null): Promise<{ revision: number; segments: ProjectSegment[] }> {
      const project = await projects.require(projectId);
      if (project.kind !== 'translate') throw new DubDeskError('invalid_request', 'Visual translation projects have no voices.');
      checkVoice(voiceId);
      const theirs = (await projects.segments(projectId)).filter((segment) => segment.speaker === speaker);
      if (!theirs.length) throw new DubDeskError('not_found', `Project ${projectId} has no lines of ${speaker}.`);
      const voices = { ...project.speakerVoices };
      if (voiceId) voices[speaker] = { voiceId, pitchSemitones: 0 };
      else delete voices[speaker];
      await projects.setSpeakerVoices(projectId, voices, now());
      const changed: SegmentRecord[] = [];
      for (const segment of theirs) {
        changed.push(await projects.updateSegment(projectId, segment.id, undefined, (current) => ({
          ...current, voiceId: null, status: 'edited', fit: null,
        }), now()));
      }
      return { revision: (await projects.require(projectId)).revision, segments: changed.map((segment) => segmentView(project, segment)) };
    },

    /** A new task of the project's kind from its lines, reusing every stage the edits do not touch (docs/api.md "Projects"). */
    async export(projectId: string, exportType?: string): Promise<{ task_id: string }> {
      const project = await adoptExportVoices(await projects.require(projectId));
      const pipeline = deps.pipelines[project.kind];
      if (!pipeline?.projectExport) throw new DubDeskError('pipeline_unavailable', `This DubDesk build cannot export ${project.kind} projects.`);
      const origin = await originTask(project);
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
        projectId, clipCache: path.join(projectDir(projectId), 'clips'), encodedAudioCache: path.join(projectDir(projectId), 'encoded-audio'),
        encodedVideoCache: path.join(projectDir(projectId), 'encoded-video'),
        speakerVoices: project.speakerVoices,
        lines: segments.map((segment, i) => ({
          index: i + 1, ...editable(segment), voiceId: segment.voiceId ?? undefined, edited: segment.status !== 'ok',
        })),
      };
      const request: Record<string, unknown> = { ...origin.request, project_mode: 'none' };
      if (project.kind === 'translate') {
        request.enable_proofreading = false;
        if (exportType) request.export_type = exportType;
      }
      const baseWorkDir = await localWorkDir(base.id);
      const taskId = await deps.jobs.createPrepared(origin.kind as JobKind, request, { inputName: origin.inputName, callbackUrl: origin.callbackUrl }, (workDir) => seedExportWorkDir({
        from: baseWorkDir, to: workDir, stages: pipeline.stages, rerun: pipeline.projectExport!.rerun, snapshot,
      }));
      await projects.addExport(projectId, taskId, now());
      return { task_id: taskId };
    },

    async subtitles(projectId: string, track: SubtitleTrack): Promise<string> {
      await projects.require(projectId);
      return projectSrt(await projects.segments(projectId), track);
    },

    /** Replaces one track's texts from an SRT with as many cues as the project has lines. */
    async replaceSubtitles(projectId: string, track: 'source' | 'target', file: Buffer): Promise<Project> {
      const segments = await projects.segments(projectId);
      const texts = textsFromSrt(file, segments.length);
      const field = track === 'source' ? 'sourceText' : 'targetText';
      for (const [i, text] of texts.entries()) {
        const line = { sourceText: '', targetText: '', [field]: text };
        checkLineTexts(line, `Cue ${i + 1} of the SRT`, 'Shorten it, or split the line in the project first.', 'invalid_subtitle');
      }
      await projects.replaceTexts(projectId, field, segments.map((segment, i) => ({ id: segment.id, text: texts[i]! })), now());
      return this.get(projectId);
    },

    async waveform(projectId: string, points: number): Promise<{ duration: number; peaks: number[] }> {
      const project = await projects.require(projectId);
      if (!project.waveformFile) throw new DubDeskError('not_found', `Project ${projectId} has no audio track to draw.`);
      const { durationSec, peaks } = await waveformPeaks(resolveWorkPath(await localWorkDir(project.taskId), project.waveformFile), points);
      return { duration: durationSec, peaks };
    },

    async delete(projectId: string): Promise<void> {
      const project = await projects.require(projectId);
      for (const segment of await projects.segments(projectId)) for (const id of segment.previewFileIds) await files.remove(id);
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
