// The GUI restates no job kind: titles, create routes and queued statuses come from GET /v1/meta of a real service
// on loopback, here one that also serves a kind declared only in this test (no renderer module knows it).
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { Type } from 'typebox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/main/files/atomic-write.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { createApiClient, type ApiClient, type KindMeta, type TaskSummary } from '../../src/renderer/src/api/client.js';
import { notificationText } from '../../src/renderer/src/features/jobs/notify.js';
import { filterTasks, NO_FILTER } from '../../src/renderer/src/features/jobs/task-filter.js';
import { taskRequest } from '../../src/renderer/src/features/jobs/task-request.js';
import { TaskQueue } from '../../src/renderer/src/features/jobs/TaskQueue.js';
import { TaskRow } from '../../src/renderer/src/features/jobs/TaskRow.js';
import { createRouteOf, kindTitle, useKinds } from '../../src/renderer/src/stores/kinds.js';
import { useTasks } from '../../src/renderer/src/stores/tasks.js';
import { StatusCoreProperties, StrictObject } from '../../src/shared/schemas/common.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';

/** A kind only this test declares: its own title, route and statuses (it waits in 'preprocessing', which is a working state of translate), one stage writing an SRT. */
const captionKind: JobKindModule<{ text: string }> = {
  id: 'test_caption',
  title: 'caption check',
  route: '/v1/test_caption',
  apiName: 'TestCaption',
  requestSchema: StrictObject({ text: Type.String({ minLength: 1, maxLength: 200 }) }),
  statusSchema: Type.Object({
    ...StatusCoreProperties,
    status: Type.String(),
    result: Type.Optional(Type.Object({ subtitle_url: Type.Optional(Type.String()) })),
  }),
  statuses: ['preprocessing', 'rendering', 'done', 'failed', 'cancelled'],
  statusShape: 'result',
  inputs: [],
  intake: { inputRules: () => [], checkFields() {}, async checkInputs() {} },
  pipeline: () => ({
    stages: [
      {
        name: 'caption',
        label: 'Writing the caption',
        status: 'rendering',
        async run({ request }, ctx) {
          await writeFileAtomic(
            path.join(ctx.workDir, 'caption.srt'),
            `1\n00:00:00,000 --> 00:00:01,000\n${request.text}\n`,
          );
          ctx.progress(1);
          return { subtitle: 'caption.srt' };
        },
      },
    ],
    results: (outputs) => [{ role: 'subtitle', path: String(outputs.caption!.subtitle), name: 'caption.srt' }],
  }),
};

function task(fields: Partial<TaskSummary>): TaskSummary {
  return {
    task_id: 'tk',
    kind: 'test_caption',
    status: 'done',
    progress: 1,
    stage: null,
    stage_progress: 0,
    attempts: 1,
    retry_of: null,
    created_at: '2026-11-23T09:15:00.000Z',
    updated_at: '2026-11-23T09:20:00.000Z',
    input_name: 'clip.mp4',
    ...fields,
  } as TaskSummary;
}
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

let svc: TestService;
let client: ApiClient;
let metaRequests = 0;
let kinds: KindMeta[];
/** Server rendering reads a zustand store's initial state: seed it with the loaded kinds, restore it afterwards. */
let restoreInitial: (() => void) | undefined;

beforeAll(async () => {
  svc = await startTestService({ service: { kinds: [captionKind] } });
  const counting: typeof fetch = (input, init) => {
    if ((input instanceof Request ? input.url : String(input)).endsWith('/v1/meta')) metaRequests += 1;
    return fetch(input, init);
  };
  client = createApiClient({ apiKey: TEST_API_KEY, baseUrl: svc.url, fetch: counting });
  useKinds.setState(useKinds.getInitialState(), true);
  kinds = await useKinds.getState().load(client);
});
afterAll(async () => {
  await svc?.stop();
});
afterEach(() => {
  restoreInitial?.();
  restoreInitial = undefined;
});

function seedKinds(): void {
  const initial = useKinds.getInitialState();
  const pristine = { ...initial };
  Object.assign(initial, { kinds, loaded: true });
  restoreInitial = () => Object.assign(initial, pristine);
}

