// Edits of a project's lines: a patch of one line, a split, a merge of neighbours, and one voice for a speaker's
// lines. Each is written at the revision its caller read (409 when stale); a translate line whose sound changed is
// queued to have its fit measured again.
import { DubDeskError } from '../../shared/errors.js';
import type { EditedSegment, ProjectSegment, SegmentPatch } from '../../shared/schemas/projects.js';
import type { Engines } from '../engines/registry.js';
import type { ProjectRecord, ProjectsRepository, SegmentFields, SegmentRecord } from '../store/projects-repository.js';
import { checkBox, checkTimes, checkVoice } from './line-checks.js';
import { checkLineTexts } from './line-limits.js';
import type { LineSpeechQueue } from './line-speech-queue.js';
import { segmentView } from './project-view.js';
import { mergeSegments, splitSegment } from './segment-edits.js';
import { editable, fieldsOf, fromEditable } from './segment-fields.js';

export interface LineEditDeps {
  projects: ProjectsRepository;
  engines: Engines;
  speeches: LineSpeechQueue;
  now(): number;
}

/** A line's fields after a patch, its times and voice and box checked (the texts are checked by the caller). */
function patchedFields(
  project: ProjectRecord,
  current: SegmentRecord,
  patch: SegmentPatch,
  engines: Engines,
): SegmentFields {
  const startMs = patch.start !== undefined ? Math.round(patch.start * 1000) : current.startMs;
  const endMs = patch.end !== undefined ? Math.round(patch.end * 1000) : current.endMs;
  if (startMs !== current.startMs || endMs !== current.endMs) checkTimes(project, startMs, endMs);
  checkVoice(engines, patch.voice_id);
  checkBox(patch.box);
  return {
    ...fieldsOf(current),
    startMs,
    endMs,
    ...(patch.source_text !== undefined ? { sourceText: patch.source_text } : {}),
    ...(patch.target_text !== undefined ? { targetText: patch.target_text } : {}),
    ...(patch.speaker !== undefined ? { speaker: patch.speaker } : {}),
    ...(patch.voice_id !== undefined ? { voiceId: patch.voice_id } : {}),
    ...(patch.box !== undefined ? { box: patch.box } : {}),
  };
}

/** Whether what the line sounds like, or when it is spoken, changed. */
function soundChanged(next: SegmentFields, current: SegmentRecord): boolean {
  return (
    next.targetText !== current.targetText ||
    next.voiceId !== current.voiceId ||
    next.startMs !== current.startMs ||
    next.endMs !== current.endMs ||
    next.speaker !== current.speaker
  );
}

/** The lines to merge, in order: 404/409 for one that is gone, 400 when other lines lie between them. */
async function neighbourLines(
  projects: ProjectsRepository,
  projectId: string,
  segmentIds: readonly string[],
): Promise<SegmentRecord[]> {
  const all = await projects.segments(projectId);
  const wanted = new Set(segmentIds);
  const positions = all.flatMap((segment, i) => (wanted.has(segment.id) ? [i] : []));
  if (positions.length !== wanted.size) {
    const missing = [...wanted].find((id) => !all.some((segment) => segment.id === id));
    await projects.segment(projectId, missing!, undefined); // 409 for a line split or merged away, else 404
  }
  if (positions.some((position, i) => i > 0 && position !== positions[i - 1]! + 1)) {
    throw new DubDeskError(
      'invalid_request',
      `Only neighbouring lines can be merged; ${segmentIds.join(', ')} have other lines between them.`,
    );
  }
  return positions.map((position) => all[position]!);
}

