// A service on PostgreSQL whose database goes away just as a job ends: the queue library cannot mark the job done,
// ends its worker for good ("committing seppuku"), and never replaces it. The service opens its queue again once the
// database is back, so the job that was running and one created after the outage both end done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';

describe.skipIf(postgresMissing)('the job queue of a service whose PostgreSQL restarts as a job ends', () => {
  let server: PostgresServer;
  let service: TestService;
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.database('queue_recovers');
    const pool = openPostgresPool(url, { max: 2 });
    try {
      await migratePostgres(pool);
    } finally {
      await pool.end();
    }
    media = await makeMediaDir();
    service = await startTestService({
      config: { databaseUrl: url },
      service: { kinds: testKinds({ encodeSeconds: 3 }), log: (line: string) => logged.push(line) },
    });
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
    await server?.destroy();
    await media?.cleanup();
  });

  it('opens its queue again once the database is back, and runs the interrupted job and a new one to done', async () => {
    const video = await makeVideo(media.dir, { durationSec: 2 });
    const first = await service.api('/v1/video_generation', { body: lipsyncBody(video) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await service.waitForTask(
      first.body.task_id,
      (task) =>
        task?.stages?.some(
          (stage: { name: string; state: string }) => stage.name === 'encode' && stage.state === 'running',
        ),
      60_000,
    );
    // The database is down when the encode ends: the stage's end cannot be written, nor the queue's job released.
    await server.stop();
    await expect.poll(() => logged.some((line) => line.includes('committing seppuku')), { timeout: 30_000 }).toBe(true);
    await server.start();

    const second = await createWhenAnswered(() => service.api('/v1/video_generation', { body: lipsyncBody(video) }));
    const [interrupted, created] = await Promise.all([
      service.waitForTask(first.body.task_id, undefined, 120_000),
      service.waitForTask(second.body.task_id, undefined, 120_000),
    ]);
    expect([created.status, created.err_message ?? null]).toEqual(['done', null]);
    expect([interrupted.status, interrupted.err_message ?? null]).toEqual(['done', null]);
    expect(logged.some((line) => line.includes('opening the queue again'))).toBe(true);
  }, 300_000);
});

/** The pool replaces the connections the restart dropped; until then a create answers 503. */
async function createWhenAnswered(
  create: () => Promise<{ status: number; body: any }>,
): Promise<{ status: number; body: any }> {
  for (let attempt = 0; ; attempt++) {
    const answer = await create();
    if (answer.status !== 503 || attempt >= 40) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
