// A new task's row, written in one transaction with its idempotency key and under the cap on waiting and running tasks.
import { DubDeskError } from '../../shared/errors.js';
import { initialStatus, type JobKind, type JobStatus } from '../../shared/jobs.js';
import type { JobPlan } from '../../shared/schemas/job-plan.js';
import { newId } from '../ids.js';
import type { Store } from '../store/store.js';

export interface CreateOptions {
  idempotencyKey?: string;
  /** Shown in task lists: the input file's name. */
  inputName?: string | null;
  callbackUrl?: string | null;
  /** The address the create request came to, for its callbacks' result URLs (all-interfaces bind; docs/api.md "URLs"). */
  resultBaseUrl?: string | null;
}

export type TaskInsertOptions = CreateOptions & { retryOf?: string; id?: string; plan?: JobPlan };

export interface TaskInsertDeps {
  store: Store;
  /** A kind's ordered public states, the first its initial one; default the built-in kinds'. */
  statusesOf?(kind: string): readonly string[];
  maxQueuedJobs: number;
  maxAttempts?: number;
  now(): number;
}

/** Inserts a task; with an idempotency key already used for a task that still exists, answers that task instead. */
export function createTaskInsert(deps: TaskInsertDeps) {
  const { store, now } = deps;
  return async (
    kind: JobKind,
    request: Record<string, unknown>,
    options: TaskInsertOptions,
  ): Promise<{ taskId: string; created: boolean }> => {
    try {
      return await store.transaction(async (tx) => {
        const at = now();
        const key = options.idempotencyKey;
        if (key) {
          const existing = await tx.idempotency.find(key, kind, at);
          if (existing && (await tx.tasks.get(existing))) return { taskId: existing, created: false };
          if (existing) await tx.idempotency.forget(key, kind, existing);
        }
        if ((await tx.tasks.countActive()) >= deps.maxQueuedJobs) {
          throw new DubDeskError(
            'rate_limited',
            `${deps.maxQueuedJobs} tasks are already waiting or running; wait for some to finish, or raise the limit.`,
          );
        }
        const id = options.id ?? newId();
        await tx.tasks.insert({
          id,
          kind,
          status: (deps.statusesOf?.(kind)[0] as JobStatus | undefined) ?? initialStatus(kind),
          request,
          callbackUrl: options.callbackUrl ?? null,
          resultBaseUrl: options.resultBaseUrl ?? null,
          inputName: options.inputName ?? null,
          maxAttempts: deps.maxAttempts ?? 3,
          retryOf: options.retryOf ?? null,
          plan: options.plan ?? null,
          now: at,
        });
        if (key) {
          const owner = await tx.idempotency.claim(key, kind, id, at);
          if (owner !== id) throw new KeyTakenMeanwhile(owner);
        }
        return { taskId: id, created: true };
      });
    } catch (error) {
      // Another node created a task with the same key between our read and our write: ours is rolled back, theirs answers.
      if (error instanceof KeyTakenMeanwhile) return { taskId: error.taskId, created: false };
      throw error;
    }
  };
}

/** Thrown inside the create transaction to roll it back when another create took the idempotency key first. */
class KeyTakenMeanwhile extends Error {
  constructor(readonly taskId: string) {
    super('The idempotency key was taken by another create meanwhile.');
  }
}
