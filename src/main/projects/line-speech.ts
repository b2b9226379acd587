// Speaking one queued project line (line-speech-queue.ts), off the request path: its takes go to the project's clip
// cache (FLAC on disk, as a job's do), its fit is kept only if the line was not edited meanwhile, a preview is written
// block by block, superseded takes are pruned, and a `line_spoken` event tells how it went.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import type { LineSpokenEvent, SegmentStatus } from '../../shared/schemas/projects.js';
import type { Engines } from '../engines/registry.js';
import type { FileStore } from '../files/file-store.js';
import type { MediaTools } from '../media/ffmpeg-paths.js';
import { clipSamples } from '../dubbing/dub-track.js';
import { openClipCache } from '../dubbing/clip-cache.js';
import type { ProjectRecord, ProjectsRepository, SegmentRecord } from '../store/projects-repository.js';
import type { TasksRepository } from '../store/tasks-repository.js';
import { pruneProjectClips } from './clip-retention.js';
import { lineRoomMs } from './line-fit.js';
import { writeLinePreview } from './line-preview.js';
import type { SpeechJob } from './line-speech-queue.js';
import { lineTakesUser, lineVoice, speakLine } from './line-voice.js';
import type { ProjectEvents } from './project-events.js';
import { segmentView } from './project-view.js';

export interface LineSpeechDeps {
  projects: ProjectsRepository;
  tasks: TasksRepository;
  files: FileStore;
  engines: Engines;
  media: MediaTools;
  events: ProjectEvents;
  projectDir(projectId: string): string;
  fileUrl(fileId: string): string;
  maxStretch: number;
  clipCacheCapBytes?: number;
  /** A failure that is not the catalogue's (a bug) goes to the service log as well as to the event. */
  log?: (line: string, level: 'warn' | 'error') => void;
}

const FINAL = new Set(['done', 'failed', 'cancelled']);

/** The line as the job found it, or why it is no longer the one queued (edited, split, merged, deleted). */
async function queuedLine(
  deps: LineSpeechDeps,
  job: SpeechJob,
): Promise<{ project: ProjectRecord; segment: SegmentRecord } | { gone: true; now?: SegmentRecord }> {
  const project = await deps.projects.get(job.projectId);
  if (!project) return { gone: true };
  const segment = await deps.projects.segment(job.projectId, job.segmentId, undefined).catch(() => undefined);
  if (!segment || segment.revision !== job.revision) return { gone: true, ...(segment ? { now: segment } : {}) };
  return { project, segment };
}

/** A preview's two files (the line alone, and mixed with the original), published as the project task's results. */
async function publishLinePreview(
  deps: LineSpeechDeps,
  line: {
    project: ProjectRecord;
    segment: SegmentRecord;
    speechId: string;
    spoken: Awaited<ReturnType<typeof speakLine>>;
    signal: AbortSignal;
  },
): Promise<{ previewFileIds: string[]; urls: { audio_url?: string; with_original_url?: string } }> {
  const { project, segment, spoken, signal } = line;
  const previewFileIds: string[] = [];
  const urls: { audio_url?: string; with_original_url?: string } = {};
  const previews = path.join(deps.projectDir(project.id), 'previews');
  await mkdir(previews, { recursive: true });
  const stem = `${segment.id}-r${segment.revision}-${line.speechId}`;
  const alone = path.join(previews, `${stem}.wav`);
  const withOriginal = path.join(previews, `${stem}.with-original.wav`);
  try {
    const mediaRecord = project.mediaFileId ? await deps.files.get(project.mediaFileId) : undefined;
    await writeLinePreview({
      ffmpeg: deps.media.ffmpeg,
      clip: { samples: await clipSamples(spoken.clip, signal), sampleRate: spoken.clip.sampleRate },
      fit: spoken.fit,
      ...(mediaRecord
        ? {
            original: {
              path: await deps.files.localPath(mediaRecord),
              startMs: segment.startMs,
              endMs: segment.endMs,
            },
          }
        : {}),
      aloneFile: alone,
      withOriginalFile: withOriginal,
      signal,
    });
    const aloneRecord = await deps.files.registerResult(project.taskId, alone, `line-${segment.id}.wav`);
    previewFileIds.push(aloneRecord.id);
    const mixedRecord = await deps.files.registerResult(
      project.taskId,
      withOriginal,
      `line-${segment.id}-with-original.wav`,
    );
    previewFileIds.push(mixedRecord.id);
    Object.assign(urls, {
      audio_url: deps.fileUrl(aloneRecord.id),
      with_original_url: deps.fileUrl(mixedRecord.id),
    });
  } finally {
    await rm(alone, { force: true });
    await rm(withOriginal, { force: true });
  }
  return { previewFileIds, urls };
}

