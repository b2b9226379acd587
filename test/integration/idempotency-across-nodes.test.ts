// Idempotency keys are global: services on two connections to one PostgreSQL database (two nodes), creating with the
// same keys at the same moment, end with one task per key, and every create answers that task. (SQLite has one
// service per data folder, so no second node; its one connection serializes creates.)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createJobService } from '../../src/main/queue/job-service.js';
import type { Runner } from '../../src/main/queue/runner.js';
import { TaskEvents } from '../../src/main/queue/task-events.js';
import { storeBackend, type OpenedStore } from '../fixtures/store-backends.js';
import { postgresMissing } from '../fixtures/postgres-server.js';

describe.skipIf(postgresMissing)('on postgres', () => {
  const backend = storeBackend('postgres');
  const opened: OpenedStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0).reverse()) await store.close();
  });
  afterAll(() => backend.dispose());

  it('gives each key one task when two nodes create with it at once', async () => {
    const first = await backend.open();
    const second = await first.reopen();
    opened.push(first, second);
    const workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-idem-'));
    const node = (store: OpenedStore['store']) =>
      createJobService({
        store,
        events: new TaskEvents(),
        runner: { kick() {} } as unknown as Runner,
        workDirFor: (id) => path.join(workRoot, id),
        deleteTaskFiles: async () => {},
        maxQueuedJobs: 1_000,
      });
    const nodes = [node(first.store), node(second.store)];
    try {
      const keys = Array.from({ length: 20 }, (_, i) => `order-${i}`);
      const answers = await Promise.all(
        keys.flatMap((key) => [0, 1, 0, 1].map((n) => nodes[n]!.create('lipsync', { n }, { idempotencyKey: key }))),
      );
      for (const [i] of keys.entries()) {
        const forKey = answers.slice(i * 4, i * 4 + 4);
        expect(new Set(forKey.map((answer) => answer.taskId)).size).toBe(1);
        expect(forKey.filter((answer) => answer.created)).toHaveLength(1);
      }
      expect((await first.store.tasks.list({ limit: 100 })).tasks).toHaveLength(keys.length);
    } finally {
      await fs.rm(workRoot, { recursive: true, force: true });
    }
  });
});
