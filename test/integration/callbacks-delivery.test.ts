// Webhook delivery from the outbox, on both databases: signed, retried with backoff, in order per task, never lost.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS } from '../../src/main/queue/callbacks/backoff.js';
import {
  createCallbackDeliverer,
  type CallbackDeliverer,
  type CallbackDelivererOptions,
} from '../../src/main/queue/callbacks/deliverer.js';
import { parseSignatureHeader, verifySignature } from '../../src/main/queue/callbacks/signature.js';
import { createCallbackOutbox, type CallbackOutbox } from '../../src/main/store/callback-outbox-repository.js';
import type { SqlClient } from '../../src/main/store/sql.js';
import { STORE_BACKENDS, storeBackend, type OpenedStore } from '../fixtures/store-backends.js';
import { startReceiver, waitFor, type Receiver, type Reply } from './callbacks-receiver.js';

const secret = 'whsec_delivery_test';
const START = 1_700_000_000_000;

describe.each(STORE_BACKENDS)('on %s', (backendName) => {
  const backend = storeBackend(backendName);
  let opened: OpenedStore;
  let client: SqlClient;
  let clock: number;
  let outbox: CallbackOutbox;
  let logs: string[];
  const cleanups: Array<() => unknown> = [];

  beforeEach(async () => {
    opened = await backend.open();
    client = opened.store.client;
    clock = START;
    outbox = createCallbackOutbox(client, { now: () => clock });
    logs = [];
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await opened.close();
  });
  afterAll(() => backend.dispose());

  async function receiver(replies: Reply[] = [], then: Reply = 'ok'): Promise<Receiver> {
    const r = await startReceiver((_request, index) => replies[index] ?? then);
    cleanups.push(() => r.close());
    return r;
  }

  function deliverer(options: Partial<CallbackDelivererOptions> = {}): CallbackDeliverer {
    const d = createCallbackDeliverer({
      outbox,
      owner: 'node-test',
      secret,
      version: '1.2.3',
      now: () => clock,
      random: () => 1, // Longest jitter, so "advance by the window" always makes the retry due.
      log: (level, message) => logs.push(`${level}: ${message}`),
      ...options,
    });
    cleanups.push(() => d.stop());
    return d;
  }

  async function outboxRow(eventId: string) {
    return (await client.get<{
      attempts: number;
      next_attempt_at: number;
      delivered_at: number | null;
      given_up_at: number | null;
      last_error: string | null;
      claimed_by: string | null;
    }>(
      'SELECT attempts, next_attempt_at, delivered_at, given_up_at, last_error, claimed_by FROM callback_outbox WHERE event_id = $1',
      [eventId],
    ))!;
  }

  const status = (taskId: string, value: string) => ({
    task_id: taskId,
    status: value,
    progress: value === 'done' ? 1 : 0,
    created_at: 1,
    updated_at: 2,
  });

  describe('webhook callback delivery', () => {
    it('posts the enqueued body with the documented headers and a signature the receiver can verify', async () => {
      const hook = await receiver();
      const eventId = await outbox.enqueue({ taskId: 'T1', url: hook.url, body: status('T1', 'done') });
      expect(await deliverer().deliverDue()).toBe(1);

      expect(hook.accepted).toHaveLength(1);
      const [request] = hook.accepted;
      expect(request.path).toBe('/hook');
      expect(request.body).toBe(JSON.stringify(status('T1', 'done')));
      expect(JSON.parse(request.body)).toEqual(status('T1', 'done'));
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toBe('DubDesk/1.2.3');
      expect(request.headers['x-dubdesk-event-id']).toBe(eventId);
      const signature = request.headers['x-dubdesk-signature'] as string;
      expect(parseSignatureHeader(signature)?.timestamp).toBe(START / 1000);
      expect(verifySignature(secret, signature, request.body, { now: clock })).toBe(true);
      expect(verifySignature('whsec_wrong', signature, request.body, { now: clock })).toBe(false);
      expect((await outboxRow(eventId)).delivered_at).toBe(START);
      expect(await outbox.pendingCount()).toBe(0);
      expect(logs.join('\n')).not.toContain(secret);
    });

    it("retries after a 500 and a connection reset with the same event id, then sends the task's later events in order", async () => {
      const hook = await receiver([{ status: 500 }, 'reset']);
      const d = deliverer();
      const first = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'processing') });
      const second = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'done') });

      expect(await d.deliverDue()).toBe(1);
      expect(await outboxRow(first)).toMatchObject({
        attempts: 1,
        last_error: 'HTTP 500',
        next_attempt_at: START + 2_000,
      });
      // The retry is not due and the later event waits behind it.
      expect(await d.deliverDue()).toBe(0);

      clock += 2_000;
      expect(await d.deliverDue()).toBe(1);
      expect((await outboxRow(first)).attempts).toBe(2);
      expect((await outboxRow(first)).last_error).toMatch(/fetch failed|ECONNRESET|socket/i);

      clock += 4_000;
      expect(await d.deliverDue()).toBe(1);
      expect(await d.deliverDue()).toBe(1);

      expect(hook.requests.map((r) => r.headers['x-dubdesk-event-id'])).toEqual([first, first, first, second]);
      expect(hook.accepted.map((r) => JSON.parse(r.body).status)).toEqual(['processing', 'done']);
      // Signed at each attempt: the third attempt carries the later time.
      expect(parseSignatureHeader(hook.requests[2].headers['x-dubdesk-signature'] as string)?.timestamp).toBe(
        (START + 6_000) / 1000,
      );
      for (const r of hook.requests)
        expect(verifySignature(secret, r.headers['x-dubdesk-signature'] as string, r.body, { now: clock })).toBe(true);
      expect(await outbox.pendingCount()).toBe(0);
    });

    it('does not hold other tasks while one task waits for its retry', async () => {
      const hook = await startReceiver((request) =>
        JSON.parse(request.body).task_id === 'A' ? { status: 503 } : 'ok',
      );
      cleanups.push(() => hook.close());
      const d = deliverer();
      await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'processing') });
      await d.deliverDue();
      await outbox.enqueue({ taskId: 'B', url: hook.url, body: status('B', 'processing') });
      expect(await d.deliverDue()).toBe(1);
      expect(hook.accepted.map((r) => JSON.parse(r.body).task_id)).toEqual(['B']);
    });

    it('treats a 3xx answer as a failure and does not follow the redirect', async () => {
      const hook = await receiver([{ status: 302, headers: { location: '/elsewhere' } }]);
      const d = deliverer();
      const eventId = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'done') });
      await d.deliverDue();
      expect(hook.requests.map((r) => r.path)).toEqual(['/hook']);
      expect(await outboxRow(eventId)).toMatchObject({ attempts: 1, delivered_at: null });
      expect((await outboxRow(eventId)).last_error).toMatch(/302.*redirect/);

      clock += 2_000;
      await d.deliverDue();
      expect((await outboxRow(eventId)).delivered_at).toBe(clock);
    });

    it('counts a receiver that does not answer in time as a failed attempt', async () => {
      const hook = await receiver([], 'hang');
      const eventId = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'done') });
      await deliverer({ requestTimeoutMs: 200 }).deliverDue();
      expect(await outboxRow(eventId)).toMatchObject({
        attempts: 1,
        delivered_at: null,
        last_error: 'no response within 200 ms',
      });
    });

    it("keeps retrying until the event is 24 h old, then gives up and sends the task's next event", async () => {
      let failing = true;
      const hook = await startReceiver(() => (failing ? { status: 500 } : 'ok'));
      cleanups.push(() => hook.close());
      const d = deliverer();
      const first = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'processing') });
      const second = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'failed') });

      await d.deliverDue();
      clock = START + GIVE_UP_AFTER_MS - 1;
      await d.deliverDue();
      expect(await outboxRow(first)).toMatchObject({ attempts: 2, given_up_at: null });

      clock = START + GIVE_UP_AFTER_MS + 10 * 60_000;
      await d.deliverDue();
      expect(await outboxRow(first)).toMatchObject({ attempts: 3, given_up_at: clock, last_error: 'HTTP 500' });
      expect(logs.some((line) => line.startsWith('error: Gave up on callback'))).toBe(true);

      failing = false;
      await d.deliverDue();
      expect((await outboxRow(second)).delivered_at).toBe(clock);
      expect(hook.requests.map((r) => r.headers['x-dubdesk-event-id'])).toEqual([first, first, first, second]);
      clock += 60 * 60_000;
      expect(await d.deliverDue()).toBe(0);
    });

    it('loses nothing across a restart and delivers exactly once after it', async () => {
      const hook = await receiver();
      const eventId = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'done') });
      // The first run stops before any delivery (as a crash or quit right after the status change).
      const before = deliverer();
      await before.stop();
      expect(hook.requests).toHaveLength(0);
      expect(await outbox.pendingCount()).toBe(1);

      for (let run = 0; run < 2; run++) {
        const restarted = await opened.reopen();
        const after = createCallbackDeliverer({
          outbox: createCallbackOutbox(restarted.store.client, { now: () => clock }),
          secret,
          version: '1.2.3',
          now: () => clock,
        });
        await after.deliverDue();
        await after.deliverDue();
        await after.stop();
        await restarted.close();
      }
      expect(hook.requests).toHaveLength(1);
      expect(hook.accepted[0]!.headers['x-dubdesk-event-id']).toBe(eventId);
      expect((await outboxRow(eventId)).delivered_at).toBe(START);
    });

    it('running, delivers on kick and drains each task in order, one request at a time per task', async () => {
      const release: Array<() => void> = [];
      const hook = await startReceiver(() => new Promise<Reply>((resolve) => release.push(() => resolve('ok'))));
      cleanups.push(() => hook.close());
      // A poll interval far beyond the test: only kick() and finished deliveries can drive it.
      const d = deliverer({ now: Date.now, pollIntervalMs: 60_000, concurrency: 2 });
      d.start();
      const ids: string[] = [];
      for (const [n, taskId] of ['A', 'A', 'B', 'C'].entries())
        ids.push(await outbox.enqueue({ taskId, url: hook.url, body: { task_id: taskId, n } }));
      d.kick();

      await waitFor(() => hook.open() === 2, 'two deliveries in flight');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Bounded: task C waits for a slot, and A's second event waits for its first.
      expect(hook.requests.map((r) => r.headers['x-dubdesk-event-id'])).toEqual([ids[0], ids[2]]);

      while (hook.accepted.length < 4) {
        await waitFor(() => release.length > 0, 'a request to answer');
        release.shift()!();
        await waitFor(() => hook.open() === 0 || release.length > 0, 'the answer to land');
      }
      await waitFor(async () => (await outbox.pendingCount()) === 0, 'every delivery recorded');
      const sent = hook.accepted.map((r) => r.headers['x-dubdesk-event-id']);
      expect(sent.indexOf(ids[0])).toBeLessThan(sent.indexOf(ids[1]));
      expect(new Set(sent)).toEqual(new Set(ids));
      expect(hook.requests).toHaveLength(4);
    });

    it('stop() aborts a hanging delivery after its grace and leaves it pending for the next start', async () => {
      const hook = await receiver([], 'hang');
      const eventId = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'done') });
      const d = deliverer({ now: Date.now, stopGraceMs: 100, requestTimeoutMs: 60_000 });
      d.start();
      d.kick();
      await waitFor(() => hook.requests.length === 1, 'the request to arrive');
      await d.stop();
      // Unclaimed too: the next start (a new owner) or another node sends it without waiting for the lease.
      expect(await outboxRow(eventId)).toMatchObject({
        attempts: 0,
        delivered_at: null,
        given_up_at: null,
        claimed_by: null,
      });
      expect(await outbox.pendingCount()).toBe(1);
    });

    it('moves on when its claim ran out mid-attempt and another deliverer took the callback over', async () => {
      let answer!: () => void;
      const hook = await startReceiver(
        () =>
          new Promise<Reply>((resolve) => {
            answer = () => resolve('ok');
          }),
      );
      cleanups.push(() => hook.close());
      const eventId = await outbox.enqueue({ taskId: 'A', url: hook.url, body: status('A', 'done') });
      const slow = deliverer({ requestTimeoutMs: 60_000, claimLeaseMs: 70_000 });
      const pass = slow.deliverDue();
      await waitFor(() => hook.requests.length === 1, 'the request to arrive');

      clock += 70_001;
      const [taken] = await outbox.claimDue('node-other', clock, 70_000, 10);
      expect(taken?.eventId).toBe(eventId);
      answer();
      expect(await pass).toBe(1);
      // The late answer is not recorded: the entry is the other deliverer's to finish.
      expect(await outboxRow(eventId)).toMatchObject({ attempts: 0, delivered_at: null, claimed_by: 'node-other' });
      expect(logs.some((line) => line.startsWith('warn:') && line.includes('another deliverer owns it'))).toBe(true);
      expect(await outbox.markDelivered(taken!.id, 'node-other', clock)).toBe(true);
    });

    it('claims for longer than one attempt may take', () => {
      expect(() => deliverer({ requestTimeoutMs: 10_000, claimLeaseMs: 10_000 })).toThrow(
        'claimLeaseMs must be longer than requestTimeoutMs',
      );
    });

    it('gives up at once on a callback URL that is not http(s)', async () => {
      const eventId = await outbox.enqueue({ taskId: 'A', url: 'ftp://127.0.0.1/hook', body: status('A', 'done') });
      await deliverer().deliverDue();
      expect(await outboxRow(eventId)).toMatchObject({
        attempts: 1,
        given_up_at: START,
        last_error: 'callback_url is not an http(s) URL',
      });
    });
  });
});
