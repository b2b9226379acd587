// The project editor's pure parts: the undo history, the unsaved edits kept in storage until acknowledged, the
// timeline's geometry and drag maths, the `#/projects/<id>` routing, and the words a line's row shows.
import { describe, expect, it } from 'vitest';
import { errorFromBody, type ProjectSegment } from '../../src/renderer/src/api/client.js';
import { memoryStorage, PendingEdits } from '../../src/renderer/src/features/projects/pending-edits.js';
import { saveStatus } from '../../src/renderer/src/features/projects/project-editor.js';
import {
  hashForView,
  projectHash,
  projectIdFromHash,
  projectIdFromUrl,
  viewForHash,
} from '../../src/renderer/src/features/projects/project-route.js';
import {
  changedFields,
  fieldsNotIn,
  pickFields,
  withDraft,
} from '../../src/renderer/src/features/projects/segment-fields.js';
import {
  fitLabel,
  formatLineTime,
  lineSaveLabel,
  segmentStatusLabel,
} from '../../src/renderer/src/features/projects/segment-labels.js';
import {
  clampRange,
  dragTimes,
  gridStep,
  hitTest,
  rangeShowing,
  secondsToX,
  snapSeconds,
  visibleSegmentRange,
  xToSeconds,
  type TimeRange,
} from '../../src/renderer/src/features/projects/timeline-math.js';
import { UndoStack, UNDO_LIMIT } from '../../src/renderer/src/features/projects/undo-stack.js';
import { projectUrl } from '../../src/shared/schemas/projects.js';

const segment = (id: string, start: number, end: number, extra: Partial<ProjectSegment> = {}): ProjectSegment => ({
  segment_id: id,
  start,
  end,
  source_text: `source ${id}`,
  target_text: `target ${id}`,
  revision: 1,
  status: 'ok',
  speaker: 'Speaker 1',
  voice_id: null,
  ...extra,
});

describe('the undo stack', () => {
  it('gives back the newest edit first and keeps only the last 50', () => {
    const stack = new UndoStack();
    for (let i = 0; i < 60; i++)
      stack.push({ segmentId: `s${i}`, before: { target_text: `old ${i}` }, after: { target_text: `new ${i}` } });
    expect(stack.size).toBe(UNDO_LIMIT);
    expect(stack.pop()).toEqual({
      segmentId: 's59',
      before: { target_text: 'old 59' },
      after: { target_text: 'new 59' },
    });
    const rest: string[] = [];
    for (let edit = stack.pop(); edit; edit = stack.pop()) rest.push(edit.segmentId);
    expect(rest).toHaveLength(49);
    expect(rest.at(-1)).toBe('s10');
  });

  it('lets go of an edit the service did not take', () => {
    const stack = new UndoStack();
    const taken = { segmentId: 'a', before: { target_text: 'a' }, after: { target_text: 'b' } };
    const refused = { segmentId: 'a', before: { target_text: 'b' }, after: { target_text: 'c' } };
    stack.push(taken);
    stack.push(refused);
    stack.discard(refused);
    expect(stack.pop()).toBe(taken);
    expect(stack.size).toBe(0);
  });

  it('forgets the edits of a line split or merged away', () => {
    const stack = new UndoStack();
    stack.push({ segmentId: 'a', before: { start: 1 }, after: { start: 2 } });
    stack.push({ segmentId: 'b', before: { start: 3 }, after: { start: 4 } });
    stack.push({ segmentId: 'a', before: { end: 5 }, after: { end: 6 } });
    stack.forget('a');
    expect(stack.size).toBe(1);
    expect(stack.pop()?.segmentId).toBe('b');
    expect(stack.pop()).toBeUndefined();
  });
});

describe('the pending-edit store', () => {
  it('keeps an edit per project and segment with the revision it was made on, across a new store (a reload)', () => {
    const storage = memoryStorage();
    const first = new PendingEdits(storage, 'p1');
    first.put('s1', 4, { target_text: 'Hola' });
    first.put('s1', 9, { voice_id: 'espeak:es' });
    new PendingEdits(storage, 'p2').put('s1', 1, { target_text: 'other project' });
    const reloaded = new PendingEdits(storage, 'p1');
    expect(reloaded.get('s1')).toEqual({ revision: 4, fields: { target_text: 'Hola', voice_id: 'espeak:es' } });
    expect([...reloaded.all().keys()]).toEqual(['s1']);
  });

  it('drops what the service acknowledged and keeps what was typed meanwhile, on the new revision', () => {
    const pending = new PendingEdits(memoryStorage(), 'p1');
    pending.put('s1', 4, { target_text: 'Hola mundo' });
    pending.acknowledge('s1', 5, { target_text: 'Hola mundo!' });
    expect(pending.get('s1')).toEqual({ revision: 5, fields: { target_text: 'Hola mundo!' } });
    pending.acknowledge('s1', 6, {});
    expect(pending.get('s1')).toBeUndefined();
    expect(pending.all().size).toBe(0);
  });

  it('ignores storage entries that are not its own or not valid', () => {
    const storage = memoryStorage();
    storage.setItem('dubdesk.edit.p1.bad', '{not json');
    storage.setItem('dubdesk.apiKey', 'dd_x');
    expect(new PendingEdits(storage, 'p1').all().size).toBe(0);
  });
});

