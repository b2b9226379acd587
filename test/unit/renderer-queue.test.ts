// Pins the queue's pure parts and the task store: ordering and merging of live records, time left, filters,
// the row window of a long list, the stage timeline, and when a finished task is announced.
import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../src/renderer/src/api/client.js';
import { addSample, estimateRemainingMs, formatRemaining } from '../../src/renderer/src/features/jobs/eta.js';
import { finishedJustNow, notificationText } from '../../src/renderer/src/features/jobs/notify.js';
import { finishedStages, stageTimeline } from '../../src/renderer/src/features/jobs/stage-timeline.js';
import { filterTasks, NO_FILTER } from '../../src/renderer/src/features/jobs/task-filter.js';
import { scrollToReveal, visibleRows } from '../../src/renderer/src/features/jobs/virtual-window.js';
import { mergeTasks, recordProgress, upsertTask, useTasks } from '../../src/renderer/src/stores/tasks.js';

function task(id: string, fields: Partial<TaskSummary> = {}): TaskSummary {
  return {
    task_id: id, kind: 'translate', status: 'queuing', progress: 0, stage: null, stage_progress: 0,
    created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', input_name: `${id}.mp4`, attempts: 0, retry_of: null, ...fields,
  } as TaskSummary;
}
const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, seconds)).toISOString();

describe('task list merging', () => {
  it('keeps newest first, replaces a known task in place and never lets an older record win', () => {
    let list = [task('b', { created_at: at(2) }), task('a', { created_at: at(1) })];
    list = upsertTask(list, task('c', { created_at: at(3) }));
    expect(list.map((t) => t.task_id)).toEqual(['c', 'b', 'a']);
    list = upsertTask(list, task('b', { created_at: at(2), updated_at: at(10), progress: 0.5 }));
    expect(list[1].progress).toBe(0.5);
    const unchanged = upsertTask(list, task('b', { created_at: at(2), updated_at: at(5), progress: 0.2 }));
    expect(unchanged[1].progress).toBe(0.5);
    expect(upsertTask(list, task('old', { created_at: at(0) })).at(-1)?.task_id).toBe('old');
  });

  it('merges a fetched page without undoing newer live records', () => {
    const live = [task('a', { updated_at: at(9), status: 'dubbing' })];
    const merged = mergeTasks(live, [task('a', { updated_at: at(4), status: 'preprocessing' }), task('b', { created_at: at(5) })]);
    expect(merged.map((t) => [t.task_id, t.status])).toEqual([['b', 'queuing'], ['a', 'dubbing']]);
  });

  it('keeps progress history for running tasks only, for the time-left estimate', () => {
    let history = recordProgress({}, task('a', { status: 'dubbing', progress: 0.1, updated_at: at(0) }));
    history = recordProgress(history, task('a', { status: 'dubbing', progress: 0.3, updated_at: at(10) }));
    expect(history.a).toHaveLength(2);
    expect(recordProgress(history, task('a', { status: 'done', progress: 1, updated_at: at(11) }))).toEqual({});
  });

  it('the store applies live events: upsert, then remove', () => {
    useTasks.setState({ tasks: [], progress: {} });
    useTasks.getState().upsert(task('x', { status: 'rendering', progress: 0.4, updated_at: at(1) }));
    expect(useTasks.getState().tasks.map((t) => t.task_id)).toEqual(['x']);
    expect(useTasks.getState().progress.x).toEqual([{ at: Date.parse(at(1)), progress: 0.4 }]);
    useTasks.getState().remove('x');
    expect(useTasks.getState().tasks).toEqual([]);
  });
});

