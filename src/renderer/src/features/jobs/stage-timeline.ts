// Pure: a task's stages as the service recorded them (name, label, state, why skipped, which engine); nothing is inferred here.
import type { TaskSummary } from '../../api/client.js';

export type TimelineStage = NonNullable<TaskSummary['stages']>[number];

type StagedTask = Pick<TaskSummary, 'stage' | 'stages'>;

/** Every stage of the task's kind in order; none for a task that finished before stages were recorded. */
export function stageTimeline(task: StagedTask): TimelineStage[] {
  return task.stages ?? [];
}

/** What the task is doing now: the label of the stage it last entered, as its record names it. */
export function currentStageLabel(task: StagedTask): string | undefined {
  if (!task.stage) return undefined;
  return stageTimeline(task).find((stage) => stage.name === task.stage)?.label ?? task.stage;
}
