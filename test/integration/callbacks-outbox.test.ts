import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createCallbackOutbox, type CallbackOutbox } from '../../src/main/queue/callbacks/outbox.js';
import { resolveWebhookSecret } from '../../src/main/queue/callbacks/webhook-secret.js';

let dir: string;
let db: Db;
let clock: number;
let outbox: CallbackOutbox;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-outbox-'));
  db = openDatabase(path.join(dir, 'dubdesk.db'));
  clock = 1_700_000_000_000;
  outbox = createCallbackOutbox(db, { now: () => clock });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const url = 'http://127.0.0.1:9/hook';

describe('callback outbox', () => {
  it('stores the body as enqueued and gives each intent its own event id', () => {
    const a = outbox.enqueue({ taskId: 'A', url, body: { task_id: 'A', status: 'queuing' } });
    const b = outbox.enqueue({ taskId: 'A', url, body: '{"task_id":"A","status":"done"}' });
    expect(a).not.toBe(b);
    const [head] = outbox.nextDue(clock, 10);
    expect(head).toMatchObject({ eventId: a, taskId: 'A', url, body: '{"task_id":"A","status":"queuing"}', attempts: 0, createdAt: clock });
    expect(outbox.pendingCount()).toBe(2);
  });

  it('refuses a body that is not JSON at enqueue time', () => {
    expect(() => outbox.enqueue({ taskId: 'A', url, body: '{not json' })).toThrow();
    expect(outbox.pendingCount()).toBe(0);
  });

  it('offers only the oldest pending event of each task, so a task never skips ahead', () => {
    const a1 = outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
    outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
    const b1 = outbox.enqueue({ taskId: 'B', url, body: { n: 1 } });
    expect(outbox.nextDue(clock, 10).map((e) => e.eventId)).toEqual([a1, b1]);
  });

  it('holds a task\'s later events while its head waits for a retry, without holding other tasks', () => {
    const a1 = outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
    const a2 = outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
    const b1 = outbox.enqueue({ taskId: 'B', url, body: { n: 1 } });
    const [head] = outbox.nextDue(clock, 10);
    expect(outbox.markFailed(head.id, { attempts: 1, nextAttemptAt: clock + 1_000, error: 'HTTP 500' })).toBe(true);
    expect(outbox.nextDue(clock, 10).map((e) => e.eventId)).toEqual([b1]);
    const retry = outbox.nextDue(clock + 1_000, 10).find((e) => e.taskId === 'A');
    expect(retry).toMatchObject({ eventId: a1, attempts: 1 });
    outbox.markDelivered(retry!.id, clock + 1_000);
    expect(outbox.nextDue(clock + 1_000, 10).map((e) => e.eventId)).toEqual([a2, b1]);
  });

  it('lets the next event through once the head is given up', () => {
    outbox.enqueue({ taskId: 'A', url, body: { n: 1 } });
    const a2 = outbox.enqueue({ taskId: 'A', url, body: { n: 2 } });
    const [head] = outbox.nextDue(clock, 10);
    expect(outbox.markGivenUp(head.id, { attempts: 3, now: clock, error: 'HTTP 500' })).toBe(true);
    expect(outbox.nextDue(clock, 10).map((e) => e.eventId)).toEqual([a2]);
    expect(outbox.pendingCount()).toBe(1);
    const row = db.prepare('SELECT attempts, given_up_at, last_error FROM callback_outbox WHERE id = ?').get(head.id);
    expect(row).toEqual({ attempts: 3, given_up_at: clock, last_error: 'HTTP 500' });
  });

  it('does not let a finished entry be finished again', () => {
    outbox.enqueue({ taskId: 'A', url, body: {} });
    const [head] = outbox.nextDue(clock, 10);
    expect(outbox.markDelivered(head.id, clock)).toBe(true);
    expect(outbox.markDelivered(head.id, clock)).toBe(false);
    expect(outbox.markFailed(head.id, { attempts: 1, nextAttemptAt: clock, error: 'late' })).toBe(false);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('respects the limit and offers the longest-due first', () => {
    const ids = ['A', 'B', 'C'].map((taskId) => {
      clock += 10;
      return outbox.enqueue({ taskId, url, body: {} });
    });
    expect(outbox.nextDue(clock, 2).map((e) => e.eventId)).toEqual(ids.slice(0, 2));
    expect(outbox.nextDue(clock, 0)).toEqual([]);
  });

  it('commits with the caller\'s transaction and disappears when it rolls back', () => {
    const changeStatus = db.transaction((fail: boolean) => {
      outbox.enqueue({ taskId: 'A', url, body: { status: 'done' } });
      if (fail) throw new Error('status change failed');
    });
    expect(() => changeStatus(true)).toThrow('status change failed');
    expect(outbox.pendingCount()).toBe(0);
    changeStatus(false);
    expect(outbox.pendingCount()).toBe(1);
  });

  it('prunes only entries that finished before the cut-off', () => {
    outbox.enqueue({ taskId: 'A', url, body: {} });
    outbox.enqueue({ taskId: 'B', url, body: {} });
    outbox.enqueue({ taskId: 'C', url, body: {} });
    const [a, b] = outbox.nextDue(clock, 10);
    outbox.markDelivered(a.id, clock);
    outbox.markGivenUp(b.id, { attempts: 1, now: clock + 5, error: 'x' });
    expect(outbox.pruneFinished(clock + 1)).toBe(1);
    expect(outbox.pruneFinished(clock + 10)).toBe(1);
    expect(outbox.pendingCount()).toBe(1);
  });
});

describe('webhook signing secret', () => {
  it('generates a secret once and keeps it across reopening the database', () => {
    const file = path.join(dir, 'dubdesk.db');
    const generated = resolveWebhookSecret(db);
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(resolveWebhookSecret(db)).toBe(generated);
    db.close();
    db = openDatabase(file);
    expect(resolveWebhookSecret(db)).toBe(generated);
  });

  it('uses an explicit secret for the session without storing it', () => {
    expect(resolveWebhookSecret(db, 'from-the-command-line')).toBe('from-the-command-line');
    const stored = db.prepare("SELECT value FROM settings WHERE key = 'webhook_secret'").get();
    expect(stored).toBeUndefined();
    const generated = resolveWebhookSecret(db);
    expect(generated).not.toBe('from-the-command-line');
    expect(resolveWebhookSecret(db, 'from-the-command-line')).toBe('from-the-command-line');
    expect(resolveWebhookSecret(db)).toBe(generated);
  });

  it('treats an empty explicit secret as not set rather than signing with an empty key', () => {
    const generated = resolveWebhookSecret(db, '');
    expect(generated).not.toBe('');
    expect(resolveWebhookSecret(db)).toBe(generated);
  });
});
