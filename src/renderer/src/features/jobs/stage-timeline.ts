// Pure: a task's stages in order with how far each got, from its status record and its log.
import type { JobKind } from '../../../../shared/jobs.js';
import { KIND_STAGES, stageLabel } from './labels.js';

export type StageState = 'done' | 'running' | 'failed' | 'cancelled' | 'pending';

export interface TimelineStage {
  name: string;
  label: string;
  state: StageState;
}

const FINISHED_LINE = /^stage (\S+) (?:already )?finished/;

/** Names of the stages the log says finished (`stage mix finished`, `stage mix already finished ...`). */
export function finishedStages(logMessages: readonly string[]): Set<string> {
  const finished = new Set<string>();
  for (const message of logMessages) {
    const match = FINISHED_LINE.exec(message);
    if (match) finished.add(match[1]);
  }
  return finished;
}

export function stageTimeline(task: { kind: JobKind; status: string; stage: string | null }, logMessages: readonly string[] = []): TimelineStage[] {
  const names = [...(KIND_STAGES[task.kind] ?? [])];
  const finished = finishedStages(logMessages);
  // Stages this build runs that the list does not know yet still show, in the order they were seen.
  for (const name of [...finished, ...(task.stage ? [task.stage] : [])]) if (!names.includes(name)) names.push(name);
  const current = task.stage ? names.indexOf(task.stage) : -1;
  return names.map((name, index) => {
    let state: StageState;
    if (task.status === 'done') state = 'done';
    else if (finished.has(name) || index < current) state = 'done';
    else if (index === current) state = task.status === 'failed' ? 'failed' : task.status === 'cancelled' ? 'cancelled' : 'running';
    else state = 'pending';
    return { name, label: stageLabel(name), state };
  });
}
