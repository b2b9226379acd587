// Two services on one database (two connections to one SQLite file, or two pools on one PostgreSQL database), each with
// its own callback deliverer: every callback reaches the receiver exactly once and in order per task, and a node that
// dies holding a claim delays its task only until the claim's lease runs out.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCallbackDeliverer,
  type CallbackDeliverer,
  type CallbackDelivererOptions,
} from '../../src/main/queue/callbacks/deliverer.js';
import { createCallbackOutbox, type CallbackOutbox } from '../../src/main/store/callback-outbox-repository.js';
import { STORE_BACKENDS, storeBackend, type OpenedStore } from '../fixtures/store-backends.js';
import { startReceiver, waitFor, type Receiver, type Reply } from './callbacks-receiver.js';

const secret = 'whsec_two_nodes_test';
const START = 1_700_000_000_000;

describe.each(STORE_BACKENDS)('on %s', (backendName) => {
  const backend = storeBackend(backendName);
  let first: OpenedStore;
  let second: OpenedStore;
  let clock: number;
  const cleanups: Array<() => unknown> = [];

  beforeEach(async () => {
    first = await backend.open();
    second = await first.reopen();
    clock = START;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await second.close();
    await first.close();
  });
  afterAll(() => backend.dispose());

  async function receiver(delayMs: () => number = () => 0): Promise<Receiver> {
    const hook = await startReceiver(async (): Promise<Reply> => {
      await new Promise((resolve) => setTimeout(resolve, delayMs()));
      return 'ok';
    });
    cleanups.push(() => hook.close());
    return hook;
  }

  function node(
    opened: OpenedStore,
    owner: string,
    options: Partial<CallbackDelivererOptions> = {},
  ): { outbox: CallbackOutbox; deliverer: CallbackDeliverer } {
    const outbox = createCallbackOutbox(opened.store.client, { now: () => clock });
    const deliverer = createCallbackDeliverer({
      outbox,
      owner,
      secret,
      version: '1.2.3',
      now: () => clock,
      ...options,
    });
    cleanups.push(() => deliverer.stop());
    return { outbox, deliverer };
  }

  const eventIds = (hook: Receiver) => hook.requests.map((request) => request.headers['x-dubdesk-event-id'] as string);

  it("delivers every callback exactly once and each task's in order while two nodes race over the outbox", async () => {
    const hook = await receiver(() => Math.floor(Math.random() * 6));
    const enqueued = new Map<string, string[]>();
    const enqueuer = createCallbackOutbox(first.store.client, { now: Date.now });
    for (let n = 0; n < 8; n++) {
      for (const taskId of ['A', 'B', 'C', 'D', 'E', 'F']) {
        const eventId = await enqueuer.enqueue({ taskId, url: hook.url, body: { task_id: taskId, n } });
        enqueued.set(taskId, [...(enqueued.get(taskId) ?? []), eventId]);
      }
    }
    // Each node counts the deliveries it recorded, to show both took part.
    const recorded = new Map<string, number>();
    const counting = (opened: OpenedStore, owner: string): CallbackOutbox => {
      const outbox = createCallbackOutbox(opened.store.client, { now: Date.now });
      return {
        ...outbox,
        async markDelivered(id, by, at) {
          const marked = await outbox.markDelivered(id, by, at);
          if (marked) recorded.set(owner, (recorded.get(owner) ?? 0) + 1);
          return marked;
        },
      };
    };
    const logs: string[] = [];
    for (const [opened, owner] of [
      [first, 'node-a'],
      [second, 'node-b'],
    ] as const) {
      const deliverer = createCallbackDeliverer({
        outbox: counting(opened, owner),
        owner,
        secret,
        version: '1.2.3',
        pollIntervalMs: 5,
        concurrency: 3,
        log: (level, message) => logs.push(`${owner} ${level}: ${message}`),
      });
      cleanups.push(() => deliverer.stop());
      deliverer.start();
    }

    await waitFor(async () => (await enqueuer.pendingCount()) === 0, 'every callback delivered', 30_000);
    const arrived = eventIds(hook);
    const all = [...enqueued.values()].flat();
    expect(arrived).toHaveLength(all.length);
    expect(new Set(arrived)).toEqual(new Set(all));
    for (const [taskId, ids] of enqueued) {
      const ofTask = hook.requests
        .filter((request) => JSON.parse(request.body).task_id === taskId)
        .map((request) => request.headers['x-dubdesk-event-id']);
      expect(ofTask, `task ${taskId}`).toEqual(ids);
    }
    expect(recorded.get('node-a')).toBeGreaterThan(0);
    expect(recorded.get('node-b')).toBeGreaterThan(0);
    expect((recorded.get('node-a') ?? 0) + (recorded.get('node-b') ?? 0)).toBe(all.length);
    expect(logs).toEqual([]);
  });

  it('holds a task whose claim a dead node left only until the lease ends; then another node delivers it and the rest in order', async () => {
    const hook = await receiver();
    const dead = createCallbackOutbox(first.store.client, { now: () => clock });
    const a1 = await dead.enqueue({ taskId: 'A', url: hook.url, body: { task_id: 'A', n: 1 } });
    const a2 = await dead.enqueue({ taskId: 'A', url: hook.url, body: { task_id: 'A', n: 2 } });
    const leaseMs = 30_000;
    // The dead node claimed A's head and never recorded an outcome (killed mid-attempt).
    expect((await dead.claimDue('node-dead', clock, leaseMs, 1)).map((entry) => entry.eventId)).toEqual([a1]);
    const b1 = await dead.enqueue({ taskId: 'B', url: hook.url, body: { task_id: 'B', n: 1 } });

    const survivor = node(second, 'node-alive');
    expect(await survivor.deliverer.deliverDue()).toBe(1);
    expect(eventIds(hook)).toEqual([b1]);
    clock += leaseMs;
    expect(await survivor.deliverer.deliverDue()).toBe(0);

    clock += 1;
    expect(await survivor.deliverer.deliverDue()).toBe(1);
    expect(await survivor.deliverer.deliverDue()).toBe(1);
    expect(eventIds(hook)).toEqual([b1, a1, a2]);
    expect(await survivor.outbox.pendingCount()).toBe(0);
  });
});
