import { createProjectExports } from './project-exports.js';
import {
  projectFromRow,
  segmentFromRow,
  type NewProject,
  type ProjectRecord,
  type SegmentRecord,
} from './project-records.js';
import { createProjectSteps } from './project-steps.js';
import { createSegmentWrites } from './segment-writes.js';
import { forUpdate, type SqlClient } from './sql.js';

export type { NewProject, ProjectRecord, SegmentFields, SegmentRecord } from './project-records.js';

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;

/** Projects, their segments and their exports. Every write bumps the project's revision. */
export function createProjectsRepository(db: SqlClient) {
  const steps = createProjectSteps(db);
  const { projectRow, requireProject, insertSegments, touch, lockProject, currentSegment } = steps;

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

    ...createSegmentWrites(db, steps),

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
