import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TaskWarning } from '../../shared/schemas/jobs.js';
import type { JobPlan } from '../../shared/schemas/job-plan.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { Pipeline, Stage, StageContext, StageOutput } from './types.js';

/**
 * How a stage ended without failing: done (now, or in an earlier run whose output was kept), with the engine its
 * output names if any, or skipped by its rule.
 */
export type StageEnd = { state: 'done'; resumed: boolean; engine?: string } | { state: 'skipped'; reason: string };

/**
 * With shared storage (scale-out) a job's work folder follows it from machine to machine: it is fetched before the
 * first stage and shared at each stage boundary (files/work-folders.ts). Paths are absolute, inside the work dir.
 */
export interface WorkFolderSync {
  /**
   * Before the first stage: brings the local folder up to what storage holds (all of it when storage has a stage
   * output of `outputFiles` the folder lacks, e.g. stages finished on another machine); returns how many files came.
   */
  fetch(outputFiles: readonly string[], signal: AbortSignal): Promise<number>;
  /**
   * After a stage's output was saved: uploads every file that changed since the last share, the saved stage outputs
   * (`outputFiles`, in order) last, so a stage counts as done in storage only once all its files are there.
   */
  share(outputFiles: readonly string[], signal: AbortSignal): Promise<void>;
}

export interface StageRunHooks {
  /** Called before a stage runs (not for a stage skipped by its rule or whose output exists). */
  onStageStart(stage: Stage<any>, index: number): Promise<void> | void;
  /** Called for every stage that did not fail, in order: after it ran, or instead of running it. */
  onStageEnd(stage: Stage<any>, index: number, end: StageEnd): Promise<void> | void;
  onStageProgress(stage: Stage<any>, index: number, fraction: number): void;
  /** A stage's warnings, once it has finished and before its output is saved (so a resumed job still has them). */
  onStageWarnings(stage: Stage<any>, warnings: TaskWarning[]): Promise<void> | void;
  log: StageContext['log'];
  /** Shared storage's copy of the work folder; none in the embedded default. */
  workFolder?: WorkFolderSync;
}

export function stageOutputFile(workDir: string, index: number, stage: Stage<any>): string {
  return path.join(workDir, 'stages', `${String(index + 1).padStart(2, '0')}-${stage.name}.json`);
}

/** The engine a stage's output names (`engine`), so the task's stage list can show who did the work. */
function engineOf(output: StageOutput): { engine?: string } {
  return typeof output.engine === 'string' ? { engine: output.engine } : {};
}

async function readOutput(file: string): Promise<StageOutput | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StageOutput;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Runs the pipeline's stages in order. A stage whose skip rule gives a reason is not run and leaves no output (its
 * rule sees the same request and outputs on a resume, so it is skipped again). A stage whose output file exists
 * finished in an earlier run (before a crash, restart or retry) and is not run again, so work resumes where it stopped.
 */
export async function runStages<Request>(
  pipeline: Pipeline<Request>,
  request: Request,
  { plan, ...ctx }: Omit<StageContext, 'progress' | 'warn'> & { plan?: JobPlan },
  hooks: StageRunHooks,
): Promise<Record<string, StageOutput>> {
  const outputs: Record<string, StageOutput> = {};
  // Stages are promised an existing work dir to write into.
  await mkdir(ctx.workDir, { recursive: true });
  const outputFiles = pipeline.stages.map((stage, index) => stageOutputFile(ctx.workDir, index, stage));
  if (hooks.workFolder) {
    const fetched = await hooks.workFolder.fetch(outputFiles, ctx.signal);
    if (fetched > 0) hooks.log(`work folder fetched from shared storage (${fetched} file${fetched === 1 ? '' : 's'})`);
  }
  for (const [index, stage] of pipeline.stages.entries()) {
    ctx.signal.throwIfAborted();
    const reason = stage.skip?.({ request, outputs, plan });
    if (reason) {
      hooks.log(`stage ${stage.name} skipped: ${reason}`);
      await hooks.onStageEnd(stage, index, { state: 'skipped', reason });
      continue;
    }
    const file = stageOutputFile(ctx.workDir, index, stage);
    const saved = await readOutput(file);
    if (saved) {
      outputs[stage.name] = saved;
      hooks.log(`stage ${stage.name} already finished in an earlier run; resuming after it`);
      await hooks.onStageEnd(stage, index, { state: 'done', resumed: true, ...engineOf(saved) });
      continue;
    }
    await hooks.onStageStart(stage, index);
    const warnings: TaskWarning[] = [];
    const output = await stage.run(
      { request, outputs, plan },
      {
        ...ctx,
        progress: (fraction) => hooks.onStageProgress(stage, index, Math.min(1, Math.max(0, fraction))),
        warn: (warning) => warnings.push(warning),
      },
    );
    ctx.signal.throwIfAborted();
    if (warnings.length) await hooks.onStageWarnings(stage, warnings);
    await writeFileAtomic(file, JSON.stringify(output));
    // Shared before the stage is reported done, so a stage the task lists as done can be resumed anywhere.
    await hooks.workFolder?.share(outputFiles.slice(0, index + 1), ctx.signal);
    outputs[stage.name] = output;
    hooks.log(`stage ${stage.name} finished`);
    await hooks.onStageEnd(stage, index, { state: 'done', resumed: false, ...engineOf(output) });
  }
  return outputs;
}

/** Overall 0..1 progress from the stage index and its own fraction, weighted by stage weights. */
export function overallProgress(stages: readonly Stage<any>[], index: number, fraction: number): number {
  const weights = stages.map((stage) => stage.weight ?? 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const done = weights.slice(0, index).reduce((sum, weight) => sum + weight, 0);
  return total === 0 ? 0 : Math.min(1, (done + weights[index]! * fraction) / total);
}
