// A stage whose output names its engine (`engine`) shows it in its entry of GET /v1/tasks/{id} once done, and still
// does when a restarted service resumes the job after that stage: the engine then comes from the saved output.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { lipsyncKind } from '../../src/main/pipelines/lipsync/kind.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import type { Pipeline } from '../../src/main/pipelines/types.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { makeDataDir, startTestService } from '../fixtures/service.js';
import { countRuns, lipsyncBody } from '../fixtures/test-pipelines.js';

const ENGINE = 'Test mouths (built in)';
/** In the job's work dir: one line per run of the draw stage. */
const DRAW_RUNS_FILE = 'draw-runs.log';

/** draw (names its engine) -> hold (waits for the service to stop while `holding`, else ends at once; names none). */
function enginePipeline(state: { holding: boolean }): Pipeline {
  return {
    stages: [
      {
        name: 'draw',
        label: 'Drawing',
        status: 'processing',
        async run(_input, ctx) {
          await fs.appendFile(path.join(ctx.workDir, DRAW_RUNS_FILE), 'run\n');
          return { engine: ENGINE };
        },
      },
      {
        name: 'hold',
        label: 'Holding',
        status: 'processing',
        async run(_input, ctx) {
          if (state.holding)
            await new Promise((_resolve, reject) =>
              ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true }),
            );
          return {};
        },
      },
    ],
    results: () => [],
  };
}

/** How GET /v1/workers and each stage name a worker: host:pid (the test's services run in this process). */
const WORKER = `${os.hostname()}:${process.pid}`;

let media: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  media = await makeMediaDir('dubdesk-stage-engine-');
});
afterAll(async () => {
  await media?.cleanup();
});

describe('the engine a stage names', () => {
  it('is shown for the done stage, and again after a restart resumes the job from its saved output', async () => {
    const video = await makeVideo(media.dir, { durationSec: 1 });
    const dataDir = await makeDataDir();
    const state = { holding: true };
    const kinds: JobKindModule[] = [{ ...lipsyncKind, pipeline: () => enginePipeline(state) }];
    try {
      const first = await startTestService({ dataDir, service: { kinds } });
      let taskId: string;
      try {
        const { body: created } = await first.api('/v1/video_generation', { body: lipsyncBody(video) });
        taskId = created.task_id;
        const holding = await first.waitForTask(taskId, (task) => task.stage === 'hold');
        expect(holding.stages).toEqual([
          { name: 'draw', label: 'Drawing', state: 'done', engine: ENGINE, worker: WORKER },
          { name: 'hold', label: 'Holding', state: 'running', worker: WORKER },
        ]);
      } finally {
        await first.stop();
      }

      state.holding = false;
      const second = await startTestService({ dataDir, service: { kinds } });
      try {
        const done = await second.waitForTask(taskId);
        expect(done.status).toBe('done');
        // hold names no engine: its entry has none. Each stage names the worker that ran it (both services are this process).
        expect(done.stages).toEqual([
          { name: 'draw', label: 'Drawing', state: 'done', engine: ENGINE, worker: WORKER },
          { name: 'hold', label: 'Holding', state: 'done', worker: WORKER },
        ]);
        // draw was not run again: the engine shown after the resume is the one its saved output named.
        expect(await countRuns(jobWorkDir(second.service.core.paths, taskId), DRAW_RUNS_FILE)).toBe(1);
      } finally {
        await second.stop();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