export function createLineEdits(deps: LineEditDeps) {
  const { projects, engines, speeches, now } = deps;

  /** Queues a translate line to be spoken; undefined when too many wait (an edit is saved all the same, its fit left unknown). */
  function queueFit(project: ProjectRecord, segment: SegmentRecord): string | undefined {
    if (project.kind !== 'translate' || !segment.targetText.trim()) return undefined;
    try {
      return speeches.enqueue({
        projectId: project.id,
        segmentId: segment.id,
        revision: segment.revision,
        purpose: 'fit',
      });
    } catch (error) {
      if (error instanceof DubDeskError && error.code === 'rate_limited') return undefined;
      throw error;
    }
  }

  return {
    async patch(projectId: string, segmentId: string, patch: SegmentPatch): Promise<EditedSegment> {
      const project = await projects.require(projectId);
      const current = await projects.segment(projectId, segmentId, patch.revision);
      const next = patchedFields(project, current, patch, engines);
      checkLineTexts(next, `Line ${segmentId}`, 'Shorten it, or split the line first.');
      const changed = (Object.keys(next) as Array<keyof SegmentFields>).some(
        (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
      );
      if (!changed) return segmentView(project, current);
      // What the line sounds like or when it is spoken changed: its fit is measured again.
      const sound = soundChanged(next, current);
      const saved = await projects.updateSegment(
        projectId,
        segmentId,
        patch.revision,
        (segment) => ({
          ...segment,
          ...next,
          status: 'edited',
          fit: sound ? null : segment.fit,
        }),
        now(),
        { keepApart: project.kind === 'translate' },
      );
      // Its fit is measured off the request path: the answer says which line_spoken event brings it.
      const speechId = sound ? queueFit(project, saved) : undefined;
      return { ...segmentView(project, saved), ...(speechId ? { speech_id: speechId } : {}) };
    },

    async split(
      projectId: string,
      segmentId: string,
      atSeconds: number,
      revision?: number,
    ): Promise<{ revision: number; segments: ProjectSegment[] }> {
      const project = await projects.require(projectId);
      const fresh = await projects.replaceSegments(
        projectId,
        [{ id: segmentId, revision }],
        ([segment]) => splitSegment(editable(segment!), Math.round(atSeconds * 1000)).map(fromEditable),
        now(),
      );
      return {
        revision: (await projects.require(projectId)).revision,
        segments: fresh.map((item) => segmentView(project, item)),
      };
    },

    async merge(
      projectId: string,
      segmentIds: readonly string[],
    ): Promise<{ revision: number; segments: ProjectSegment[] }> {
      const project = await projects.require(projectId);
      const chosen = await neighbourLines(projects, projectId, segmentIds);
      // Merged from the lines as they are when written; a line that moved between them meanwhile refuses it (keepApart).
      const fresh = await projects.replaceSegments(
        projectId,
        chosen.map((segment) => ({ id: segment.id })),
        (current) => {
          const merged = mergeSegments([...current].sort((a, b) => a.startMs - b.startMs).map(editable));
          checkLineTexts(
            merged,
            `The line merged from ${chosen.length} lines`,
            'Shorten the lines first, or merge fewer of them.',
          );
          return [fromEditable(merged)];
        },
        now(),
        { keepApart: project.kind === 'translate' },
      );
      return {
        revision: (await projects.require(projectId)).revision,
        segments: fresh.map((item) => segmentView(project, item)),
      };
    },

    /** One voice for all of a speaker's lines (null: the voice the export chooses); each line's own choice is cleared. */
    async setSpeakerVoice(
      projectId: string,
      speaker: string,
      voiceId: string | null,
    ): Promise<{ revision: number; segments: ProjectSegment[] }> {
      const project = await projects.require(projectId);
      if (project.kind !== 'translate')
        throw new DubDeskError('invalid_request', 'Visual translation projects have no voices.');
      checkVoice(engines, voiceId);
      const theirs = (await projects.segments(projectId)).filter((segment) => segment.speaker === speaker);
      if (!theirs.length) throw new DubDeskError('not_found', `Project ${projectId} has no lines of ${speaker}.`);
      const voices = { ...project.speakerVoices };
      if (voiceId) voices[speaker] = { voiceId, pitchSemitones: 0 };
      else delete voices[speaker];
      await projects.setSpeakerVoices(projectId, voices, now());
      const changed: SegmentRecord[] = [];
      for (const segment of theirs) {
        changed.push(
          await projects.updateSegment(
            projectId,
            segment.id,
            undefined,
            (current) => ({
              ...current,
              voiceId: null,
              status: 'edited',
              fit: null,
            }),
            now(),
          ),
        );
      }
      return {
        revision: (await projects.require(projectId)).revision,
        segments: changed.map((segment) => segmentView(project, segment)),
      };
    },
  };
}
