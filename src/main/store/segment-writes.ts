// Writes of a project's segments: one line's edit, what speaking it measured, a split or merge, a track's texts.
// Each runs under the project's lock and bumps its revision (docs/api.md "Projects": stale revisions answer 409).
import type { SegmentFields, SegmentRecord } from './project-records.js';
import type { createProjectSteps } from './project-steps.js';
import { writeJson, type SqlClient } from './sql.js';

/** The segment writes of the projects repository (projects-repository.ts spreads them in). */
export function createSegmentWrites(db: SqlClient, steps: ReturnType<typeof createProjectSteps>) {
  const { insertSegments, touch, lockProject, checkApart, currentSegment, writeSegment } = steps;
  return {
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
  };
}
