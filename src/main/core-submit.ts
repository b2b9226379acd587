import type { JobKind } from '../shared/jobs.js';
import type { JobKindModule } from './pipelines/kind.js';
import type { KindRegistry } from './pipelines/kinds.js';
import type { JobService } from './queue/job-service.js';
import { checkBody, validationError } from './requests/body-validation.js';
import type { IdempotencyRepository } from './store/idempotency-repository.js';
import type { TasksRepository } from './store/tasks-repository.js';

export interface SubmitOptions {
  /** The same key within 24 h returns the first task's id without checking the body again. */
  idempotencyKey?: string;
  /** What validation messages call the body ("body" for HTTP, the request file for the CLI). */
  bodyName?: string;
  /** The address the create request came to (all-interfaces bind): the task's callbacks' URLs name it. */
  resultBaseUrl?: string;
}

export interface SubmitDeps {
  kinds: KindRegistry;
  idempotency: Pick<IdempotencyRepository, 'find'>;
  tasks: Pick<TasksRepository, 'get'>;
  jobs: Pick<JobService, 'create'>;
  intake(kind: JobKindModule, request: Record<string, unknown>): Promise<{ inputName: string }>;
}

export type Submit = (kind: string, body: unknown, options?: SubmitOptions) => Promise<{ taskId: string }>;

/** Validates a create body against its kind's schema, runs the kind's intake checks and queues the job. */
export function createSubmit({ kinds, idempotency, tasks, jobs, intake }: SubmitDeps): Submit {
  return async (kindId, body, submitOptions = {}) => {
    const kind = kinds.get(kindId);
    // The same validator as the HTTP routes' (api/validation.ts): strict types, unknown fields refused, defaults filled.
    const checked = checkBody(kind.requestSchema, body);
    if (!checked.ok) throw validationError(checked.errors, submitOptions.bodyName ?? 'body', body);
    const request = body as Record<string, unknown>;
    const { idempotencyKey } = submitOptions;
    if (idempotencyKey) {
      const existing = await idempotency.find(idempotencyKey, kind.id as JobKind, Date.now());
      if (existing && (await tasks.get(existing))) return { taskId: existing };
    }
    const { inputName } = await intake(kind, request);
    // A registered kind's id is stored like a built-in one's; JobKind names only the contract's kinds.
    const { taskId } = await jobs.create(kind.id as JobKind, request, {
      idempotencyKey,
      inputName,
      callbackUrl: (request.callback_url as string | undefined) ?? null,
      resultBaseUrl: submitOptions.resultBaseUrl ?? null,
    });
    return { taskId };
  };
}