export function createLineSpeaker(deps: LineSpeechDeps) {
  const { projects, engines } = deps;
  const publish = (
    job: SpeechJob,
    fields: Omit<LineSpokenEvent, 'speech_id' | 'project_id' | 'segment_id' | 'purpose'>,
  ) =>
    deps.events.publish({
      speech_id: job.speechId,
      project_id: job.projectId,
      segment_id: job.segmentId,
      purpose: job.purpose,
      ...fields,
    });

  /** Drops superseded takes, unless an export of the project is under way (it may be reading any of them). */
  async function prune(project: ProjectRecord): Promise<void> {
    for (const taskId of await projects.exports(project.id)) {
      const status = (await deps.tasks.get(taskId))?.status;
      if (status && !FINAL.has(status)) return;
    }
    await pruneProjectClips(
      path.join(deps.projectDir(project.id), 'clips'),
      project,
      await projects.segments(project.id),
      engines,
      deps.clipCacheCapBytes,
    );
  }

  async function speak(job: SpeechJob, signal: AbortSignal): Promise<void> {
    const found = await queuedLine(deps, job);
    if ('gone' in found) {
      // Only translate lines are queued, so a line still there is shown as one.
      publish(job, {
        status: 'superseded',
        ...(found.now ? { segment: segmentView({ kind: 'translate' }, found.now) } : {}),
      });
      return;
    }
    const { project, segment } = found;
    const segments = await projects.segments(project.id);
    const index = segments.findIndex((item) => item.id === segment.id);
    const voice = lineVoice(segment, project, engines);
    const cache = await openClipCache(path.join(deps.projectDir(project.id), 'clips'), { ffmpeg: deps.media.ffmpeg });
    const spoken = await speakLine(segment.targetText, voice, lineRoomMs(segments, index, project.mediaDurationMs), {
      engines,
      cache,
      maxStretch: deps.maxStretch,
      signal,
    });
    await cache.recordUse(lineTakesUser(segment.targetText, voice));

    const { previewFileIds, urls } =
      job.purpose === 'preview'
        ? await publishLinePreview(deps, { project, segment, speechId: job.speechId, spoken, signal })
        : { previewFileIds: [], urls: {} };

    const status: SegmentStatus = spoken.tooLong
      ? 'too_long'
      : job.purpose === 'preview'
        ? 'regenerated'
        : segment.status === 'too_long'
          ? 'edited'
          : segment.status;
    // A preview replaces the last one (a line regenerated a hundred times leaves one pair of files); a fit keeps it.
    const kept = await projects.setSpoken(project.id, segment.id, segment.revision, {
      fit: spoken.fit,
      status,
      previewFileIds: job.purpose === 'preview' ? previewFileIds : segment.previewFileIds,
    });
    if (!kept) {
      for (const id of previewFileIds) await deps.files.remove(id);
      const now = await projects.segment(project.id, segment.id, undefined).catch(() => undefined);
      publish(job, { status: 'superseded', ...(now ? { segment: segmentView(project, now) } : {}) });
      return;
    }
    if (job.purpose === 'preview') for (const id of segment.previewFileIds) await deps.files.remove(id);
    // The line is spoken whatever the pruning does; a prune that fails is tried again after the next line.
    await prune(project).catch((error: unknown) =>
      deps.log?.(
        `[projects] pruning the clips of project ${project.id} failed: ${(error as Error)?.message ?? String(error)}`,
        'warn',
      ),
    );
    publish(job, {
      status: 'spoken',
      segment: segmentView(project, await projects.segment(project.id, segment.id, undefined)),
      ...urls,
    });
  }

  return {
    /** Runs one queued line; whatever happens is told by its event, never thrown. */
    async run(job: SpeechJob, signal: AbortSignal): Promise<void> {
      try {
        await speak(job, signal);
      } catch (error) {
        const known = toDubDeskError(error);
        if (!(error instanceof DubDeskError) && known.code !== 'cancelled')
          deps.log?.(
            `[projects] speaking line ${job.segmentId} of project ${job.projectId} failed: ${(error as Error)?.stack ?? String(error)}`,
            'error',
          );
        publish(job, { status: 'failed', error: { code: known.code, message: known.message } });
      }
      // A project deleted while its line was spoken: what the speaking wrote in its folder goes too.
      if (!(await projects.get(job.projectId).catch(() => true)))
        await rm(deps.projectDir(job.projectId), { recursive: true, force: true });
    },
  };
}
