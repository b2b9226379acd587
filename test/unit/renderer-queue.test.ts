// Pins the queue's pure parts and the task store: ordering and merging of live records, time left, filters,
// the row window of a long list, the stage timeline (with the engine of a done stage), and when a finished task is announced.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createApiClient, type TaskSummary } from '../../src/renderer/src/api/client.js';
import { addSample, estimateRemainingMs, formatRemaining } from '../../src/renderer/src/features/jobs/eta.js';
import { finishedJustNow, notificationText } from '../../src/renderer/src/features/jobs/notify.js';
import { currentStageLabel, stageTimeline } from '../../src/renderer/src/features/jobs/stage-timeline.js';
import { StageTimeline } from '../../src/renderer/src/features/jobs/StageTimeline.js';
import { TaskRow } from '../../src/renderer/src/features/jobs/TaskRow.js';
import { filterTasks, NO_FILTER } from '../../src/renderer/src/features/jobs/task-filter.js';
import { BUILT_IN_KINDS_META } from '../fixtures/kinds-meta.js';
import { scrollToReveal, visibleRows } from '../../src/renderer/src/features/jobs/virtual-window.js';
import { mergeTasks, recordProgress, upsertTask, useTasks } from '../../src/renderer/src/stores/tasks.js';

function task(id: string, fields: Partial<TaskSummary> = {}): TaskSummary {
  return {
    task_id: id,
    kind: 'translate',
    status: 'queuing',
    progress: 0,
    stage: null,
    stage_progress: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    input_name: `${id}.mp4`,
    attempts: 0,
    retry_of: null,
    ...fields,
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
    const merged = mergeTasks(live, [
      task('a', { updated_at: at(4), status: 'preprocessing' }),
      task('b', { created_at: at(5) }),
    ]);
    expect(merged.map((t) => [t.task_id, t.status])).toEqual([
      ['b', 'queuing'],
      ['a', 'dubbing'],
    ]);
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
    expect(
      estimateRemainingMs([
        { at: 0, progress: 0.1 },
        { at: 1000, progress: 0.5 },
      ]),
    ).toBeUndefined();
    expect(
      estimateRemainingMs([
        { at: 0, progress: 0.1 },
        { at: 20_000, progress: 0.1 },
      ]),
    ).toBeUndefined();
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
    task('a', { status: 'queuing' }),
    task('b', { status: 'dubbing' }),
    task('c', { status: 'done', kind: 'lipsync', input_name: 'Face.png' }),
    task('d', { status: 'failed' }),
    task('e', { status: 'cancelled' }),
    task('f', { status: 'pending', kind: 'lipsync' }),
  ];
  it('filters by status group, kind and text', () => {
    expect(filterTasks(list, NO_FILTER, BUILT_IN_KINDS_META)).toBe(list);
    expect(filterTasks(list, { ...NO_FILTER, status: 'active' }, BUILT_IN_KINDS_META).map((t) => t.task_id)).toEqual([
      'a',
      'b',
      'f',
    ]);
    expect(filterTasks(list, { ...NO_FILTER, status: 'queued' }, BUILT_IN_KINDS_META).map((t) => t.task_id)).toEqual([
      'a',
      'f',
    ]);
    expect(filterTasks(list, { ...NO_FILTER, status: 'running' }, BUILT_IN_KINDS_META).map((t) => t.task_id)).toEqual([
      'b',
    ]);
    expect(filterTasks(list, { ...NO_FILTER, kind: 'lipsync' }, BUILT_IN_KINDS_META).map((t) => t.task_id)).toEqual([
      'c',
      'f',
    ]);
    expect(filterTasks(list, { ...NO_FILTER, text: 'face' }, BUILT_IN_KINDS_META).map((t) => t.task_id)).toEqual(['c']);
  });
});

describe('row window', () => {
  it('renders only the rows in view plus a few around them, for any list length', () => {
    const window = visibleRows({ scrollTop: 104 * 5000, viewportHeight: 520, rowHeight: 104, count: 10_000 });
    expect(window).toEqual({ start: 4996, end: 5009, offset: 4996 * 104, total: 1_040_000 });
    expect(visibleRows({ scrollTop: 0, viewportHeight: 520, rowHeight: 104, count: 3 })).toMatchObject({
      start: 0,
      end: 3,
    });
    expect(visibleRows({ scrollTop: 0, viewportHeight: 520, rowHeight: 104, count: 0 })).toMatchObject({
      start: 0,
      end: 0,
      total: 0,
    });
  });

  it('clamps a scroll position past the end (the list shrank under a filter)', () => {
    expect(visibleRows({ scrollTop: 1e9, viewportHeight: 520, rowHeight: 104, count: 10 })).toMatchObject({
      start: 1,
      end: 10,
    });
  });

  it('scrolls a row into view only when it is not', () => {
    expect(scrollToReveal(10, { scrollTop: 0, viewportHeight: 520, rowHeight: 104 })).toBe(104 * 11 - 520);
    expect(scrollToReveal(2, { scrollTop: 520, viewportHeight: 520, rowHeight: 104 })).toBe(208);
    expect(scrollToReveal(6, { scrollTop: 520, viewportHeight: 520, rowHeight: 104 })).toBeUndefined();
  });
});

