import { DubDeskError } from '../../shared/errors.js';
import type { ProjectBox, ProjectKind, SegmentFit, SegmentStatus } from '../../shared/schemas/projects.js';
import type { Db } from './database.js';

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

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;

const json = <T>(text: unknown, fallback: T): T => (typeof text === 'string' ? (JSON.parse(text) as T) : fallback);

function projectFromRow(row: Record<string, unknown>): ProjectRecord {
  return {
    id: row.id as string,
    taskId: row.task_id as string,
    kind: row.kind as ProjectKind,
    sourceLanguage: row.source_language as string,
    targetLanguage: row.target_language as string,
    mediaDurationMs: row.media_duration_ms as number,
    mediaFileId: (row.media_file_id as string | null) ?? null,
    waveformFile: (row.waveform_file as string | null) ?? null,
    speakerVoices: json(row.speaker_voices_json, {}),
    revision: row.revision as number,
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
  };
}

function segmentFromRow(row: Record<string, unknown>): SegmentRecord {
  return {
    id: row.id as string,
    startMs: row.start_ms as number,
    endMs: row.end_ms as number,
    sourceText: row.source_text as string,
    targetText: row.target_text as string,
    speaker: (row.speaker as string | null) ?? null,
    voiceId: (row.voice_id as string | null) ?? null,
    box: json<ProjectBox | null>(row.box_json, null),
    blockId: (row.block_id as number | null) ?? null,
    revision: row.revision as number,
    status: row.status as SegmentStatus,
    fit: json<SegmentFit | null>(row.fit_json, null),
    previewFileIds: json<string[]>(row.preview_json, []),
  };
}

const segmentParams = (projectId: string, id: string, fields: SegmentFields) => ({
  project_id: projectId, id, start_ms: Math.round(fields.startMs), end_ms: Math.round(fields.endMs),
  source_text: fields.sourceText, target_text: fields.targetText, speaker: fields.speaker, voice_id: fields.voiceId,
  box_json: fields.box ? JSON.stringify(fields.box) : null, block_id: fields.blockId,
});