describe('time left', () => {
  it('extrapolates the recent rate', () => {
    let samples = addSample([], { at: 0, progress: 0.1 });
    samples = addSample(samples, { at: 10_000, progress: 0.3 });
    expect(estimateRemainingMs(samples)).toBeCloseTo(35_000, -2);
    expect(formatRemaining(35_000)).toBe('about 35 s left');
    expect(formatRemaining(5 * 60_000)).toBe('about 5 min left');
  });

  it('says nothing without enough history or movement, and starts over when progress goes back (a retry)', () => {
    expect(estimateRemainingMs(addSample([], { at: 0, progress: 0.1 }))).toBeUndefined();
    expect(estimateRemainingMs([{ at: 0, progress: 0.1 }, { at: 1000, progress: 0.5 }])).toBeUndefined();
    expect(estimateRemainingMs([{ at: 0, progress: 0.1 }, { at: 20_000, progress: 0.1 }])).toBeUndefined();
    expect(addSample([{ at: 0, progress: 0.5 }], { at: 1000, progress: 0.2 })).toEqual([{ at: 1000, progress: 0.2 }]);
  });

  it('follows only the last minute', () => {
    let samples = addSample([], { at: 0, progress: 0 });
    samples = addSample(samples, { at: 30_000, progress: 0.01 });
    samples = addSample(samples, { at: 90_000, progress: 0.5 });
    expect(samples.map((s) => s.at)).toEqual([30_000, 90_000]);
  });
});

describe('filters', () => {
  const list = [
    task('a', { status: 'queuing' }), task('b', { status: 'dubbing' }), task('c', { status: 'done', kind: 'lipsync', input_name: 'Face.png' }),
    task('d', { status: 'failed' }), task('e', { status: 'cancelled' }), task('f', { status: 'pending', kind: 'lipsync' }),
  ];
  it('filters by status group, kind and text', () => {
    expect(filterTasks(list, NO_FILTER)).toBe(list);
    expect(filterTasks(list, { ...NO_FILTER, status: 'active' }).map((t) => t.task_id)).toEqual(['a', 'b', 'f']);
    expect(filterTasks(list, { ...NO_FILTER, status: 'queued' }).map((t) => t.task_id)).toEqual(['a', 'f']);
    expect(filterTasks(list, { ...NO_FILTER, status: 'running' }).map((t) => t.task_id)).toEqual(['b']);
    expect(filterTasks(list, { ...NO_FILTER, kind: 'lipsync' }).map((t) => t.task_id)).toEqual(['c', 'f']);
    expect(filterTasks(list, { ...NO_FILTER, text: 'face' }).map((t) => t.task_id)).toEqual(['c']);
  });
});

describe('row window', () => {
  it('renders only the rows in view plus a few around them, for any list length', () => {
    const window = visibleRows({ scrollTop: 104 * 5000, viewportHeight: 520, rowHeight: 104, count: 10_000 });
    expect(window).toEqual({ start: 4996, end: 5009, offset: 4996 * 104, total: 1_040_000 });
    expect(visibleRows({ scrollTop: 0, viewportHeight: 520, rowHeight: 104, count: 3 })).toMatchObject({ start: 0, end: 3 });
    expect(visibleRows({ scrollTop: 0, viewportHeight: 520, rowHeight: 104, count: 0 })).toMatchObject({ start: 0, end: 0, total: 0 });
  });

  it('clamps a scroll position past the end (the list shrank under a filter)', () => {
    expect(visibleRows({ scrollTop: 1e9, viewportHeight: 520, rowHeight: 104, count: 10 })).toMatchObject({ start: 1, end: 10 });
  });

  it('scrolls a row into view only when it is not', () => {
    expect(scrollToReveal(10, { scrollTop: 0, viewportHeight: 520, rowHeight: 104 })).toBe(104 * 11 - 520);
    expect(scrollToReveal(2, { scrollTop: 520, viewportHeight: 520, rowHeight: 104 })).toBe(208);
    expect(scrollToReveal(6, { scrollTop: 520, viewportHeight: 520, rowHeight: 104 })).toBeUndefined();
  });
});

