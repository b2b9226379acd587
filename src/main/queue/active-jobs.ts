import type { PipelineRegistry } from '../pipelines/types.js';
import type { Claim } from '../store/tasks-repository.js';
import type { Runner } from './runner.js';
import { taskStages } from './stage-states.js';
import type { StopReason } from './task-execution.js';
import type { TaskTransitions } from './task-transitions.js';

interface ActiveJob {
  controller: AbortController;
  done: Promise<void>;
}

/** The jobs this process runs now, each with the controller that stops it. */
export function createActiveJobs(execute: (claim: Claim, controller: AbortController) => Promise<void>) {
  const active = new Map<string, ActiveJob>();
  return {
    get size(): number {
      return active.size;
    },
    has: (taskId: string): boolean => active.has(taskId),
    /** Runs a claimed task; resolves when it has let go of it (done, failed, retried or stopped). */
    run(claim: Claim): Promise<void> {
      const controller = new AbortController();
      const job: ActiveJob = { controller, done: Promise.resolve() };
      active.set(claim.task.id, job);
      job.done = execute(claim, controller).finally(() => active.delete(claim.task.id));
      return job.done;
    },
    stop(taskId: string, reason: StopReason): void {
      active.get(taskId)?.controller.abort(reason);
    },
    async settle(taskId: string): Promise<void> {
      await active.get(taskId)?.done;
    },
    /** Aborts every running stage; resolves once each job has handed its task back. */
    async stopAll(reason: StopReason): Promise<void> {
      for (const job of active.values()) job.controller.abort(reason);
      await Promise.allSettled([...active.values()].map((job) => job.done));
    },
  };
}

type ActiveJobs = ReturnType<typeof createActiveJobs>;

/** What both runners answer the same way about the jobs this process runs. */
export function localJobControls(
  active: ActiveJobs,
  transitions: TaskTransitions,
  pipelines: PipelineRegistry,
): Pick<Runner, 'cancel' | 'stagesOf' | 'isActive' | 'settle'> {
  return {
    async cancel(taskId) {
      const cancelled = await transitions.cancel(taskId);
      active.stop(taskId, 'cancel');
      return cancelled;
    },
    stagesOf: (task) => taskStages(pipelines[task.kind]?.stages ?? [], task.stages),
    isActive: (taskId) => active.has(taskId),
    settle: (taskId) => active.settle(taskId),
  };
}
