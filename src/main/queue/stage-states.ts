// Pure: the stage states the runner records on a task, and the list the local task record shows.
import type { StageState, TaskStage } from '../../shared/schemas/jobs.js';
import type { RecordedStage } from '../store/tasks-repository.js';

/**
 * The recorded states with one stage's state set; a reason is kept only for a skipped stage, an engine only for a done
 * one, and the worker for a stage that ran (running, then done).
 */
export function withStageState(
  recorded: readonly RecordedStage[] | null,
  name: string,
  state: StageState,
  detail: Pick<RecordedStage, 'reason' | 'engine' | 'worker'> = {},
): RecordedStage[] {
  const entry: RecordedStage = {
    name,
    state,
    ...(state === 'skipped' && detail.reason ? { reason: detail.reason } : {}),
    ...(state === 'done' && detail.engine ? { engine: detail.engine } : {}),
    ...((state === 'running' || state === 'done') && detail.worker ? { worker: detail.worker } : {}),
  };
  const list = (recorded ?? []).filter((stage) => stage.name !== name);
  return [...list, entry];
}

/** A running stage that stopped without finishing: failed, cancelled, or pending again while its job waits for a retry. */
export function settleRunningStages(recorded: readonly RecordedStage[] | null, to: StageState): RecordedStage[] | null {
  if (!recorded) return null;
  // A stage that failed or was cancelled keeps the worker it ran on; one waiting to run again has none yet.
  return recorded.map((stage) =>
    stage.state === 'running'
      ? { name: stage.name, state: to, ...(to !== 'pending' && stage.worker ? { worker: stage.worker } : {}) }
      : stage,
  );
}

/**
 * Every stage of the task's kind, in order, with its recorded state (pending until the runner records one) and the
 * engine a done stage named; a stage recorded by an earlier build that this build's list lacks is shown after them.
 * A task that finished before stage states were recorded has none to show.
 */
export function taskStages(
  planned: readonly { name: string; label: string }[],
  recorded: readonly RecordedStage[] | null,
): TaskStage[] {
  if (!recorded) return [];
  const byName = new Map(recorded.map((stage) => [stage.name, stage]));
  const known = new Set(planned.map((stage) => stage.name));
  const extra = recorded
    .filter((stage) => !known.has(stage.name))
    .map((stage) => ({ name: stage.name, label: stage.name }));
  return [...planned, ...extra].map(({ name, label }) => {
    const stage = byName.get(name);
    return {
      name,
      label,
      state: stage?.state ?? 'pending',
      ...(stage?.reason ? { reason: stage.reason } : {}),
      ...(stage?.engine ? { engine: stage.engine } : {}),
      ...(stage?.worker ? { worker: stage.worker } : {}),
    };
  });
}
