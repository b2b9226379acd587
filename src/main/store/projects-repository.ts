import { DubDeskError } from '../../shared/errors.js';
import type { ProjectBox, ProjectKind, SegmentFit, SegmentStatus } from '../../shared/schemas/projects.js';
import { forUpdate, readJson, writeJson, type SqlClient } from './sql.js';

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
    speakerVoices: readJson(row.speaker_voices_json, {}),
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
    box: readJson<ProjectBox | null>(row.box_json, null),
    blockId: (row.block_id as number | null) ?? null,
    revision: row.revision as number,
    status: row.status as SegmentStatus,
    fit: readJson<SegmentFit | null>(row.fit_json, null),
    previewFileIds: readJson<string[]>(row.preview_json, []),
  };
}

/** A segment's columns in the order of SEGMENT_COLUMNS. */
const segmentValues = (projectId: string, id: string, fields: SegmentFields) => [
  projectId, id, Math.round(fields.startMs), Math.round(fields.endMs), fields.sourceText, fields.targetText, fields.speaker, fields.voiceId,
  writeJson(fields.box), fields.blockId,
];

const INSERT_SEGMENT = `INSERT INTO project_segments (project_id, id, start_ms, end_ms, source_text, target_text, speaker, voice_id, box_json, block_id, status)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;
const UPDATE_SEGMENT = `UPDATE project_segments SET start_ms = $3, end_ms = $4, source_text = $5, target_text = $6, speaker = $7, voice_id = $8,
  box_json = $9, block_id = $10, status = $11, fit_json = $12, preview_json = $13, revision = revision + 1 WHERE project_id = $1 AND id = $2`;

/** Projects, their segments and their exports. Every write bumps the project's revision. */
export function createProjectsRepository(db: SqlClient) {
  const projectRow = async (client: SqlClient, sql: string, params: string[]) => {
    const row = await client.get<Record<string, unknown>>(sql, params);
    return row ? projectFromRow(row) : undefined;
  };

  const requireProject = async (id: string, client: SqlClient = db): Promise<ProjectRecord> => {
    const project = await projectRow(client, 'SELECT * FROM projects WHERE id = $1', [id]);
    if (!project) throw new DubDeskError('not_found', `Project ${id} does not exist.`);
    return project;
  };

  /** Issues `count` new segment ids (s1, s2 ...), never reused within the project. */
  const takeIds = async (tx: SqlClient, projectId: string, count: number): Promise<string[]> => {
    const after = (await tx.get<{ next_segment: number }>('UPDATE projects SET next_segment = next_segment + $1 WHERE id = $2 RETURNING next_segment', [count, projectId]))!.next_segment;
    return Array.from({ length: count }, (_, i) => `s${after - count + i}`);
  };

  const insertSegments = async (tx: SqlClient, projectId: string, segments: readonly SegmentFields[], status: SegmentStatus): Promise<string[]> => {
    const ids = await takeIds(tx, projectId, segments.length);
    for (const [i, segment] of segments.entries()) await tx.run(INSERT_SEGMENT, [...segmentValues(projectId, ids[i]!, segment), status]);
    return ids;
  };

  const touch = (tx: SqlClient, projectId: string, now: number) => tx.run('UPDATE projects SET revision = revision + 1, updated_at = $1 WHERE id = $2', [now, projectId]);

  /**
   * Holds the project's row until the transaction ends, so two writers of one project's lines take turns and each
   * checks its neighbours as the other left them (PostgreSQL; SQLite's write transaction already holds the file).
   */
  const lockProject = async (tx: SqlClient, projectId: string): Promise<void> => {
    if (!(await tx.get(`SELECT id FROM projects WHERE id = $1${forUpdate(tx)}`, [projectId]))) throw new DubDeskError('not_found', `Project ${projectId} does not exist.`);
  };

  /** Refuses a span that meets another line of the project (besides `except`): dubbed lines are spoken one after another. */
  const checkApart = async (tx: SqlClient, projectId: string, id: string, span: { startMs: number; endMs: number }, except: readonly string[]): Promise<void> => {
    const others = await tx.all<Record<string, unknown>>(
      'SELECT * FROM project_segments WHERE project_id = $1 AND start_ms < $2 AND end_ms > $3 ORDER BY start_ms, id',
      [projectId, Math.round(span.endMs), Math.round(span.startMs)],
    );
    const overlap = others.map(segmentFromRow).find((segment) => !except.includes(segment.id));
    if (overlap) {
      throw new DubDeskError('invalid_request', `Line ${id} would overlap line ${overlap.id} (${(overlap.startMs / 1000).toFixed(3)} to ${(overlap.endMs / 1000).toFixed(3)} s); dubbed lines are spoken one after another.`);
    }
  };

  /** A segment the caller read at `revision`: 409 when it changed since, or was split or merged away. Locked inside a transaction. */
  const currentSegment = async (client: SqlClient, projectId: string, id: string, revision: number | undefined): Promise<SegmentRecord> => {
    const row = await client.get<Record<string, unknown>>(`SELECT * FROM project_segments WHERE project_id = $1 AND id = $2${client === db ? '' : forUpdate(client)}`, [projectId, id]);
    if (!row) {
      const next = (await client.get<{ next_segment: number }>('SELECT next_segment FROM projects WHERE id = $1', [projectId]))?.next_segment ?? 0;
      if (Number(/^s(\d+)$/u.exec(id)?.[1] ?? NaN) < next) throw new DubDeskError('conflict', `Segment ${id} no longer exists: it was split or merged since you read it. Reload the project.`);
      throw new DubDeskError('not_found', `Project ${projectId} has no segment ${id}.`);
    }
    const segment = segmentFromRow(row);
    if (revision !== undefined && revision !== segment.revision) {
      throw new DubDeskError('conflict', `Segment ${id} was changed since you read it (revision ${segment.revision}, yours ${revision}); reload it, then edit again.`);
    }
    return segment;
  };

  const writeSegment = (tx: SqlClient, projectId: string, id: string, next: Omit<SegmentRecord, 'id' | 'revision'>) =>
    tx.run(UPDATE_SEGMENT, [...segmentValues(projectId, id, next), next.status, writeJson(next.fit), next.previewFileIds.length ? JSON.stringify(next.previewFileIds) : null]);

  return {
    /** Stores a job's project; a second call for the same task (a resumed job) returns the first one's. */
    create(project: NewProject): Promise<ProjectRecord> {
      return db.transaction(async (tx) => {
        const existing = await projectRow(tx, `SELECT * FROM projects WHERE task_id = $1${forUpdate(tx)}`, [project.taskId]);
        if (existing) return existing;
        await tx.run(`INSERT INTO projects (id, task_id, kind, source_language, target_language, media_duration_ms, media_file_id, waveform_file, speaker_voices_json, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`, [
          project.id, project.taskId, project.kind, project.sourceLanguage, project.targetLanguage, Math.round(project.mediaDurationMs),
          project.mediaFileId, project.waveformFile, JSON.stringify(project.speakerVoices), project.now,
        ]);
        await insertSegments(tx, project.id, [...project.segments].sort((a, b) => a.startMs - b.startMs), 'ok');
        return requireProject(project.id, tx);
      });
    },

    get: (id: string): Promise<ProjectRecord | undefined> => projectRow(db, 'SELECT * FROM projects WHERE id = $1', [id]),
    require: (id: string): Promise<ProjectRecord> => requireProject(id),
    byTask: (taskId: string): Promise<ProjectRecord | undefined> => projectRow(db, 'SELECT * FROM projects WHERE task_id = $1', [taskId]),
    list: async (): Promise<ProjectRecord[]> => (await db.all<Record<string, unknown>>('SELECT * FROM projects ORDER BY created_at DESC, id DESC LIMIT 500')).map(projectFromRow),
    segments: async (projectId: string): Promise<SegmentRecord[]> =>
      (await db.all<Record<string, unknown>>('SELECT * FROM project_segments WHERE project_id = $1 ORDER BY start_ms, id', [projectId])).map(segmentFromRow),
    segmentCount: async (projectId: string): Promise<number> => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM project_segments WHERE project_id = $1', [projectId]))!.n,
    segment: (projectId: string, id: string, revision: number | undefined): Promise<SegmentRecord> => currentSegment(db, projectId, id, revision),

    /**
     * Writes a segment read at `revision` (409 when stale); its revision goes up by one. With `keepApart` its new span
     * is checked against the other lines inside the transaction, under the project's lock.
     */
    updateSegment(projectId: string, id: string, revision: number | undefined, change: (segment: SegmentRecord) => Omit<SegmentRecord, 'id' | 'revision'>, now: number, options: { keepApart?: boolean } = {}): Promise<SegmentRecord> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        const segment = await currentSegment(tx, projectId, id, revision);
        const next = change(segment);
        if (options.keepApart && (next.startMs !== segment.startMs || next.endMs !== segment.endMs)) await checkApart(tx, projectId, id, next, [id]);
        await writeSegment(tx, projectId, id, next);
        await touch(tx, projectId, now);
        return currentSegment(tx, projectId, id, undefined);
      });
    },

    /**
     * What speaking a line measured (its fit, status and preview), kept only while the line is still at `revision`:
     * false when it was edited meanwhile. Derived from the line, so the revision stays (an edit made meanwhile is not refused).
     */
    async setSpoken(projectId: string, id: string, revision: number, spoken: Pick<SegmentRecord, 'fit' | 'status' | 'previewFileIds'>): Promise<boolean> {
      const changed = await db.run('UPDATE project_segments SET fit_json = $1, status = $2, preview_json = $3 WHERE project_id = $4 AND id = $5 AND revision = $6', [
        writeJson(spoken.fit), spoken.status, spoken.previewFileIds.length ? JSON.stringify(spoken.previewFileIds) : null, projectId, id, revision,
      ]);
      return changed > 0;
    },

    /**
     * Split and merge: the old segments (each at the revision it was read, when given) make way for the ones `fresh`
     * makes of them as they are inside the transaction. With `keepApart` the new ones must not meet any other line.
     */
    replaceSegments(projectId: string, old: ReadonlyArray<{ id: string; revision?: number }>, fresh: (current: SegmentRecord[]) => SegmentFields[], now: number, options: { keepApart?: boolean } = {}): Promise<SegmentRecord[]> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        const current: SegmentRecord[] = [];
        for (const segment of old) current.push(await currentSegment(tx, projectId, segment.id, segment.revision));
        const made = fresh(current);
        if (options.keepApart) for (const segment of made) await checkApart(tx, projectId, old[0]!.id, segment, old.map((item) => item.id));
        for (const segment of old) await tx.run('DELETE FROM project_segments WHERE project_id = $1 AND id = $2', [projectId, segment.id]);
        const ids = await insertSegments(tx, projectId, made, 'edited');
        await touch(tx, projectId, now);
        return Promise.all(ids.map((id) => currentSegment(tx, projectId, id, undefined)));
      });
    },

    /** One track's texts replaced at once (an uploaded SRT); lines whose text changed become edited, a new translation loses its fit. */
    replaceTexts(projectId: string, field: 'sourceText' | 'targetText', texts: ReadonlyArray<{ id: string; text: string }>, now: number): Promise<void> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        for (const { id, text } of texts) {
          const segment = await currentSegment(tx, projectId, id, undefined);
          if (segment[field] === text) continue;
          await writeSegment(tx, projectId, id, {
            ...segment, [field]: text, status: 'edited', fit: field === 'targetText' ? null : segment.fit,
          });
        }
        await touch(tx, projectId, now);
      });
    },

    setSpeakerVoices(projectId: string, voices: ProjectRecord['speakerVoices'], now: number): Promise<void> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        await tx.run('UPDATE projects SET speaker_voices_json = $1 WHERE id = $2', [JSON.stringify(voices), projectId]);
        await touch(tx, projectId, now);
      });
    },

    /** Records an export; each is stamped after the project's previous one, so newest-first is a total order. */
    addExport(projectId: string, taskId: string, now: number): Promise<void> {
      return db.transaction(async (tx) => {
        const last = (await tx.get<{ at: number | null }>('SELECT MAX(created_at) AS at FROM project_exports WHERE project_id = $1', [projectId]))?.at ?? null;
        await tx.run('INSERT INTO project_exports (project_id, task_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [projectId, taskId, Math.max(now, (last ?? 0) + 1)]);
      });
    },
    /** Tasks exported from the project that still exist, newest first. */
    exports: async (projectId: string): Promise<string[]> =>
      (await db.all<{ task_id: string }>('SELECT task_id FROM project_exports WHERE project_id = $1 ORDER BY created_at DESC', [projectId])).map((row) => row.task_id),
    /** The project a task was exported from, if any. */
    exportedFrom: async (taskId: string): Promise<string | undefined> =>
      (await db.get<{ project_id: string }>('SELECT project_id FROM project_exports WHERE task_id = $1', [taskId]))?.project_id,
    delete: async (id: string): Promise<boolean> => (await db.run('DELETE FROM projects WHERE id = $1', [id])) > 0,
  };
}
