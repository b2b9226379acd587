// A task's record as the repository hands it out, and how it maps from its table row.
import type { JobKind, JobStatus } from '../../shared/jobs.js';
import type { StageState, TaskWarning } from '../../shared/schemas/jobs.js';
import type { QualityReport } from '../../shared/schemas/quality.js';
import type { JobPlan } from '../../shared/schemas/job-plan.js';
import { readJson } from './sql.js';

/** The final statuses as an SQL list: a task in one of them is never claimed again. */
export const FINAL_STATUSES = "('done', 'failed', 'cancelled')";

/** A stage's state as the runner recorded it; stages without one are still pending. */
export interface RecordedStage {
  name: string;
  state: StageState;
  /** Why a skipped stage had nothing to do, in a user's words. */
  reason?: string;
  /** The engine a done stage's output named (kept in stages_json, so older records simply lack it). */
  engine?: string;
  /** The worker (host:pid) that ran the stage. */
  worker?: string;
}

/** A row of `tasks` in the shape the rest of the core uses. */
export interface TaskRecord {
  id: string;
  kind: JobKind;
  status: JobStatus;
  stage: string | null;
  stageProgress: number;
  progress: number;
  request: Record<string, unknown>;
  result: Record<string, string> | null;
  errCode: string | null;
  errMessage: string | null;
  /** Problems the user should check in a result that still counts as done (empty when none). */
  warnings: TaskWarning[];
  /** How good the result is, measured on it once the job is done (docs/api.md "Quality report"); null before. */
  quality: QualityReport | null;
  /**
   * The engine each step runs, chosen when the task was created; null for tasks created before plans were stored
   * (migration 010) or of a kind without engines.
   */
  plan: JobPlan | null;
  /** Stage states recorded so far; null for a task that finished before stages were recorded (migration 005). */
  stages: RecordedStage[] | null;
  callbackUrl: string | null;
  /** The address the task was created at (all-interfaces bind), which its callbacks' URLs name; null: the service's. */
  resultBaseUrl: string | null;
  inputName: string | null;
  attempts: number;
  maxAttempts: number;
  runAfter: number;
  leaseToken: number;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  retryOf: string | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

export interface TaskRow {
  id: string;
  kind: string;
  status: string;
  stage: string | null;
  stage_progress: number;
  progress: number;
  request_json: unknown;
  result_json: unknown;
  err_code: string | null;
  err_message: string | null;
  warnings_json: unknown;
  quality_json: unknown;
  plan_json: unknown;
  stages_json: unknown;
  callback_url: string | null;
  /** Null in rows written before migration 011 (SELECT * of an older schema has no such column). */
  result_base_url?: string | null;
  input_name: string | null;
  attempts: number;
  max_attempts: number;
  run_after: number;
  lease_token: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  retry_of: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export function taskFromRow(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    stage: row.stage,
    stageProgress: row.stage_progress,
    progress: row.progress,
    request: readJson<Record<string, unknown>>(row.request_json, {}),
    result: readJson<Record<string, string> | null>(row.result_json, null),
    errCode: row.err_code,
    errMessage: row.err_message,
    warnings: readJson<TaskWarning[]>(row.warnings_json, []),
    quality: readJson<QualityReport | null>(row.quality_json, null),
    plan: readJson<JobPlan | null>(row.plan_json, null),
    stages: readJson<RecordedStage[] | null>(row.stages_json, null),
    callbackUrl: row.callback_url,
    resultBaseUrl: row.result_base_url ?? null,
    inputName: row.input_name,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAfter: row.run_after,
    leaseToken: row.lease_token,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    retryOf: row.retry_of,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

export interface NewTask {
  id: string;
  kind: JobKind;
  status: JobStatus;
  request: Record<string, unknown>;
  callbackUrl?: string | null;
  resultBaseUrl?: string | null;
  inputName?: string | null;
  maxAttempts: number;
  retryOf?: string | null;
  plan?: JobPlan | null;
  now: number;
}
