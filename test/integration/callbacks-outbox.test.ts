// The callback outbox and the webhook secret on both databases: a SQLite file and a PostgreSQL server.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveWebhookSecret } from '../../src/main/queue/callbacks/webhook-secret.js';
import { createCallbackOutbox, type CallbackOutbox } from '../../src/main/store/callback-outbox-repository.js';
import { loadSettingsCache } from '../../src/main/store/settings-cache.js';
import type { Store } from '../../src/main/store/store.js';
import { STORE_BACKENDS, storeBackend, type OpenedStore } from '../fixtures/store-backends.js';

const url = 'http://127.0.0.1:9/hook';
const LEASE = 30_000;

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

  const claim = (at: number, limit = 10, owner = 'node-1') => outbox.claimDue(owner, at, LEASE, limit);
  const claimIds = async (at: number, limit = 10, owner = 'node-1') =>
    (await claim(at, limit, owner)).map((entry) => entry.eventId);
  const claimOf = (id: number) =>
    store.client.get('SELECT claimed_by, claim_expires_at FROM callback_outbox WHERE id = $1', [id]);

  describe('callback outbox', () => {
    it('stores the body as enqueued and gives each intent its own event id', async () => {
      const a = await outbox.enqueue({ taskId: 'A', url, body: { task_id: 'A', status: 'queuing' } });
      const b = await outbox.enqueue({ taskId: 'A', url, body: '{"task_id":"A","status":"done"}' });
      expect(a).not.toBe(b);
      const [head] = await claim(clock);
      expect(head).toMatchObject({
        eventId: a,
        taskId: 'A',
        url,
        body: '{"task_id":"A","status":"queuing"}',
        attempts: 0,
        createdAt: clock,
      });
      expect(await outbox.pendingCount()).toBe(2);
    });

    it('refuses a body that is not JSON at enqueue time', async () => {
      await expect(outbox.enqueue({ taskId: 'A', url, body: '{not json' })).rejects.toThrow();
      expect(await outbox.pendingCount()).toBe(0);
    });

    it('claims only the oldest pending event of each task, so a task never skips ahead', async () => {
      const a1 = await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      await outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
      const b1 = await outbox.enqueue({ taskId: 'B', url, body: { n: 1 } });
      expect(await claimIds(clock)).toEqual([a1, b1]);
    });

    it("claims an entry for its owner until the lease ends, and holds the task's later entries while it is claimed", async () => {
      const a1 = await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      await outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
      const [head] = await claim(clock);
      expect(await claimOf(head!.id)).toEqual({ claimed_by: 'node-1', claim_expires_at: clock + LEASE });
      // Neither the claimed head nor the entry behind it goes to anyone while the claim lives, its owner included.
      expect(await claimIds(clock, 10, 'node-2')).toEqual([]);
      expect(await claimIds(clock + LEASE, 10, 'node-1')).toEqual([]);
      expect(await claimIds(clock + LEASE + 1, 10, 'node-2')).toEqual([a1]);
      expect(await claimOf(head!.id)).toEqual({ claimed_by: 'node-2', claim_expires_at: clock + LEASE + 1 + LEASE });
    });

    it("records an outcome only from the claim's owner: a stale owner's marks are refused once another took over", async () => {
      await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      const [stale] = await claim(clock, 10, 'node-old');
      const [taken] = await claim(clock + LEASE + 1, 10, 'node-new');
      expect(taken!.id).toBe(stale!.id);
      expect(await outbox.markDelivered(stale!.id, 'node-old', clock + 5)).toBe(false);
      expect(await outbox.markFailed(stale!.id, 'node-old', { attempts: 1, nextAttemptAt: clock, error: 'late' })).toBe(
        false,
      );
      expect(await outbox.markGivenUp(stale!.id, 'node-old', { attempts: 1, now: clock, error: 'late' })).toBe(false);
      expect(await outbox.release(stale!.id, 'node-old')).toBe(false);
      expect(await claimOf(taken!.id)).toMatchObject({ claimed_by: 'node-new' });
      expect(await outbox.markDelivered(taken!.id, 'node-new', clock + LEASE + 2)).toBe(true);
      expect(await claimOf(taken!.id)).toEqual({ claimed_by: null, claim_expires_at: null });
      expect(await outbox.pendingCount()).toBe(0);
    });

    it.runIf(backendName === 'postgres')(
      'skips, without waiting, the rows another node is claiming in an open transaction',
      async () => {
        const heads: string[] = [];
        for (const taskId of ['A', 'B', 'C', 'D', 'E', 'F'])
          heads.push(await outbox.enqueue({ taskId, url, body: {} }));
        const other = await opened.reopen();
        try {
          const otherOutbox = createCallbackOutbox(other.store.client, { now: () => clock });
          const [first, second] = await store.transaction(async (tx) => {
            const mine = await createCallbackOutbox(tx.client, { now: () => clock }).claimDue(
              'node-1',
              clock,
              LEASE,
              3,
            );
            // Its rows stay locked until this transaction ends: the other claimer must pass them by, not block on them.
            const theirs = await Promise.race([
              otherOutbox.claimDue('node-2', clock, LEASE, 10),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error('the second claimer waited for the first')), 5_000),
              ),
            ]);
            return [mine, theirs];
          });
          expect(first.map((entry) => entry.eventId)).toEqual(heads.slice(0, 3));
          expect(second.map((entry) => entry.eventId)).toEqual(heads.slice(3));
        } finally {
          await other.close();
        }
      },
    );

    it('lets an owner whose claim ran out, and that nobody took over, still record its outcome', async () => {
      await outbox.enqueue({ taskId: 'A', url, body: {} });
      const [head] = await claim(clock);
      expect(await outbox.markDelivered(head!.id, 'node-1', clock + LEASE * 2)).toBe(true);
    });

    it('gives a released entry to the next claimer at once', async () => {
      const a1 = await outbox.enqueue({ taskId: 'A', url, body: {} });
      const [head] = await claim(clock);
      expect(await outbox.release(head!.id, 'node-1')).toBe(true);
      expect(await claimOf(head!.id)).toEqual({ claimed_by: null, claim_expires_at: null });
      expect(await claimIds(clock, 10, 'node-2')).toEqual([a1]);
    });

    it("frees, at a data folder's start, the claims a killed process left, and only those", async () => {
      const a1 = await outbox.enqueue({ taskId: 'A', url, body: {} });
      await outbox.enqueue({ taskId: 'B', url, body: {} });
      await claim(clock, 1, 'killed-process');
      await claim(clock, 1, 'this-process');
      expect(await outbox.releaseForeignClaims('this-process')).toBe(1);
      expect(await claimIds(clock, 10, 'this-process')).toEqual([a1]);
    });

    it('never gives one entry to two claimers racing, nor two entries of one task', async () => {
      const tasks = Array.from({ length: 12 }, (_, n) => `T${n}`);
      const heads = new Set<string>();
      for (let round = 0; round < 3; round++) {
        for (const taskId of tasks) {
          const eventId = await outbox.enqueue({ taskId, url, body: { round } });
          if (round === 0) heads.add(eventId);
        }
      }
      // A second connection to the same database (a second pool on PostgreSQL), as another node would have.
      const other = await opened.reopen();
      try {
        const outboxes = [outbox, createCallbackOutbox(other.store.client, { now: () => clock })];
        const claims = await Promise.all(
          Array.from({ length: 8 }, (_, n) => outboxes[n % 2]!.claimDue(`node-${n}`, clock, LEASE, 3)),
        );
        const claimed = claims.flat();
        expect(new Set(claimed.map((entry) => entry.id)).size).toBe(claimed.length);
        expect(new Set(claimed.map((entry) => entry.taskId)).size).toBe(claimed.length);
        for (const entry of claimed) expect(heads.has(entry.eventId)).toBe(true);
        // Nothing left behind: every head went to one claimer or another.
        expect(claimed).toHaveLength(tasks.length);
      } finally {
        await other.close();
      }
    });

    it("holds a task's later events while its head waits for a retry, without holding other tasks", async () => {
      const a1 = await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      const a2 = await outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
      const b1 = await outbox.enqueue({ taskId: 'B', url, body: { n: 1 } });
      const [head, b] = await claim(clock);
      expect(
        await outbox.markFailed(head!.id, 'node-1', { attempts: 1, nextAttemptAt: clock + 1_000, error: 'HTTP 500' }),
      ).toBe(true);
      expect(await claimOf(head!.id)).toEqual({ claimed_by: null, claim_expires_at: null });
      expect(await outbox.release(b!.id, 'node-1')).toBe(true);
      expect(await claimIds(clock)).toEqual([b1]);
      const retry = (await claim(clock + 1_000, 10, 'node-2')).find((e) => e.taskId === 'A');
      expect(retry).toMatchObject({ eventId: a1, attempts: 1 });
      expect(await outbox.markDelivered(retry!.id, 'node-2', clock + 1_000)).toBe(true);
      expect(await claimIds(clock + 1_000, 10, 'node-2')).toEqual([a2]);
    });

    it('lets the next event through once the head is given up', async () => {
      await outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
      const a2 = await outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
      const [head] = await claim(clock);
      expect(await outbox.markGivenUp(head!.id, 'node-1', { attempts: 3, now: clock, error: 'HTTP 500' })).toBe(true);
      expect(await claimIds(clock)).toEqual([a2]);
      expect(await outbox.pendingCount()).toBe(1);
      const row = await store.client.get(
        'SELECT attempts, given_up_at, last_error FROM callback_outbox WHERE id = $1',
        [head!.id],
      );
      expect(row).toEqual({ attempts: 3, given_up_at: clock, last_error: 'HTTP 500' });
    });

    it('does not let a finished entry be finished again', async () => {
      await outbox.enqueue({ taskId: 'A', url, body: {} });
      const [head] = await claim(clock);
      expect(await outbox.markDelivered(head!.id, 'node-1', clock)).toBe(true);
      expect(await outbox.markDelivered(head!.id, 'node-1', clock)).toBe(false);
      expect(await outbox.markFailed(head!.id, 'node-1', { attempts: 1, nextAttemptAt: clock, error: 'late' })).toBe(
        false,
      );
      expect(await outbox.pendingCount()).toBe(0);
    });

    it('respects the limit and claims the longest-due first', async () => {
      const ids: string[] = [];
      for (const taskId of ['A', 'B', 'C']) {
        clock += 10;
        ids.push(await outbox.enqueue({ taskId, url, body: {} }));
      }
      expect(await claim(clock, 0)).toEqual([]);
      expect(await claimIds(clock, 2)).toEqual(ids.slice(0, 2));
      expect(await claimIds(clock, 2)).toEqual(ids.slice(2));
    });

    it("commits with the caller's transaction and disappears when it rolls back", async () => {
      const changeStatus = (fail: boolean) =>
        store.transaction(async (tx) => {
          await createCallbackOutbox(tx.client, { now: () => clock }).enqueue({
            taskId: 'A',
            url,
            body: { status: 'done' },
          });
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
      const [a, b] = await claim(clock);
      await outbox.markDelivered(a!.id, 'node-1', clock);
      await outbox.markGivenUp(b!.id, 'node-1', { attempts: 1, now: clock + 5, error: 'x' });
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
      const others = await Promise.all(
        [1, 2, 3].map(async () => resolveWebhookSecret(await loadSettingsCache(store.settings))),
      );
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