describe('segment fields', () => {
  const saved = segment('s1', 1, 2, { target_text: 'Hola', voice_id: null });

  it('finds what an edit changes (a text typed back to the saved one is no change)', () => {
    expect(changedFields(saved, { target_text: 'Hola', voice_id: null })).toEqual({});
    expect(changedFields(saved, { target_text: 'Adiós', start: 1 })).toEqual({ target_text: 'Adiós' });
    expect(pickFields(saved, { target_text: 'x', voice_id: 'v' })).toEqual({ target_text: 'Hola', voice_id: null });
  });

  it('keeps only what was typed after the sent edit', () => {
    expect(fieldsNotIn({ target_text: 'Hola!', start: 1.5 }, { target_text: 'Hola', start: 1.5 })).toEqual({
      target_text: 'Hola!',
    });
    expect(withDraft(saved, { target_text: 'Adiós' }).target_text).toBe('Adiós');
  });
});

describe('the timeline maths', () => {
  const range: TimeRange = { start: 10, span: 20, width: 1000 };

  it('turns pixels into seconds and back', () => {
    expect(secondsToX(range, 15)).toBe(250);
    expect(xToSeconds(range, 250)).toBe(15);
    expect(xToSeconds(range, secondsToX(range, 27.3))).toBeCloseTo(27.3, 9);
  });

  it('keeps the visible range inside the media and pages it along with the playhead', () => {
    expect(clampRange({ start: 95, span: 20, width: 1000 }, 100)).toMatchObject({ start: 80, span: 20 });
    expect(clampRange({ start: -3, span: 500, width: 1000 }, 100)).toMatchObject({ start: 0, span: 100 });
    expect(rangeShowing(range, 20, 100)).toBe(range);
    expect(rangeShowing(range, 31, 100).start).toBeCloseTo(29, 9);
  });

  it('finds the lines in view and the bar under the pointer, with its edges', () => {
    const lines = [segment('a', 0, 5), segment('b', 9, 12), segment('c', 14, 18), segment('d', 40, 41)];
    expect(visibleSegmentRange(lines, range)).toEqual([1, 3]);
    expect(hitTest(lines, range, secondsToX(range, 10.5))).toEqual({ index: 1, mode: 'move' });
    expect(hitTest(lines, range, secondsToX(range, 14) + 2)).toEqual({ index: 2, mode: 'start' });
    expect(hitTest(lines, range, secondsToX(range, 18) - 2)).toEqual({ index: 2, mode: 'end' });
    expect(hitTest(lines, range, secondsToX(range, 13))).toBeUndefined();
  });

  it('snaps to a nearby edge or the playhead, else to the grid', () => {
    expect(snapSeconds(3.04, { grid: 0.1, targets: [3.5], tolerance: 0.1 })).toBeCloseTo(3.0, 9);
    expect(snapSeconds(3.44, { grid: 0.1, targets: [3.5], tolerance: 0.1 })).toBe(3.5);
    expect(gridStep(range)).toBe(0.2);
  });

  it('moves a bar whole, but never over its neighbours or out of the media', () => {
    const base = {
      from: { start: 10, end: 12 },
      previousEnd: 8,
      nextStart: 15,
      duration: 60,
      grid: 0.01,
      tolerance: 0,
    };
    expect(dragTimes({ ...base, mode: 'move', delta: 1.5 })).toEqual({ start: 11.5, end: 13.5 });
    expect(dragTimes({ ...base, mode: 'move', delta: 5 })).toEqual({ start: 13, end: 15 });
    expect(dragTimes({ ...base, mode: 'move', delta: -5 })).toEqual({ start: 8, end: 10 });
    expect(dragTimes({ ...base, previousEnd: undefined, mode: 'move', delta: -20 })).toEqual({ start: 0, end: 2 });
  });

  it('resizes by an edge, keeping the minimum length and the neighbours', () => {
    const base = {
      from: { start: 10, end: 12 },
      previousEnd: 8,
      nextStart: 15,
      duration: 60,
      grid: 0.01,
      tolerance: 0,
    };
    expect(dragTimes({ ...base, mode: 'start', delta: -1.234 })).toEqual({ start: 8.77, end: 12 });
    expect(dragTimes({ ...base, mode: 'start', delta: -4 })).toEqual({ start: 8, end: 12 });
    expect(dragTimes({ ...base, mode: 'start', delta: 5 })).toEqual({ start: 11.8, end: 12 });
    expect(dragTimes({ ...base, mode: 'end', delta: 9 })).toEqual({ start: 10, end: 15 });
    expect(dragTimes({ ...base, mode: 'end', delta: -9 })).toEqual({ start: 10, end: 10.2 });
  });

  it('snaps a moved bar against its neighbour when it comes close', () => {
    const moved = dragTimes({
      mode: 'move',
      from: { start: 10, end: 12 },
      delta: 2.93,
      nextStart: 15,
      previousEnd: 8,
      duration: 60,
      grid: 0.1,
      tolerance: 0.1,
      targets: [8, 15],
    });
    expect(moved).toEqual({ start: 13, end: 15 });
  });
});

