import { createProjectExports } from './project-exports.js';
import {
  projectFromRow,
  segmentFromRow,
  type NewProject,
  type ProjectRecord,
  type SegmentFields,
  type SegmentRecord,
} from './project-records.js';
import { createProjectSteps } from './project-steps.js';
import { forUpdate, writeJson, type SqlClient } from './sql.js';

export type { NewProject, ProjectRecord, SegmentFields, SegmentRecord } from './project-records.js';

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;

/** Projects, their segments and their exports. Every write bumps the project's revision. */
export function createProjectsRepository(db: SqlClient) {
  const { projectRow, requireProject, insertSegments, touch, lockProject, checkApart, currentSegment, writeSegment } =
    createProjectSteps(db);

  return {
    /** Stores a job's project; a second call for the same task (a resumed job) returns the first one's. */
    create(project: NewProject): Promise<ProjectRecord> {
      return db.transaction(async (tx) => {
        const existing = await projectRow(tx, `SELECT * FROM projects WHERE task_id = $1${forUpdate(tx)}`, [
          project.taskId,
        ]);
        if (existing) return existing;
        await tx.run(
          `INSERT INTO projects (id, task_id, kind, source_language, target_language, ` +
            `media_duration_ms, media_file_id, waveform_file, speaker_voices_json, created_at, ` +
            `updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
          [
            project.id,
            project.taskId,
            project.kind,
            project.sourceLanguage,
            project.targetLanguage,
            Math.round(project.mediaDurationMs),
            project.mediaFileId,
            project.waveformFile,
            JSON.stringify(project.speakerVoices),
            project.now,
          ],
        );
        await insertSegments(
          tx,
          project.id,
          [...project.segments].sort((a, b) => a.startMs - b.startMs),
          'ok',
        );
        return requireProject(project.id, tx);
      });
    },

    get: (id: string): Promise<ProjectRecord | undefined> =>
      projectRow(db, 'SELECT * FROM projects WHERE id = $1', [id]),
    require: (id: string): Promise<ProjectRecord> => requireProject(id),
    byTask: (taskId: string): Promise<ProjectRecord | undefined> =>
      projectRow(db, 'SELECT * FROM projects WHERE task_id = $1', [taskId]),
    list: async (): Promise<ProjectRecord[]> =>
      (await db.all<Record<string, unknown>>('SELECT * FROM projects ORDER BY created_at DESC, id DESC LIMIT 500')).map(
        projectFromRow,
      ),
    segments: async (projectId: string): Promise<SegmentRecord[]> =>
      (
        await db.all<Record<string, unknown>>(
          'SELECT * FROM project_segments WHERE project_id = $1 ORDER BY start_ms, id',
          [projectId],
        )
      ).map(segmentFromRow),
    segmentCount: async (projectId: string): Promise<number> =>
      (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM project_segments WHERE project_id = $1', [projectId]))!.n,
    segment: (projectId: string, id: string, revision: number | undefined): Promise<SegmentRecord> =>
      currentSegment(db, projectId, id, revision),

    /**
     * Writes a segment read at `revision` (409 when stale); its revision goes up by one. With `keepApart` its new span
     * is checked against the other lines inside the transaction, under the project's lock.
     */
    updateSegment(
      projectId: string,
      id: string,
      revision: number | undefined,
      change: (segment: SegmentRecord) => Omit<SegmentRecord, 'id' | 'revision'>,
      now: number,
      options: { keepApart?: boolean } = {},
    ): Promise<SegmentRecord> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        const segment = await currentSegment(tx, projectId, id, revision);
        const next = change(segment);
        if (options.keepApart && (next.startMs !== segment.startMs || next.endMs !== segment.endMs))
          await checkApart(tx, projectId, id, next, [id]);
        await writeSegment(tx, projectId, id, next);
        await touch(tx, projectId, now);
        return currentSegment(tx, projectId, id, undefined);
      });
    },

    /**
     * What speaking a line measured (its fit, status and preview), kept only while the line is still at `revision`:
     * false when it was edited meanwhile. Derived from the line, so the revision stays (an edit made meanwhile is not refused).
     */
    async setSpoken(
      projectId: string,
      id: string,
      revision: number,
      spoken: Pick<SegmentRecord, 'fit' | 'status' | 'previewFileIds'>,
    ): Promise<boolean> {
      const changed = await db.run(
        'UPDATE project_segments SET fit_json = $1, status = $2, preview_json = $3 WHERE project_id = $4 AND id = $5 AND revision = $6',
        [
          writeJson(spoken.fit),
          spoken.status,
          spoken.previewFileIds.length ? JSON.stringify(spoken.previewFileIds) : null,
          projectId,
          id,
          revision,
        ],
      );
      return changed > 0;
    },

    /**
     * Split and merge: the old segments (each at the revision it was read, when given) make way for the ones `fresh`
     * makes of them as they are inside the transaction. With `keepApart` the new ones must not meet any other line.
     */
    replaceSegments(
      projectId: string,
      old: ReadonlyArray<{ id: string; revision?: number }>,
      fresh: (current: SegmentRecord[]) => SegmentFields[],
      now: number,
      options: { keepApart?: boolean } = {},
    ): Promise<SegmentRecord[]> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        const current: SegmentRecord[] = [];
        for (const segment of old) current.push(await currentSegment(tx, projectId, segment.id, segment.revision));
        const made = fresh(current);
        if (options.keepApart)
          for (const segment of made)
            await checkApart(
              tx,
              projectId,
              old[0]!.id,
              segment,
              old.map((item) => item.id),
            );
        for (const segment of old)
          await tx.run('DELETE FROM project_segments WHERE project_id = $1 AND id = $2', [projectId, segment.id]);
        const ids = await insertSegments(tx, projectId, made, 'edited');
        await touch(tx, projectId, now);
        return Promise.all(ids.map((id) => currentSegment(tx, projectId, id, undefined)));
      });
    },

    /** One track's texts replaced at once (an uploaded SRT); lines whose text changed become edited, a new translation loses its fit. */
    replaceTexts(
      projectId: string,
      field: 'sourceText' | 'targetText',
      texts: ReadonlyArray<{ id: string; text: string }>,
      now: number,
    ): Promise<void> {
      return db.transaction(async (tx) => {
        await lockProject(tx, projectId);
        for (const { id, text } of texts) {
          const segment = await currentSegment(tx, projectId, id, undefined);
          if (segment[field] === text) continue;
          await writeSegment(tx, projectId, id, {
            ...segment,
            [field]: text,
            status: 'edited',
            fit: field === 'targetText' ? null : segment.fit,
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

    ...createProjectExports(db),
    delete: async (id: string): Promise<boolean> => (await db.run('DELETE FROM projects WHERE id = $1', [id])) > 0,
  };
}
