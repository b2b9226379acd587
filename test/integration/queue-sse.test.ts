// The event stream the GUI and scripts follow: GET /v1/events as a plain HTTP client sees it.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';
import { waitFor } from './callbacks-receiver.js';

interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

interface SseStream {
  status: number;
  contentType: string;
  /** Events parsed so far, in arrival order (comments are skipped). */
  events: SseEvent[];
  /** The raw text, for assertion messages. */
  text(): string;
  close(): void;
}

/** Opens the stream with a raw HTTP request and parses `event:`/`data:`/`id:` blocks as they arrive. */
function openEvents(url: string): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      const events: SseEvent[] = [];
      let raw = '';
      let pending = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const colon = line.indexOf(':');
            fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
          }
          if (fields.event && fields.data !== undefined)
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
        }
      });
      response.on('error', () => {});
      resolve({
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type'] ?? ''),
        events,
        text: () => raw,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe('GET /v1/events', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let video: string;
  let svc: TestService;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-queue-sse-');
    video = await makeVideo(media.dir, { durationSec: 1 });
    svc = await startTestService({ service: { kinds: testKinds({ encodeSeconds: 3 }) } });
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await svc?.stop();
    await media?.cleanup();
  });

  it('streams a job from pending through rising progress to done, then its deletion', async () => {
    const stream = await openEvents(`${svc.url}/v1/events?key=${encodeURIComponent(TEST_API_KEY)}`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await waitFor(() => stream.text().includes(': connected'), 'the stream to open');

    const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    const taskId: string = created.task_id;
    const ofTask = () =>
      stream.events
        .filter((event) => event.event === 'task' && event.data.task_id === taskId)
        .map((event) => event.data);
    await waitFor(() => ofTask().some((task) => task.status === 'done'), `a done event in:\n${stream.text()}`, 30_000);

    const updates = ofTask();
    expect(updates[0]).toMatchObject({ status: 'pending', progress: 0, kind: 'lipsync' });
    const statuses = [...new Set(updates.map((task) => task.status))];
    expect(statuses).toEqual(['pending', 'processing', 'done']);
    const progress = updates.map((task) => task.progress);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
    // The encode reports as it goes: the stream shows the bar moving, not only a start and an end.
    const during = updates.filter((task) => task.stage === 'encode' && task.progress > 0 && task.progress < 1);
    expect(new Set(during.map((task) => task.progress)).size).toBeGreaterThanOrEqual(2);
    const last = updates.at(-1);
    expect(last).toMatchObject({ status: 'done', progress: 1, stage: 'encode' });
    expect(last.video_url).toMatch(/\/v1\/files\/\w+\?token=/);
    // Event ids rise, so a reconnecting EventSource can tell where it was.
    const ids = stream.events.map((event) => Number(event.id));
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);

    expect((await svc.api(`/v1/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(204);
    await waitFor(() => stream.events.some((event) => event.event === 'task_deleted'), 'a task_deleted event');
    expect(stream.events.filter((event) => event.event === 'task_deleted').map((event) => event.data)).toEqual([
      { task_id: taskId },
    ]);
  });

  it('refuses a client without a valid key', async () => {
    const response = await fetch(`${svc.url}/v1/events`);
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('unauthorized');
    const wrong = await fetch(`${svc.url}/v1/events?key=dd_not_a_key`);
    expect(wrong.status).toBe(401);
    await wrong.body?.cancel();
  });

  it('ends open streams when the service stops, instead of keeping the shutdown waiting', async () => {
    const other = await startTestService({ service: { kinds: testKinds({ encodeSeconds: 1 }) } });
    const stream = await openEvents(`${other.url}/v1/events?key=${encodeURIComponent(TEST_API_KEY)}`);
    streams.push(stream);
    await waitFor(() => stream.text().includes(': connected'), 'the stream to open');
    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
