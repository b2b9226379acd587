// Nodes sharing one PostgreSQL database stay in step: a task change made on one (a worker) reaches the others'
// listeners (their SSE streams) through LISTEN/NOTIFY, and a settings change made on one is read by the others.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { createCore, type Core } from '../../src/main/core.js';
import type { TaskEvent } from '../../src/main/queue/task-events.js';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';
import { makeDataDir } from '../fixtures/service.js';

describe.skipIf(postgresMissing)('nodes on one PostgreSQL database', () => {
  let server: PostgresServer;
  let service: Core;
  let worker: Core;
  const folders: string[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.database('relay');
    const pool = openPostgresPool(url);
    await migratePostgres(pool);
    await pool.end();
    // No jobs run on either node (concurrency 0): only what the nodes tell each other is under test.
    const config = async () => {
      const dataDir = await makeDataDir();
      folders.push(dataDir);
      return resolveConfig({ dataDir, databaseUrl: url, concurrency: 0 }, {});
    };
    // The worker starts first, as a farm's workers may: the service's address must still reach it.
    worker = await createCore(await config(), { workerOnly: true, log: () => {} });
    await worker.start();
    service = await createCore(await config(), { log: () => {} });
    await service.setBaseUrl('http://dubdesk-service.internal:7860');
    await service.start();
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await service?.close();
    await server?.destroy();
    await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });

  it("tells the service's listeners of each change a worker made to a task, in order, as the task now reads", async () => {
    const seen: TaskEvent[] = [];
    const unsubscribe = service.events.subscribe((event) => seen.push(event));
    await worker.store.tasks.insert({
      id: 'remote-task',
      kind: 'translate',
      status: 'queuing',
      request: {},
      maxAttempts: 3,
      now: Date.now(),
    });
    for (const progress of [0.25, 0.5, 0.75]) {
      await worker.store.tasks.update('remote-task', { progress });
      worker.events.publish({ type: 'task', task: (await worker.store.tasks.get('remote-task'))! });
    }
    const lastProgress = () => seen.flatMap((event) => (event.type === 'task' ? [event.task.progress] : [])).at(-1);
    await expect.poll(lastProgress, { timeout: 10_000 }).toBe(0.75);
    await worker.store.tasks.delete('remote-task');
    worker.events.publish({ type: 'task_deleted', taskId: 'remote-task' });
    await expect.poll(() => seen.at(-1)?.type, { timeout: 10_000 }).toBe('task_deleted');
    unsubscribe();
    // Each notice is read back when it arrives: a change read after a later one shows the later state, never an older one.
    const progress = seen.flatMap((event) => (event.type === 'task' ? [event.task.progress] : []));
    expect(progress).toEqual([...progress].sort());
    expect(seen.at(-1)).toEqual({ type: 'task_deleted', taskId: 'remote-task' });
  });

  it('does not tell a node its own changes twice', async () => {
    const seen: TaskEvent[] = [];
    const unsubscribe = service.events.subscribe((event) => seen.push(event));
    service.events.publish({ type: 'task_deleted', taskId: 'local-task' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    unsubscribe();
    expect(seen).toEqual([{ type: 'task_deleted', taskId: 'local-task' }]);
  });

  it("links a worker's results to the service's address, recorded after the worker had started", async () => {
    await expect.poll(() => worker.baseUrl(), { timeout: 10_000 }).toBe('http://dubdesk-service.internal:7860');
    expect(worker.fileUrl('f1')).toMatch(/^http:\/\/dubdesk-service\.internal:7860\/v1\/files\/f1\?token=/);
  });

  it("reloads a node's settings when another node changes one", async () => {
    await service.settings.set('translation_engine', 'apertium');
    await expect.poll(() => worker.settings.get('translation_engine'), { timeout: 10_000 }).toBe('apertium');
  });
});