describe('routing by the address', () => {
  it('reads the project of a project_url and of a hash', () => {
    const url = projectUrl('http://127.0.0.1:8123/', 'pr_1 2');
    expect(url).toBe('http://127.0.0.1:8123/#/projects/pr_1%202');
    expect(projectIdFromUrl(url)).toBe('pr_1 2');
    expect(projectIdFromHash(projectHash('abc'))).toBe('abc');
    expect(projectIdFromHash('#key=dd_123')).toBeUndefined();
    expect(projectIdFromHash('#content')).toBeUndefined();
    expect(projectIdFromUrl(undefined)).toBeUndefined();
  });

  it('opens a project from its hash, and leaves it for the task list when the hash is cleared (Back)', () => {
    expect(viewForHash('#/projects/abc', { name: 'tasks' })).toEqual({ name: 'project', projectId: 'abc' });
    expect(viewForHash('#/projects/abc', { name: 'project', projectId: 'abc' })).toBeUndefined();
    expect(viewForHash('', { name: 'project', projectId: 'abc' })).toEqual({ name: 'tasks' });
    expect(viewForHash('', { name: 'settings' })).toBeUndefined();
    // The skip link's #content is no route.
    expect(viewForHash('#content', { name: 'project', projectId: 'abc' })).toBeUndefined();
  });

  it('sets the hash for a shown project and clears it when another view shows', () => {
    expect(hashForView({ name: 'project', projectId: 'abc' }, '')).toBe('#/projects/abc');
    expect(hashForView({ name: 'project', projectId: 'abc' }, '#/projects/abc')).toBeUndefined();
    expect(hashForView({ name: 'tasks' }, '#/projects/abc')).toBe('');
    expect(hashForView({ name: 'tasks' }, '#content')).toBeUndefined();
  });
});

describe('a stale revision', () => {
  it('surfaces as ApiError code conflict, from the catalogue body or from a bare 409', () => {
    expect(
      errorFromBody(
        409,
        'Conflict',
        '{"code":"conflict","message":"Segment s1 changed since revision 3.","serverTs":"x"}',
      ),
    ).toMatchObject({ code: 'conflict', status: 409 });
    expect(errorFromBody(409, 'Conflict', '<html>proxy</html>')).toMatchObject({ code: 'conflict', status: 409 });
  });
});

describe('what a line shows', () => {
  it('names the status, the fit and the saving state', () => {
    expect(segmentStatusLabel('too_long')).toBe('Too long');
    expect(segmentStatusLabel('ok')).toBeUndefined();
    expect(fitLabel({ speech_seconds: 3, room_seconds: 2.3, rate: 1.2, stretch: 1.1 })).toBe(
      'rate 1.20× · stretch 1.10×',
    );
    expect(fitLabel(null)).toBeUndefined();
    expect(lineSaveLabel({ conflict: true }, true)).toBe('Changed elsewhere (another tab)');
    expect(lineSaveLabel({ retrying: true }, true)).toBe('Not saved yet — retrying');
    expect(lineSaveLabel(undefined, true)).toBe('Saving…');
    expect(lineSaveLabel(undefined, false)).toBeUndefined();
    expect(formatLineTime(75.5)).toBe('1:15.50');
  });

  it('sums the lines up for the header: Saved, Saving…, retrying, Not saved', () => {
    expect(saveStatus({ drafts: {}, lines: {} })).toBe('saved');
    expect(saveStatus({ drafts: { a: { target_text: 'x' } }, lines: {} })).toBe('saving');
    expect(saveStatus({ drafts: { a: { target_text: 'x' } }, lines: { a: { retrying: true } } })).toBe('retrying');
    expect(saveStatus({ drafts: {}, lines: { a: { retrying: true }, b: { conflict: true } } })).toBe('not_saved');
  });
});
