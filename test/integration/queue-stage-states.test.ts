// Each stage's state is recorded on the task as the runner goes, and the local task record (GET /v1/tasks,
// GET /v1/tasks/{id}, SSE `task` events) shows every stage of the kind in order; cloud-shaped routes stay as they were.
import fs from 'node:fs/promises';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { jobWorkDir } from '../../src/main/config.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { makeMediaDir, makeTextFile, makeVideo } from '../fixtures/media.js';
import { makeDataDir, startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';
import { countRuns, lipsyncBody, PREPARE_RUNS_FILE, testKinds } from '../fixtures/test-pipelines.js';

/** The worker that runs every stage here (the test's services run in this process): host:pid. */
const WORKER = `${os.hostname()}:${process.pid}`;

interface Stage {
  name: string;
  label: string;
  state: string;
  reason?: string;
  engine?: string;
  worker?: string;
}

/** The `task` events of a Server-Sent Events stream, parsed as they arrive. */
async function watchTasks(svc: TestService, query: string): Promise<{ records: any[]; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${svc.url}/v1/events?key=${TEST_API_KEY}&${query}`, { signal: controller.signal });
  const records: any[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end).split('\n');
          pending = pending.slice(end + 2);
          const data = block.find((line) => line.startsWith('data: '));
          if (block.includes('event: task') && data) records.push(JSON.parse(data.slice('data: '.length)));
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return { records, close: () => controller.abort() };
}

const states = (stages: Stage[]) => stages.map((stage) => `${stage.name}:${stage.state}`);

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let media: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  media = await makeMediaDir('dubdesk-stage-states-');
});
afterAll(async () => {
  await media?.cleanup();
});

describe('a translate job with final translated subtitles', () => {
  const CUES: SpokenCue[] = [
    { startMs: 300, endMs: 1800, text: 'Good morning and welcome.', voice: 'espeak:en+f2' },
    { startMs: 2300, endMs: 3800, text: 'It is great to be here.', voice: 'espeak:en+m3' },
  ];
  let svc: TestService;
  let events: Awaited<ReturnType<typeof watchTasks>>;
  let taskId: string;

  beforeAll(async () => {
    svc = await startTestService();
    const video = (await makeSpokenVideo(media.dir, { cues: CUES, name: 'talk' })).videoPath;
    const srt = await makeTextFile(
      media.dir,
      'talk.de.srt',
      CUES.map(
        (cue, i) =>
          `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n${['Guten Morgen und willkommen.', 'Schön, hier zu sein.'][i]}\n`,
      ).join('\n'),
    );
    events = await watchTasks(svc, 'kind=translate');
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(video).href,
        subtitle_url: pathToFileURL(srt).href,
        subtitle_usage_type: 'final_translated',
        source_language: 'en',
        target_language: 'de',
        export_type: 'video',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    taskId = created.body.task_id;
    const task = await svc.waitForTask(taskId, undefined, 120_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    await until(() => events.records.some((record) => record.task_id === taskId && record.status === 'done'));
  }, 180_000);

  afterAll(async () => {
    events?.close();
    await svc?.stop();
  });

  it('shows transcribe and translate skipped with their reasons, every other stage done, and the engines of those that name one', async () => {
    const expected: Stage[] = [
      { name: 'fetch-inputs', label: 'Fetching inputs', state: 'done', worker: WORKER },
      { name: 'prepare-media', label: 'Preparing media', state: 'done', worker: WORKER },
      {
        name: 'detect-speech',
        label: 'Finding speech',
        state: 'done',
        engine: 'Silero VAD (built in)',
        worker: WORKER,
      },
      { name: 'read-subtitles', label: 'Reading subtitles', state: 'done', worker: WORKER },
      {
        name: 'identify-language',
        label: 'Identifying the language',
        state: 'skipped',
        reason: 'source_language is English',
      },
      {
        name: 'read-screen-text',
        label: 'Reading on-screen subtitles',
        state: 'skipped',
        reason: 'no ocr_text_box given: the lines do not come from on-screen subtitles',
      },
      {
        name: 'transcribe',
        label: 'Transcribing',
        state: 'skipped',
        reason: 'the lines come from the given subtitles',
      },
      // The subtitles name no speakers: the built-in diarizer tells them apart.
      {
        name: 'diarize',
        label: 'Telling speakers apart',
        state: 'done',
        engine: 'Built-in speaker clustering (MFCC and pitch)',
        worker: WORKER,
      },
      { name: 'segment', label: 'Making subtitle cues', state: 'skipped', reason: 'the given subtitles are the cues' },
      { name: 'translate', label: 'Translating', state: 'skipped', reason: 'the subtitles are the final translation' },
      {
        name: 'separate',
        label: 'Separating speech from music',
        state: 'skipped',
        reason: 'no separation model installed: the original audio is ducked under the dubbed speech',
      },
      { name: 'synthesize', label: 'Synthesizing voices', state: 'done', worker: WORKER },
      { name: 'mix', label: 'Mixing audio', state: 'done', worker: WORKER },
      {
        name: 'erase-subtitles',
        label: 'Erasing the original subtitles',
        state: 'skipped',
        reason: 'subtitle_mode is not replace',
      },
      { name: 'export', label: 'Exporting', state: 'done', worker: WORKER },
      {
        name: 'make-project',
        label: 'Preparing the project',
        state: 'skipped',
        reason: 'no editable project was asked for',
      },
      { name: 'check-quality', label: 'Checking the result', state: 'done', worker: WORKER },
    ];
    expect((await svc.api(`/v1/tasks/${taskId}`)).body.stages).toEqual(expected);
    const listed = (await svc.api('/v1/tasks?kind=translate')).body.tasks.find((task: any) => task.task_id === taskId);
    expect(listed.stages).toEqual(expected);
    expect(events.records.filter((record) => record.task_id === taskId).at(-1).stages).toEqual(expected);
  });

  it('streams every stage pending at creation, then each running in turn, the skipped ones never running', () => {
    const seen: Stage[][] = events.records.filter((record) => record.task_id === taskId).map((record) => record.stages);
    const middle = (prepare: string) =>
      prepare === 'running'
        ? [
            'detect-speech:pending',
            'read-subtitles:pending',
            'identify-language:pending',
            'read-screen-text:pending',
            'transcribe:pending',
            'diarize:pending',
            'segment:pending',
            'translate:pending',
            'separate:pending',
          ]
        : [
            'detect-speech:done',
            'read-subtitles:done',
            'identify-language:skipped',
            'read-screen-text:skipped',
            'transcribe:skipped',
            'diarize:done',
            'segment:skipped',
            'translate:skipped',
            'separate:skipped',
          ];
    expect(states(seen[0]!)).toEqual([
      'fetch-inputs:pending',
      'prepare-media:pending',
      ...middle('running'),
      'synthesize:pending',
      'mix:pending',
      'erase-subtitles:pending',
      'export:pending',
      'make-project:pending',
      'check-quality:pending',
    ]);
    expect(seen.map(states)).toContainEqual([
      'fetch-inputs:done',
      'prepare-media:done',
      ...middle('done'),
      'synthesize:running',
      'mix:pending',
      'erase-subtitles:pending',
      'export:pending',
      'make-project:pending',
      'check-quality:pending',
    ]);
    expect(seen.map(states)).toContainEqual([
      'fetch-inputs:done',
      'prepare-media:running',
      ...middle('running'),
      'synthesize:pending',
      'mix:pending',
      'erase-subtitles:pending',
      'export:pending',
      'make-project:pending',
      'check-quality:pending',
    ]);
    const ran = new Set(
      seen.flatMap((stages) => stages.filter((stage) => stage.state === 'running').map((stage) => stage.name)),
    );
    expect([...ran]).toEqual([
      'fetch-inputs',
      'prepare-media',
      'detect-speech',
      'read-subtitles',
      'diarize',
      'synthesize',
      'mix',
      'export',
      'check-quality',
    ]);
  });

  it('keeps the cloud-shaped status record as it was: no stages', async () => {
    const cloud = (await svc.api(`/v1/media/translate/${taskId}`)).body;
    expect(cloud.status).toBe('done');
    expect(cloud).not.toHaveProperty('stages');
  });
});

describe('a job that runs again', () => {
  it('a retry of a failed job shows the stage that failed, then the earlier stage done without running it again', async () => {
    const video = await makeVideo(media.dir, { durationSec: 1 });
    const svc = await startTestService({
      service: {
        kinds: testKinds({
          encodeSeconds: 1,
          failuresBeforeSuccess: 1,
          failure: () => new DubDeskError('no_face_detected', 'No face in the test video.'),
        }),
      },
    });
    try {
      const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
      const failed = await svc.waitForTask(created.task_id);
      expect(failed.status).toBe('failed');
      expect(failed.stages).toEqual([
        { name: 'prepare', label: 'Preparing', state: 'done', worker: WORKER },
        { name: 'encode', label: 'Encoding', state: 'failed', worker: WORKER },
      ]);

      const events = await watchTasks(svc, 'kind=lipsync');
      let retried: any;
      try {
        retried = (await svc.api(`/v1/tasks/${created.task_id}/retry`, { method: 'POST' })).body;
        // A new task: no failed stage carried over. A queue that hands the task out at once (PostgreSQL's, told by
        // NOTIFY) may already have resumed past prepare by the time the retry is answered.
        const [prepareState, encodeState] = states(retried.stages);
        expect(['prepare:pending', 'prepare:done']).toContain(prepareState);
        expect(['encode:pending', 'encode:running']).toContain(encodeState);
        const done = await svc.waitForTask(retried.task_id);
        expect(done.status).toBe('done');
        expect(states(done.stages)).toEqual(['prepare:done', 'encode:done']);
        await until(() =>
          events.records.some((record) => record.task_id === retried.task_id && record.status === 'done'),
        );
        const seen = events.records
          .filter((record) => record.task_id === retried.task_id)
          .map((record) => states(record.stages));
        expect(seen).toContainEqual(['prepare:done', 'encode:running']);
        expect(seen.flat()).not.toContain('prepare:running');
      } finally {
        events.close();
      }
      // The retry's work dir is a copy of the first one's: one run of prepare, from the first task.
      expect(await countRuns(jobWorkDir(svc.service.core.paths, retried.task_id), PREPARE_RUNS_FILE)).toBe(1);
    } finally {
      await svc.stop();
    }
  }, 60_000);

  it('a stage that failed with a retryable error waits pending for its next attempt, then runs and ends done', async () => {
    const video = await makeVideo(media.dir, { durationSec: 1 });
    const svc = await startTestService({
      service: { kinds: testKinds({ encodeSeconds: 1, failuresBeforeSuccess: 1 }), retryDelayMs: () => 1500 },
    });
    try {
      const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
      const waiting = await svc.waitForTask(
        created.task_id,
        (task) => task.attempts === 1 || ['done', 'failed', 'cancelled'].includes(task.status),
      );
      expect(waiting.status).toBe('processing');
      expect(states(waiting.stages)).toEqual(['prepare:done', 'encode:pending']);
      const done = await svc.waitForTask(created.task_id);
      expect(done).toMatchObject({ status: 'done', attempts: 1 });
      expect(states(done.stages)).toEqual(['prepare:done', 'encode:done']);
    } finally {
      await svc.stop();
    }
  }, 60_000);

  it('a cancelled job shows the stage it was stopped in as cancelled', async () => {
    const video = await makeVideo(media.dir, { durationSec: 1 });
    const svc = await startTestService({ service: { kinds: testKinds({ encodeSeconds: 5 }) } });
    try {
      const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
      await svc.waitForTask(created.task_id, (task) => task.stage === 'encode');
      const cancelled = (await svc.api(`/v1/tasks/${created.task_id}/cancel`, { method: 'POST' })).body;
      expect(cancelled.status).toBe('cancelled');
      expect(states(cancelled.stages)).toEqual(['prepare:done', 'encode:cancelled']);
    } finally {
      await svc.stop();
    }
  }, 60_000);

  it('a job resumed after a restart keeps its finished stage done and finishes the interrupted one', async () => {
    const video = await makeVideo(media.dir, { durationSec: 1 });
    const dataDir = await makeDataDir();
    const kinds = testKinds({ encodeSeconds: 3 });
    try {
      const first = await startTestService({ dataDir, service: { kinds } });
      const { body: created } = await first.api('/v1/video_generation', { body: lipsyncBody(video) });
      const running = await first.waitForTask(
        created.task_id,
        (task) => task.stage === 'encode' && task.stage_progress > 0,
      );
      expect(states(running.stages)).toEqual(['prepare:done', 'encode:running']);
      await first.stop();

      const second = await startTestService({ dataDir, service: { kinds } });
      try {
        expect((await second.api(`/v1/tasks/${created.task_id}`)).body.stages[0]).toMatchObject({
          name: 'prepare',
          state: 'done',
        });
        const done = await second.waitForTask(created.task_id);
        expect(done).toMatchObject({ status: 'done', attempts: 0 });
        expect(states(done.stages)).toEqual(['prepare:done', 'encode:done']);
        expect(await countRuns(jobWorkDir(second.service.core.paths, created.task_id), PREPARE_RUNS_FILE)).toBe(1);
      } finally {
        await second.stop();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
