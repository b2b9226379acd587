import type { TSchema } from 'typebox';
import type { JobStatus } from '../../shared/jobs.js';
import type { InputMedia } from '../../shared/schemas/meta.js';
import type { IntakeChecks } from '../requests/intake-checks.js';
import type { FetchInputsDeps } from './fetch-inputs-stage.js';
import type { ReusableLipsyncDeps } from './reusable-lipsync/types.js';
import type { TranslateDeps } from './translate/types.js';
import type { Pipeline } from './types.js';
import type { PlanStep } from '../plans/job-plan.js';
import type { Engines } from '../engines/registry.js';

/** What a planner may look up beyond the engines: a reusable lip-sync model's folder, whose manifest names its engine. */
export type PlanLookups = Pick<ReusableLipsyncDeps, 'reusableModelDir'>;

/** What the core hands every kind's pipeline factory. */
export type KindDeps = FetchInputsDeps & TranslateDeps & ReusableLipsyncDeps;

/**
 * How a kind's cloud-shaped status record carries its result files (docs/api.md "Status records"):
 * `video_url` at the top level (lip-sync kinds), or every URL under `result` (translate kinds).
 */
export type StatusShape = 'top_level_video' | 'result';

/** One file a kind's create request names by URL: GET /v1/meta lists them, so the GUI finds a task's original without knowing its kind. */
export interface KindInput {
  /** The request field holding the URL. */
  field: string;
  /** What sort of media it is; with `mediaFrom`, the sort when that field holds none of its values. */
  media: InputMedia;
  /** Another request field that says the sort (translate's media_type): each of its values and the sort it means. */
  mediaFrom?: { field: string; values: Readonly<Partial<Record<string, InputMedia>>> };
  /** The task's original input, shown beside its result; at most one input of a kind. */
  main?: true;
}

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
  /** The files its request names by URL, main input first; [] for a kind that takes none. */
  inputs: readonly KindInput[];
  intake: IntakeChecks<Request>;
  /**
   * The engine each step will run, from the request and the engines installed now (plans/job-plan.ts): made when the
   * job is created and stored with it; a step no engine can run is the create call's error. Kinds without engines omit it.
   */
  plan?(request: Request, engines: Engines, lookups: PlanLookups): PlanStep[] | Promise<PlanStep[]>;
  /** The ordered stages (fetch-inputs first) and which outputs are published as results. */
  pipeline(deps: KindDeps): Pipeline<Request>;
}
