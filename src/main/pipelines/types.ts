import type { JobStatus } from '../../shared/jobs.js';
import type { TaskWarning } from '../../shared/schemas/jobs.js';
import type { JobPlan } from '../../shared/schemas/job-plan.js';

/** What a stage receives besides its input: it never sees HTTP or the database. */
export interface StageContext {
  taskId: string;
  /** The job's own folder; stages write only here. */
  workDir: string;
  signal: AbortSignal;
  /** Fraction 0..1 of this stage done. */
  progress(fraction: number): void;
  log(message: string, level?: 'info' | 'warn' | 'error'): void;
  /** Something the user should check in a result that still counts as done; the runner stores it on the task. */
  warn(warning: TaskWarning): void;
}

/**
 * JSON-serialisable output of a stage; paths in it are relative to the work dir. A string `engine` in it names the
 * engine or model that did the stage's work: the task's stage list shows it (run-stages.ts).
 */
export type StageOutput = Record<string, unknown>;

/** What a stage reads: the job's request and the outputs of the stages before it (a skipped stage leaves none). */
export interface StageInput<Request = Record<string, unknown>> {
  request: Request;
  outputs: Record<string, StageOutput>;
  /** The engine each step runs, chosen when the job was created (plans/job-plan.ts); absent for a kind without engines. */
  plan?: JobPlan;
}

export interface Stage<Request = Record<string, unknown>> {
  /** Unique within the pipeline; names the stage's saved output file. */
  name: string;
  /** What the GUI shows for the stage, e.g. 'Transcribing'. */
  label: string;
  /** The public status the job shows while this stage runs. */
  status: JobStatus;
  /** Relative share of the job's total time, for the overall progress bar. */
  weight?: number;
  /** Why the stage has nothing to do for this job, in a user's words; it is then not run and leaves no output. */
  skip?(input: StageInput<Request>): string | undefined;
  run(input: StageInput<Request>, ctx: StageContext): Promise<StageOutput>;
}

/** A produced file the job publishes: its role becomes the result field (video -> video_url, subtitle_vtt -> subtitle_vtt_url ...). */
export interface ResultFile {
  role: 'video' | 'audio' | 'subtitle' | 'subtitle_vtt' | 'subtitle_ass' | 'subtitle_bilingual';
  /** Relative to the work dir. */
  path: string;
  name: string;
}

/** A kind's work: its stages in order and its results (the kind module names the kind). */
export interface Pipeline<Request = Record<string, unknown>> {
  stages: readonly Stage<Request>[];
  /** Picks the files to publish from the stages' outputs. */
  results(outputs: Record<string, StageOutput>, request: Request): ResultFile[];
  /**
   * For kinds that make editable projects: the stages a task exported from a project runs again (the project's
   * lines feed them); every other stage's output, and the files it names, are reused from the project's last run.
   */
  projectExport?: { rerun: readonly string[] };
}

/** Pipelines by kind id. */
export type PipelineRegistry = Partial<Record<string, Pipeline<any>>>;