describe('the kinds store', () => {
  it('loads GET /v1/meta once per session and holds every kind the service serves, the test-only one included', async () => {
    expect(kinds.map((kind) => kind.id)).toEqual([
      'lipsync',
      'reusable_lipsync',
      'translate',
      'frame_translate',
      'test_caption',
    ]);
    expect(await useKinds.getState().load(client)).toBe(kinds);
    expect(metaRequests).toBe(1);
  });

  it('capitalises the meta titles in one place and falls back to the id for a kind the service did not list', () => {
    expect(kinds.map((kind) => kindTitle(kinds, kind.id))).toEqual([
      'Lip-sync',
      'Reusable-model lip-sync',
      'Translate and dub',
      'Visual translate',
      'Caption check',
    ]);
    expect(kindTitle(kinds, 'gone_kind')).toBe('gone_kind');
  });
});

describe('kind words in the queue come from the meta document', () => {
  it('a row names its kind by the meta title, with the target language of a translation', () => {
    seedKinds();
    const caption = renderToStaticMarkup(
      <TaskRow client={client} task={task({})} index={0} count={1} top={0} onOpen={() => {}} />,
    );
    expect(caption).toContain('aria-label="clip.mp4, Caption check, Done. Open details"');
    const dub = renderToStaticMarkup(
      <TaskRow
        client={client}
        task={task({ kind: 'translate', target_language: 'de' })}
        index={0}
        count={1}
        top={0}
        onOpen={() => {}}
      />,
    );
    expect(textOf(dub)).toContain('Translate and dub → German');
  });

  it('the Kind filter offers each kind the service lists, in its order', () => {
    seedKinds();
    const tasks = useTasks.getInitialState();
    const pristine = { ...tasks };
    Object.assign(tasks, { tasks: [task({})] });
    try {
      const html = renderToStaticMarkup(<TaskQueue client={client} />);
      const options = [...html.matchAll(/<option value="([^"]+)">([^<]+)<\/option>/g)].map((match) => [
        match[1],
        match[2],
      ]);
      expect(options.filter(([value]) => kinds.some((kind) => kind.id === value))).toEqual(
        kinds.map((kind) => [kind.id, kindTitle(kinds, kind.id)]),
      );
      expect(options).toContainEqual(['test_caption', 'Caption check']);
    } finally {
      Object.assign(tasks, pristine);
    }
  });

  it("counts a task as queued when it is in its own kind's first status", () => {
    const list = [
      task({ task_id: 'w', status: 'preprocessing' }),
      task({ task_id: 'r', status: 'rendering' }),
      task({ task_id: 'q', kind: 'translate', status: 'queuing' }),
      task({ task_id: 't', kind: 'translate', status: 'preprocessing' }),
      task({ task_id: 'x', kind: 'lipsync', status: 'pending' }),
    ];
    expect(filterTasks(list, { ...NO_FILTER, status: 'queued' }, kinds).map((t) => t.task_id)).toEqual(['w', 'q', 'x']);
    expect(filterTasks(list, { ...NO_FILTER, status: 'running' }, kinds).map((t) => t.task_id)).toEqual(['r', 't']);
  });

  it('a finish notification names the kind by its meta title', () => {
    expect(notificationText(task({ status: 'done' }), kinds).title).toBe('Caption check finished');
  });
});

describe('requests go to the create route the meta document gives', () => {
  it('creates a job of the test-only kind on its route and it finishes', async () => {
    const route = createRouteOf(kinds, 'test_caption');
    expect(route).toBe('/v1/test_caption');
    const { task_id: taskId } = await client.createTask(route!, { text: 'hello' });
    expect(await svc.waitForTask(taskId)).toMatchObject({ kind: 'test_caption', status: 'done' });
  });

  it('"Copy as curl" repeats a task on its kind\'s meta route, and offers nothing for a kind the service does not list', () => {
    expect(taskRequest({ kind: 'test_caption', request: { text: 'again' } }, kinds)).toEqual({
      method: 'POST',
      path: '/v1/test_caption',
      body: { text: 'again' },
    });
    expect(taskRequest({ kind: 'gone_kind', request: { text: 'again' } }, kinds)).toBeUndefined();
  });
});
