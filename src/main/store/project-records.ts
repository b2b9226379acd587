// A project's and a segment's records as the repository hands them out, and how they map to and from table rows.
import type { ProjectBox, ProjectKind, SegmentFit, SegmentStatus } from '../../shared/schemas/projects.js';
import { readJson, writeJson } from './sql.js';

export interface ProjectRecord {
  id: string;
  taskId: string;
  kind: ProjectKind;
  sourceLanguage: string;
  targetLanguage: string;
  mediaDurationMs: number;
  /** The input media, published under the task for the editor to play (removed with the task). */
  mediaFileId: string | null;
  /** Absolute path of a 16 kHz mono WAV of the input's audio (in the task's work dir), for the waveform. */
  waveformFile: string | null;
  /** Per speaker, the voice the last dub gave them (lines whose voiceId is null use it). */
  speakerVoices: Record<string, { voiceId: string; pitchSemitones: number }>;
  revision: number;
  createdAt: number;
  updatedAt: number;
}

/** What a segment holds that a user may change. */
export interface SegmentFields {
  startMs: number;
  endMs: number;
  sourceText: string;
  targetText: string;
  speaker: string | null;
  voiceId: string | null;
  box: ProjectBox | null;
  blockId: number | null;
}

export interface SegmentRecord extends SegmentFields {
  id: string;
  revision: number;
  status: SegmentStatus;
  fit: SegmentFit | null;
  /** File ids of the last regenerated preview (removed when the next one is made). */
  previewFileIds: string[];
}

export interface NewProject extends Omit<ProjectRecord, 'revision' | 'createdAt' | 'updatedAt'> {
  segments: SegmentFields[];
  now: number;
}

export function projectFromRow(row: Record<string, unknown>): ProjectRecord {
  return {
    id: row.id as string,
    taskId: row.task_id as string,
    kind: row.kind as ProjectKind,
    sourceLanguage: row.source_language as string,
    targetLanguage: row.target_language as string,
    mediaDurationMs: row.media_duration_ms as number,
    mediaFileId: (row.media_file_id as string | null) ?? null,
    waveformFile: (row.waveform_file as string | null) ?? null,
    speakerVoices: readJson(row.speaker_voices_json, {}),
    revision: row.revision as number,
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
  };
}

export function segmentFromRow(row: Record<string, unknown>): SegmentRecord {
  return {
    id: row.id as string,
    startMs: row.start_ms as number,
    endMs: row.end_ms as number,
    sourceText: row.source_text as string,
    targetText: row.target_text as string,
    speaker: (row.speaker as string | null) ?? null,
    voiceId: (row.voice_id as string | null) ?? null,
    box: readJson<ProjectBox | null>(row.box_json, null),
    blockId: (row.block_id as number | null) ?? null,
    revision: row.revision as number,
    status: row.status as SegmentStatus,
    fit: readJson<SegmentFit | null>(row.fit_json, null),
    previewFileIds: readJson<string[]>(row.preview_json, []),
  };
}

/** A segment's columns in the order of SEGMENT_COLUMNS. */
export const segmentValues = (projectId: string, id: string, fields: SegmentFields) => [
  projectId,
  id,
  Math.round(fields.startMs),
  Math.round(fields.endMs),
  fields.sourceText,
  fields.targetText,
  fields.speaker,
  fields.voiceId,
  writeJson(fields.box),
  fields.blockId,
];
