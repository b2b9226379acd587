// Project records in the API's shape (src/shared/schemas/projects.ts): seconds instead of ms, snake_case, and only the
// fields of the project's kind.
import type { Project, ProjectSegment, ProjectSummary } from '../../shared/schemas/projects.js';
import type { ProjectRecord, SegmentRecord } from '../store/projects-repository.js';

const seconds = (ms: number): number => Math.round(ms) / 1000;
const iso = (ms: number): string => new Date(ms).toISOString();

export function segmentView(project: Pick<ProjectRecord, 'kind'>, segment: SegmentRecord): ProjectSegment {
  const common = {
    segment_id: segment.id,
    start: seconds(segment.startMs),
    end: seconds(segment.endMs),
    source_text: segment.sourceText,
    target_text: segment.targetText,
    revision: segment.revision,
    status: segment.status,
  };
  if (project.kind === 'frame_translate') return { ...common, ...(segment.box ? { box: segment.box } : {}) };
  return { ...common, speaker: segment.speaker ?? '', voice_id: segment.voiceId, fit: segment.fit };
}

export interface ProjectLinks {
  projectUrl: string;
  mediaUrl?: string;
  exportTaskIds: string[];
  segmentCount: number;
}

export function projectSummaryView(project: ProjectRecord, links: ProjectLinks): ProjectSummary {
  return {
    project_id: project.id,
    kind: project.kind,
    task_id: project.taskId,
    source_language: project.sourceLanguage,
    target_language: project.targetLanguage,
    revision: project.revision,
    segment_count: links.segmentCount,
    ...(links.mediaUrl ? { media_url: links.mediaUrl } : {}),
    media_duration: seconds(project.mediaDurationMs),
    project_url: links.projectUrl,
    export_task_ids: links.exportTaskIds,
    created_at: iso(project.createdAt),
    updated_at: iso(project.updatedAt),
  };
}

export function projectView(
  project: ProjectRecord,
  segments: readonly SegmentRecord[],
  links: Omit<ProjectLinks, 'segmentCount'>,
): Project {
  const speakers = [
    ...new Set(segments.map((segment) => segment.speaker).filter((speaker): speaker is string => Boolean(speaker))),
  ].sort();
  return {
    ...projectSummaryView(project, { ...links, segmentCount: segments.length }),
    speakers:
      project.kind === 'translate'
        ? speakers.map((speaker) => ({ speaker, voice_id: project.speakerVoices[speaker]?.voiceId ?? null }))
        : [],
    segments: segments.map((segment) => segmentView(project, segment)),
  };
}