describe('stage timeline', () => {
  it('marks finished stages from the log and the running one from the record', () => {
    const log = ['fetching', 'stage fetch-inputs finished', 'stage prepare-media already finished in an earlier run; resuming after it'];
    expect([...finishedStages(log)]).toEqual(['fetch-inputs', 'prepare-media']);
    const timeline = stageTimeline({ kind: 'translate', status: 'dubbing', stage: 'synthesize' }, log);
    expect(timeline.map((s) => `${s.name}:${s.state}`)).toEqual([
      'fetch-inputs:done', 'prepare-media:skipped', 'transcribe:done', 'translate:done', 'synthesize:running', 'mix:pending', 'export:pending',
    ]);
    expect(timeline[1].note).toBe('finished in an earlier run');
  });

  it('shows transcription skipped for given subtitles and translation skipped when the log says so, once they are behind', () => {
    const request = { media_url: 'http://h/v1/files/a?token=t', subtitle_url: 'http://h/v1/files/b?token=t', subtitle_usage_type: 'final_translated' };
    const early = stageTimeline({ kind: 'translate', status: 'preprocessing', stage: 'prepare-media', request }, []);
    expect(early.find((s) => s.name === 'transcribe')?.state).toBe('pending');
    const log = ['stage transcribe finished', 'subtitles are the final translation: no machine translation', 'stage translate finished'];
    const done = stageTimeline({ kind: 'translate', status: 'done', stage: null, request }, log);
    expect(done.map((s) => `${s.name}:${s.state}`)).toEqual([
      'fetch-inputs:done', 'prepare-media:done', 'transcribe:skipped', 'translate:skipped', 'synthesize:done', 'mix:done', 'export:done',
    ]);
    expect(done.find((s) => s.name === 'transcribe')?.note).toBe('the lines come from the given subtitles');
    expect(done.find((s) => s.name === 'translate')?.note).toBe('subtitles are the final translation');
    const sameLanguage = stageTimeline({ kind: 'translate', status: 'dubbing', stage: 'synthesize', request: {} }, ['speech is already in en: no machine translation']);
    expect(sameLanguage.find((s) => s.name === 'translate')).toMatchObject({ state: 'skipped', note: 'speech is already in en' });
  });

  it('shows the lip-sync stages of the other model as skipped', () => {
    const standard = stageTimeline({ kind: 'lipsync', status: 'done', stage: null, request: { model: 'standard_v1' } });
    expect(standard.filter((s) => s.state === 'skipped').map((s) => s.name)).toEqual(['face-crops']);
    const precision = stageTimeline({ kind: 'lipsync', status: 'processing', stage: 'render', request: { model: 'precision_v1' } });
    expect(precision.filter((s) => s.state === 'skipped').map((s) => s.name)).toEqual(['mouth-targets']);
  });

  it('shows where a task failed, and stages this version does not list', () => {
    const failed = stageTimeline({ kind: 'lipsync', status: 'failed', stage: 'faces' });
    expect(failed.find((s) => s.name === 'faces')?.state).toBe('failed');
    const unknown = stageTimeline({ kind: 'frame_translate', status: 'processing', stage: 'not-available' });
    expect(unknown.map((s) => `${s.name}:${s.state}`)).toEqual(['fetch-inputs:done', 'not-available:running']);
  });
});

describe('finish notifications', () => {
  it('announce a task seen running that ended done or failed, never a cancel or a task first seen finished', () => {
    expect(finishedJustNow(task('a', { status: 'rendering' }), task('a', { status: 'done' }))).toBe(true);
    expect(finishedJustNow(task('a', { status: 'rendering' }), task('a', { status: 'failed' }))).toBe(true);
    expect(finishedJustNow(task('a', { status: 'rendering' }), task('a', { status: 'cancelled' }))).toBe(false);
    expect(finishedJustNow(undefined, task('a', { status: 'done' }))).toBe(false);
    expect(finishedJustNow(task('a', { status: 'done' }), task('a', { status: 'done' }))).toBe(false);
    expect(notificationText(task('a', { status: 'failed', err_message: 'No speech.' }))).toEqual({ title: 'Translate and dub failed', body: 'a.mp4: No speech.' });
  });
});