describe('stage timeline', () => {
  // As GET /v1/tasks/{id} answers for a dub with final translated subtitles, while it synthesizes.
  const recorded = task('t', {
    status: 'dubbing',
    stage: 'synthesize',
    stages: [
      { name: 'fetch-inputs', label: 'Fetching inputs', state: 'done' },
      { name: 'prepare-media', label: 'Preparing media', state: 'done' },
      {
        name: 'transcribe',
        label: 'Transcribing',
        state: 'skipped',
        reason: 'the lines come from the given subtitles',
      },
      { name: 'translate', label: 'Translating', state: 'skipped', reason: 'the subtitles are the final translation' },
      { name: 'synthesize', label: 'Synthesizing voices', state: 'running' },
      { name: 'mix', label: 'Mixing audio', state: 'pending' },
      { name: 'export', label: 'Exporting', state: 'pending' },
    ],
  });
  const drawn = (t: TaskSummary) => renderToStaticMarkup(createElement(StageTimeline, { stages: stageTimeline(t) }));

  it('draws the recorded stages in order with their labels and states, and why a skipped one was skipped', () => {
    const html = drawn(recorded);
    const items = [...html.matchAll(/<li data-state="(\w+)">.*?<span>([^<]+)<\/span>/g)].map((m) => `${m[2]}:${m[1]}`);
    expect(items).toEqual([
      'Fetching inputs:done',
      'Preparing media:done',
      'Transcribing:skipped',
      'Translating:skipped',
      'Synthesizing voices:running',
      'Mixing audio:pending',
      'Exporting:pending',
    ]);
    expect(html).toContain('skipped: the lines come from the given subtitles');
    expect(html).toContain('skipped: the subtitles are the final translation');
  });

  it("names the engine after a done stage's label, muted, and nothing for a done stage that names none", () => {
    const html = drawn(
      task('l', {
        kind: 'lipsync',
        status: 'done',
        stages: [
          { name: 'prepare', label: 'Preparing', state: 'done' },
          { name: 'render', label: 'Rendering', state: 'done', engine: 'DubDesk exemplar mouths (built in)' },
        ],
      }),
    );
    const notes = [
      ...html.matchAll(
        /<span>([^<]+)<\/span>(?:<span class="visually-hidden">[^<]*<\/span>)?(?:<span class="muted stage-note">([^<]+)<\/span>)?<\/li>/g,
      ),
    ].map((m) => `${m[1]}|${m[2] ?? ''}`);
    expect(notes).toEqual(['Preparing|', 'Rendering|— DubDesk exemplar mouths (built in)']);
  });

  it('shows whatever stages and labels the record holds, e.g. a kind this GUI has never seen', () => {
    const other = task('o', {
      kind: 'lipsync',
      status: 'failed',
      stage: 'encode',
      stages: [
        { name: 'prepare', label: 'Preparing', state: 'done' },
        { name: 'encode', label: 'Encoding', state: 'failed' },
      ],
    });
    expect(drawn(other)).toMatch(/data-state="failed">.*Encoding/);
    expect(currentStageLabel(other)).toBe('Encoding');
  });

  it('names the current stage by its recorded label, and draws nothing for a task finished before stages were recorded', () => {
    expect(currentStageLabel(recorded)).toBe('Synthesizing voices');
    const encoding = task('e', {
      kind: 'lipsync',
      status: 'processing',
      stage: 'encode',
      stages: [{ name: 'encode', label: 'Encoding the clip', state: 'running' }],
    });
    const row = renderToStaticMarkup(
      createElement(TaskRow, {
        client: createApiClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' }),
        task: encoding,
        index: 0,
        count: 1,
        top: 0,
        onOpen: () => {},
      }),
    );
    expect(row).toMatch(/class="task-meta muted">Encoding the clip/);
    expect(currentStageLabel(task('q', { stage: null, stages: [] }))).toBeUndefined();
    expect(drawn(task('old', { status: 'done', stages: [] }))).toBe('');
  });
});

describe('finish notifications', () => {
  it('announce a task seen running that ended done or failed, never a cancel or a task first seen finished', () => {
    expect(finishedJustNow(task('a', { status: 'rendering' }), task('a', { status: 'done' }))).toBe(true);
    expect(finishedJustNow(task('a', { status: 'rendering' }), task('a', { status: 'failed' }))).toBe(true);
    expect(finishedJustNow(task('a', { status: 'rendering' }), task('a', { status: 'cancelled' }))).toBe(false);
    expect(finishedJustNow(undefined, task('a', { status: 'done' }))).toBe(false);
    expect(finishedJustNow(task('a', { status: 'done' }), task('a', { status: 'done' }))).toBe(false);
    expect(notificationText(task('a', { status: 'failed', err_message: 'No speech.' }), BUILT_IN_KINDS_META)).toEqual({
      title: 'Translate and dub failed',
      body: 'a.mp4: No speech.',
    });
  });
});
