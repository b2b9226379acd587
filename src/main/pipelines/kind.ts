import type { TSchema } from 'typebox';
import type { JobStatus } from '../../shared/jobs.js';
import type { IntakeChecks } from '../requests/intake-checks.js';
import type { FetchInputsDeps } from './fetch-inputs-stage.js';
import type { ReusableLipsyncDeps } from './reusable-lipsync/types.js';
import type { TranslateDeps } from './translate/types.js';
import type { Pipeline } from './types.js';

/** What the core hands every kind's pipeline factory. */
export type KindDeps = FetchInputsDeps & TranslateDeps & ReusableLipsyncDeps;

/**
 * How a kind's cloud-shaped status record carries its result files (docs/api.md "Status records"):
 * `video_url` at the top level (lip-sync kinds), or every URL under `result` (translate kinds).
 */
export type StatusShape = 'top_level_video' | 'result';

/** Everything one job kind is, declared once: the API, the CLI, intake, the runner and GET /v1/meta read it. */
export interface JobKindModule<Request = any> {
  /** Stored as the task's kind; also the CLI's name for it. */
  id: string;
  /** What a user calls it ("translate-and-dub"), in messages and the GUI. */
  title: string;
  /** Other names `dubdesk run` accepts. */
  aliases?: readonly string[];
  /** The create operation; the status operation is `<route>/:task_id`. */
  route: string;
  /** The name in its operationIds, `create<apiName>Job` and `get<apiName>Job`; never change it (clients call methods by it). */
  apiName: string;
  /** Named create bodies for the OpenAPI document (its linter checks them against requestSchema). */
  requestExamples?: Readonly<Record<string, { summary: string; value: Record<string, unknown> }>>;
  requestSchema: TSchema;
  statusSchema: TSchema;
  /** Its public states in the only order a job may move through them; the first is the initial one. */
  statuses: readonly JobStatus[];
  statusShape: StatusShape;
  intake: IntakeChecks<Request>;
  /** The ordered stages (fetch-inputs first) and which outputs are published as results. */
  pipeline(deps: KindDeps): Pipeline<Request>;
}
