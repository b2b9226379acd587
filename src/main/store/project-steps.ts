// The steps a projects write takes inside its transaction: reading and locking the project, issuing segment ids,
// checking a line against its neighbours and the revision its caller read, and writing a segment back.
import { DubDeskError } from '../../shared/errors.js';
import type { SegmentStatus } from '../../shared/schemas/projects.js';
import {
  projectFromRow,
  segmentFromRow,
  segmentValues,
  type ProjectRecord,
  type SegmentFields,
  type SegmentRecord,
} from './project-records.js';
import { forUpdate, writeJson, type SqlClient } from './sql.js';

const INSERT_SEGMENT =
  `INSERT INTO project_segments (project_id, id, start_ms, end_ms, source_text, ` +
  `target_text, speaker, voice_id, box_json, block_id, status)
  VALUES ($1, $2, $3, $4, $5, ` +
  `$6, $7, $8, $9, $10, $11)`;
const UPDATE_SEGMENT =
  `UPDATE project_segments SET start_ms = $3, end_ms = $4, source_text = $5, target_text = ` +
  `$6, speaker = $7, voice_id = $8,
  box_json = $9, block_id = $10, status = $11, fit_json ` +
  `= $12, preview_json = $13, revision = revision + 1 WHERE project_id = $1 AND id = $2`;

/** The steps over `db`, the store's client: a step given `db` itself runs outside any transaction. */
export function createProjectSteps(db: SqlClient) {
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
    const after = (await tx.get<{ next_segment: number }>(
      'UPDATE projects SET next_segment = next_segment + $1 WHERE id = $2 RETURNING next_segment',
      [count, projectId],
    ))!.next_segment;
    return Array.from({ length: count }, (_, i) => `s${after - count + i}`);
  };

  const insertSegments = async (
    tx: SqlClient,
    projectId: string,
    segments: readonly SegmentFields[],
    status: SegmentStatus,
  ): Promise<string[]> => {
    const ids = await takeIds(tx, projectId, segments.length);
    for (const [i, segment] of segments.entries())
      await tx.run(INSERT_SEGMENT, [...segmentValues(projectId, ids[i]!, segment), status]);
    return ids;
  };

  const touch = (tx: SqlClient, projectId: string, now: number) =>
    tx.run('UPDATE projects SET revision = revision + 1, updated_at = $1 WHERE id = $2', [now, projectId]);

  /**
   * Holds the project's row until the transaction ends, so two writers of one project's lines take turns and each
   * checks its neighbours as the other left them (PostgreSQL; SQLite's write transaction already holds the file).
   */
  const lockProject = async (tx: SqlClient, projectId: string): Promise<void> => {
    if (!(await tx.get(`SELECT id FROM projects WHERE id = $1${forUpdate(tx)}`, [projectId])))
      throw new DubDeskError('not_found', `Project ${projectId} does not exist.`);
  };

  /** Refuses a span that meets another line of the project (besides `except`): dubbed lines are spoken one after another. */
  const checkApart = async (
    tx: SqlClient,
    projectId: string,
    id: string,
    span: { startMs: number; endMs: number },
    except: readonly string[],
  ): Promise<void> => {
    const others = await tx.all<Record<string, unknown>>(
      'SELECT * FROM project_segments WHERE project_id = $1 AND start_ms < $2 AND end_ms > $3 ORDER BY start_ms, id',
      [projectId, Math.round(span.endMs), Math.round(span.startMs)],
    );
    const overlap = others.map(segmentFromRow).find((segment) => !except.includes(segment.id));
    if (overlap) {
      throw new DubDeskError(
        'invalid_request',
        `Line ${id} would overlap line ${overlap.id} (${(overlap.startMs / 1000).toFixed(3)} ` +
          `to ${(overlap.endMs / 1000).toFixed(3)} s); dubbed lines are spoken one after another.`,
      );
    }
  };

  /** A segment the caller read at `revision`: 409 when it changed since, or was split or merged away. Locked inside a transaction. */
  const currentSegment = async (
    client: SqlClient,
    projectId: string,
    id: string,
    revision: number | undefined,
  ): Promise<SegmentRecord> => {
    const row = await client.get<Record<string, unknown>>(
      `SELECT * FROM project_segments WHERE project_id = $1 AND id = $2${client === db ? '' : forUpdate(client)}`,
      [projectId, id],
    );
    if (!row) {
      const next =
        (await client.get<{ next_segment: number }>('SELECT next_segment FROM projects WHERE id = $1', [projectId]))
          ?.next_segment ?? 0;
      if (Number(/^s(\d+)$/u.exec(id)?.[1] ?? NaN) < next)
        throw new DubDeskError(
          'conflict',
          `Segment ${id} no longer exists: it was split or merged since you read it. Reload the project.`,
        );
      throw new DubDeskError('not_found', `Project ${projectId} has no segment ${id}.`);
    }
    const segment = segmentFromRow(row);
    if (revision !== undefined && revision !== segment.revision) {
      throw new DubDeskError(
        'conflict',
        `Segment ${id} was changed since you read it (revision ${segment.revision}, yours ${revision}); reload it, then edit again.`,
      );
    }
    return segment;
  };

  const writeSegment = (tx: SqlClient, projectId: string, id: string, next: Omit<SegmentRecord, 'id' | 'revision'>) =>
    tx.run(UPDATE_SEGMENT, [
      ...segmentValues(projectId, id, next),
      next.status,
      writeJson(next.fit),
      next.previewFileIds.length ? JSON.stringify(next.previewFileIds) : null,
    ]);

  return { projectRow, requireProject, insertSegments, touch, lockProject, checkApart, currentSegment, writeSegment };
}