/** Projects, their segments and their exports. Every write bumps the project's revision. */
export function createProjectsRepository(db: Db) {
  const statements = {
    insertProject: db.prepare(`INSERT INTO projects (id, task_id, kind, source_language, target_language, media_duration_ms, media_file_id, waveform_file, speaker_voices_json, created_at, updated_at)
      VALUES (@id, @task_id, @kind, @source_language, @target_language, @media_duration_ms, @media_file_id, @waveform_file, @speaker_voices_json, @now, @now)`),
    insertSegment: db.prepare(`INSERT INTO project_segments (project_id, id, start_ms, end_ms, source_text, target_text, speaker, voice_id, box_json, block_id, status)
      VALUES (@project_id, @id, @start_ms, @end_ms, @source_text, @target_text, @speaker, @voice_id, @box_json, @block_id, @status)`),
    updateSegment: db.prepare(`UPDATE project_segments SET start_ms = @start_ms, end_ms = @end_ms, source_text = @source_text, target_text = @target_text,
      speaker = @speaker, voice_id = @voice_id, box_json = @box_json, block_id = @block_id, status = @status, fit_json = @fit_json, preview_json = @preview_json,
      revision = revision + 1 WHERE project_id = @project_id AND id = @id`),
    deleteSegment: db.prepare('DELETE FROM project_segments WHERE project_id = ? AND id = ?'),
    takeSegmentIds: db.prepare('UPDATE projects SET next_segment = next_segment + ? WHERE id = ? RETURNING next_segment'),
    nextSegment: db.prepare('SELECT next_segment FROM projects WHERE id = ?'),
    touch: db.prepare('UPDATE projects SET revision = revision + 1, updated_at = ? WHERE id = ?'),
    setVoices: db.prepare('UPDATE projects SET speaker_voices_json = ? WHERE id = ?'),
    get: db.prepare('SELECT * FROM projects WHERE id = ?'),
    byTask: db.prepare('SELECT * FROM projects WHERE task_id = ?'),
    list: db.prepare('SELECT * FROM projects ORDER BY created_at DESC, id DESC LIMIT 500'),
    segments: db.prepare('SELECT * FROM project_segments WHERE project_id = ? ORDER BY start_ms, id'),
    segment: db.prepare('SELECT * FROM project_segments WHERE project_id = ? AND id = ?'),
    count: db.prepare('SELECT COUNT(*) AS n FROM project_segments WHERE project_id = ?'),
    addExport: db.prepare('INSERT OR IGNORE INTO project_exports (project_id, task_id, created_at) VALUES (?, ?, ?)'),
    exports: db.prepare('SELECT task_id FROM project_exports WHERE project_id = ? ORDER BY created_at DESC, rowid DESC'),
    exportOf: db.prepare('SELECT project_id FROM project_exports WHERE task_id = ?'),
    delete: db.prepare('DELETE FROM projects WHERE id = ?'),
  };

  const requireProject = (id: string): ProjectRecord => {
    const row = statements.get.get(id) as Record<string, unknown> | undefined;
    if (!row) throw new DubDeskError('not_found', `Project ${id} does not exist.`);
    return projectFromRow(row);
  };

  /** Issues `count` new segment ids (s1, s2 ...), never reused within the project. */
  const takeIds = (projectId: string, count: number): string[] => {
    const after = (statements.takeSegmentIds.get(count, projectId) as { next_segment: number }).next_segment;
    return Array.from({ length: count }, (_, i) => `s${after - count + i}`);
  };

  const insertSegments = (projectId: string, segments: readonly SegmentFields[], status: SegmentStatus): string[] => {
    const ids = takeIds(projectId, segments.length);
    segments.forEach((segment, i) => statements.insertSegment.run({ ...segmentParams(projectId, ids[i]!, segment), status }));
    return ids;
  };

  /** A segment the caller read at `revision`: 409 when it changed since, or was split or merged away. */
  const currentSegment = (projectId: string, id: string, revision: number | undefined): SegmentRecord => {
    const row = statements.segment.get(projectId, id) as Record<string, unknown> | undefined;
    if (!row) {
      const issued = Number(/^s(\d+)$/u.exec(id)?.[1] ?? NaN) < ((statements.nextSegment.get(projectId) as { next_segment: number } | undefined)?.next_segment ?? 0);
      if (issued) throw new DubDeskError('conflict', `Segment ${id} no longer exists: it was split or merged since you read it. Reload the project.`);
      throw new DubDeskError('not_found', `Project ${projectId} has no segment ${id}.`);
    }
    const segment = segmentFromRow(row);
    if (revision !== undefined && revision !== segment.revision) {
      throw new DubDeskError('conflict', `Segment ${id} was changed since you read it (revision ${segment.revision}, yours ${revision}); reload it, then edit again.`);
    }
    return segment;
  };

  return {
    /** Stores a job's project; a second call for the same task (a resumed job) returns the first one's. */
    create: db.transaction((project: NewProject): ProjectRecord => {
      const existing = statements.byTask.get(project.taskId) as Record<string, unknown> | undefined;
      if (existing) return projectFromRow(existing);
      statements.insertProject.run({
        id: project.id, task_id: project.taskId, kind: project.kind, source_language: project.sourceLanguage, target_language: project.targetLanguage,
        media_duration_ms: Math.round(project.mediaDurationMs), media_file_id: project.mediaFileId, waveform_file: project.waveformFile, speaker_voices_json: JSON.stringify(project.speakerVoices), now: project.now,
      });
      insertSegments(project.id, [...project.segments].sort((a, b) => a.startMs - b.startMs), 'ok');
      return requireProject(project.id);
    }),

    get: (id: string): ProjectRecord | undefined => {
      const row = statements.get.get(id) as Record<string, unknown> | undefined;
      return row ? projectFromRow(row) : undefined;
    },
    require: requireProject,
    byTask: (taskId: string): ProjectRecord | undefined => {
      const row = statements.byTask.get(taskId) as Record<string, unknown> | undefined;
      return row ? projectFromRow(row) : undefined;
    },
    list: (): ProjectRecord[] => (statements.list.all() as Array<Record<string, unknown>>).map(projectFromRow),
    segments: (projectId: string): SegmentRecord[] => (statements.segments.all(projectId) as Array<Record<string, unknown>>).map(segmentFromRow),
    segmentCount: (projectId: string): number => (statements.count.get(projectId) as { n: number }).n,
    segment: currentSegment,

    /** Writes a segment read at `revision` (409 when stale); its revision goes up by one. */
    updateSegment: db.transaction((projectId: string, id: string, revision: number | undefined, change: (segment: SegmentRecord) => Omit<SegmentRecord, 'id' | 'revision'>, now: number): SegmentRecord => {
      const segment = currentSegment(projectId, id, revision);
      const next = change(segment);
      statements.updateSegment.run({
        ...segmentParams(projectId, id, next), status: next.status, fit_json: next.fit ? JSON.stringify(next.fit) : null,
        preview_json: next.previewFileIds.length ? JSON.stringify(next.previewFileIds) : null,
      });
      statements.touch.run(now, projectId);
      return currentSegment(projectId, id, undefined);
    }),

    /** Split and merge: the old segments (each at the revision it was read, when given) make way for new ones. */
    replaceSegments: db.transaction((projectId: string, old: ReadonlyArray<{ id: string; revision?: number }>, fresh: readonly SegmentFields[], now: number): SegmentRecord[] => {
      for (const segment of old) currentSegment(projectId, segment.id, segment.revision);
      for (const segment of old) statements.deleteSegment.run(projectId, segment.id);
      const ids = insertSegments(projectId, fresh, 'edited');
      statements.touch.run(now, projectId);
      return ids.map((id) => currentSegment(projectId, id, undefined));
    }),

    /** One track's texts replaced at once (an uploaded SRT); lines whose text changed become edited, a new translation loses its fit. */
    replaceTexts: db.transaction((projectId: string, field: 'sourceText' | 'targetText', texts: ReadonlyArray<{ id: string; text: string }>, now: number): void => {
      for (const { id, text } of texts) {
        const segment = currentSegment(projectId, id, undefined);
        if (segment[field] === text) continue;
        statements.updateSegment.run({
          ...segmentParams(projectId, id, { ...segment, [field]: text }), status: 'edited',
          fit_json: field === 'targetText' || !segment.fit ? null : JSON.stringify(segment.fit),
          preview_json: segment.previewFileIds.length ? JSON.stringify(segment.previewFileIds) : null,
        });
      }
      statements.touch.run(now, projectId);
    }),

    setSpeakerVoices(projectId: string, voices: ProjectRecord['speakerVoices'], now: number): void {
      statements.setVoices.run(JSON.stringify(voices), projectId);
      statements.touch.run(now, projectId);
    },

    addExport: (projectId: string, taskId: string, now: number): void => void statements.addExport.run(projectId, taskId, now),
    /** Tasks exported from the project that still exist, newest first. */
    exports: (projectId: string): string[] => (statements.exports.all(projectId) as Array<{ task_id: string }>).map((row) => row.task_id),
    /** The project a task was exported from, if any. */
    exportedFrom: (taskId: string): string | undefined => (statements.exportOf.get(taskId) as { project_id: string } | undefined)?.project_id,
    delete: (id: string): boolean => statements.delete.run(id).changes > 0,
  };
}
