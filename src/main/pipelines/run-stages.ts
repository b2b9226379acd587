import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TaskWarning } from '../../shared/schemas/jobs.js';
import type { Pipeline, Stage, StageContext, StageOutput } from './types.js';

export interface StageRunHooks {
  /** Called before a stage runs (not for a stage skipped because its output exists). */
  onStageStart(stage: Stage<any>, index: number): void;
  onStageProgress(stage: Stage<any>, index: number, fraction: number): void;
  /** A stage's warnings, once it has finished and before its output is saved (so a resumed job still has them). */
  onStageWarnings(stage: Stage<any>, warnings: TaskWarning[]): void;
  log: StageContext['log'];
}

export function stageOutputFile(workDir: string, index: number, stage: Stage<any>): string {
  return path.join(workDir, 'stages', `${String(index + 1).padStart(2, '0')}-${stage.name}.json`);
}

async function readOutput(file: string): Promise<StageOutput | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StageOutput;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes via a temp file and rename, so a crash leaves either the whole output or none. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/**
 * Runs the pipeline's stages in order. A stage whose output file exists finished in an earlier run
 * (before a crash, restart or retry) and is skipped, so work resumes where it stopped.
 */
export async function runStages<Request>(
  pipeline: Pipeline<Request>,
  request: Request,
  ctx: Omit<StageContext, 'progress' | 'warn'>,
  hooks: StageRunHooks,
): Promise<Record<string, StageOutput>> {
  const outputs: Record<string, StageOutput> = {};
  // Stages are promised an existing work dir to write into.
  await mkdir(ctx.workDir, { recursive: true });
  for (const [index, stage] of pipeline.stages.entries()) {
    ctx.signal.throwIfAborted();
    const file = stageOutputFile(ctx.workDir, index, stage);
    const saved = await readOutput(file);
    if (saved) {
      outputs[stage.name] = saved;
      hooks.log(`stage ${stage.name} already finished in an earlier run; resuming after it`);
      continue;
    }
    hooks.onStageStart(stage, index);
    const warnings: TaskWarning[] = [];
    const output = await stage.run(
      { request, outputs },
      {
        ...ctx,
        progress: (fraction) => hooks.onStageProgress(stage, index, Math.min(1, Math.max(0, fraction))),
        warn: (warning) => warnings.push(warning),
      },
    );
    ctx.signal.throwIfAborted();
    if (warnings.length) hooks.onStageWarnings(stage, warnings);
    await writeFileAtomic(file, JSON.stringify(output));
    outputs[stage.name] = output;
    hooks.log(`stage ${stage.name} finished`);
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
