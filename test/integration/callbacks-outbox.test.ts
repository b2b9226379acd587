// The callback outbox and the webhook secret on both databases: a SQLite file and a PostgreSQL server.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveWebhookSecret } from '../../src/main/queue/callbacks/webhook-secret.js';
import { createCallbackOutbox, type CallbackOutbox } from '../../src/main/store/callback-outbox-repository.js';
import { loadSettingsCache } from '../../src/main/store/settings-cache.js';
import type { Store } from '../../src/main/store/store.js';
import { STORE_BACKENDS, storeBackend, type OpenedStore } from '../fixtures/store-backends.js';

const url = 'http://127.0.0.1:9/hook';

describe.each(STORE_BACKENDS)('on %s', (backendName) => {
  const backend = storeBackend(backendName);
  let opened: OpenedStore;
  let store: Store;
  let clock: number;
  let outbox: CallbackOutbox;

  beforeEach(async () => {
    opened = await backend.open();
    store = opened.store;
    clock = 1_700_000_000_000;
    outbox = createCallbackOutbox(store.client, { now: () => clock });
  });
  afterEach(() => opened.close());
  afterAll(() => backend.dispose());

  const dueIds = async (at: number, limit = 10) => (await outbox.nextDue(at, limit)).map((entry) => entry.eventId);

  describe('callback outbox', () => {
    it('stores the body as enqueued and gives each intent its own event id', async () => {
      const a = await outbox.enqueue({ taskId: 'A', url, body: { task_id: 'A', status: 'queuing' } });
      const b = await outbox.enqueue({ taskId: 'A', url, body: '{"task_id":"A","status":"done"}' });
      expect(a).not.toBe(b);
      const [head] = await outbox.nextDue(clock, 10);
      expect(head).toMatchObject({ eventId: a, taskId: 'A', url, body: '{"task_id":"A","status":"queuing"}', attempts: 0, createdAt: clock });
      expect(await outbox.pendingCount()).toBe(2);
    });

    it('refuses a body that is not JSON at enqueue time', async () => {
      await expect(outbox.enqueue({ taskId: 'A', url, body: '{not json' })).rejects.toThrow();
      expect(await outbox.pendingCount()).toBe(0);
    });

    it('offers only the oldest pending event of each task, so a task never skips ahead', async () => {
      const a1 = await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      await outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
      const b1 = await outbox.enqueue({ taskId: 'B', url, body: { n: 1 } });
      expect(await dueIds(clock)).toEqual([a1, b1]);
    });

    it('holds a task\'s later events while its head waits for a retry, without holding other tasks', async () => {
      const a1 = await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      const a2 = await outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
      const b1 = await outbox.enqueue({ taskId: 'B', url, body: { n: 1 } });
      const [head] = await outbox.nextDue(clock, 10);
      expect(await outbox.markFailed(head!.id, { attempts: 1, nextAttemptAt: clock + 1_000, error: 'HTTP 500' })).toBe(true);
      expect(await dueIds(clock)).toEqual([b1]);
      const retry = (await outbox.nextDue(clock + 1_000, 10)).find((e) => e.taskId === 'A');
      expect(retry).toMatchObject({ eventId: a1, attempts: 1 });
      await outbox.markDelivered(retry!.id, clock + 1_000);
      expect(await dueIds(clock + 1_000)).toEqual([a2, b1]);
    });

    it('lets the next event through once the head is given up', async () => {
      await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      const a2 = await outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
      const [head] = await outbox.nextDue(clock, 10);
      expect(await outbox.markGivenUp(head!.id, { attempts: 3, now: clock, error: 'HTTP 500' })).toBe(true);
      expect(await dueIds(clock)).toEqual([a2]);
      expect(await outbox.pendingCount()).toBe(1);
      const row = await store.client.get('SELECT attempts, given_up_at, last_error FROM callback_outbox WHERE id = $1', [head!.id]);
      expect(row).toEqual({ attempts: 3, given_up_at: clock, last_error: 'HTTP 500' });
    });

    it('does not let a finished entry be finished again', async () => {
      await outbox.enqueue({ taskId: 'A', url, body: {} });
      const [head] = await outbox.nextDue(clock, 10);
      expect(await outbox.markDelivered(head!.id, clock)).toBe(true);
      expect(await outbox.markDelivered(head!.id, clock)).toBe(false);
      expect(await outbox.markFailed(head!.id, { attempts: 1, nextAttemptAt: clock, error: 'late' })).toBe(false);
      expect(await outbox.pendingCount()).toBe(0);
    });

    it('respects the limit and offers the longest-due first', async () => {
      const ids: string[] = [];
      for (const taskId of ['A', 'B', 'C']) {
        clock += 10;
        ids.push(await outbox.enqueue({ taskId, url, body: {} }));
      }
      expect(await dueIds(clock, 2)).toEqual(ids.slice(0, 2));
      expect(await outbox.nextDue(clock, 0)).toEqual([]);
    });

    it('commits with the caller\'s transaction and disappears when it rolls back', async () => {
      const changeStatus = (fail: boolean) => store.transaction(async (tx) => {
        await createCallbackOutbox(tx.client, { now: () => clock }).enqueue({ taskId: 'A', url, body: { status: 'done' } });
        if (fail) throw new Error('status change failed');
      });
      await expect(changeStatus(true)).rejects.toThrow('status change failed');
      expect(await outbox.pendingCount()).toBe(0);
      await changeStatus(false);
      expect(await outbox.pendingCount()).toBe(1);
    });

    it('prunes only entries that finished before the cut-off', async () => {
      await outbox.enqueue({ taskId: 'A', url, body: {} });
      await outbox.enqueue({ taskId: 'B', url, body: {} });
      await outbox.enqueue({ taskId: 'C', url, body: {} });
      const [a, b] = await outbox.nextDue(clock, 10);
      await outbox.markDelivered(a!.id, clock);
      await outbox.markGivenUp(b!.id, { attempts: 1, now: clock + 5, error: 'x' });
      expect(await outbox.pruneFinished(clock + 1)).toBe(1);
      expect(await outbox.pruneFinished(clock + 10)).toBe(1);
      expect(await outbox.pendingCount()).toBe(1);
    });
  });

  describe('webhook signing secret', () => {
    it('generates a secret once and keeps it for every later reader of the database', async () => {
      const generated = await resolveWebhookSecret(await loadSettingsCache(store.settings));
      expect(generated.length).toBeGreaterThanOrEqual(32);
      expect(await resolveWebhookSecret(await loadSettingsCache(store.settings))).toBe(generated);
      // Another process (or node) reading the same database, and racing to make one, ends up with the same secret.
      const others = await Promise.all([1, 2, 3].map(async () => resolveWebhookSecret(await loadSettingsCache(store.settings))));
      expect(new Set(others)).toEqual(new Set([generated]));
    });

    it('uses an explicit secret for the session without storing it', async () => {
      const settings = await loadSettingsCache(store.settings);
      expect(await resolveWebhookSecret(settings, 'from-the-command-line')).toBe('from-the-command-line');
      expect(await store.settings.get('webhook_secret')).toBeUndefined();
      const generated = await resolveWebhookSecret(settings);
      expect(generated).not.toBe('from-the-command-line');
      expect(await resolveWebhookSecret(settings, 'from-the-command-line')).toBe('from-the-command-line');
      expect(await resolveWebhookSecret(await loadSettingsCache(store.settings))).toBe(generated);
    });

    it('treats an empty explicit secret as not set rather than signing with an empty key', async () => {
      const settings = await loadSettingsCache(store.settings);
      const generated = await resolveWebhookSecret(settings, '');
      expect(generated).not.toBe('');
      expect(await resolveWebhookSecret(settings)).toBe(generated);
    });
  });
});
