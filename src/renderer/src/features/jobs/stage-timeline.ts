// Pure: a task's stages in order with how far each got, from its status record, its request and its log.
import type { JobKind } from '../../../../shared/jobs.js';
import { KIND_STAGES, stageLabel } from './labels.js';

export type StageState = 'done' | 'skipped' | 'running' | 'failed' | 'cancelled' | 'pending';

export interface TimelineStage {
  name: string;
  label: string;
  state: StageState;
  /** Why a stage was skipped, in a user's words. */
  note?: string;
}

export interface TimelineTask {
  kind: JobKind;
  status: string;
  stage: string | null;
  request?: Record<string, unknown>;
}

const FINISHED_LINE = /^stage (\S+) (?:already )?finished/;
const RESUMED_LINE = /^stage (\S+) already finished in an earlier run/;
/** The dub's translate stage says so when it passes the lines through (translate.ts). */
const NO_TRANSLATION_LINE = /^(.*): no machine translation$/;

/** Names of the stages the log says finished (`stage mix finished`, `stage mix already finished ...`). */
export function finishedStages(logMessages: readonly string[]): Set<string> {
  const finished = new Set<string>();
  for (const message of logMessages) {
    const match = FINISHED_LINE.exec(message);
    if (match) finished.add(match[1]);
  }
  return finished;
}

/**
 * Stages that did not do their work, and why: resumed from an earlier run (the log says so), transcription when
 * subtitles were given, translation when the log says the lines passed through, and lip-sync stages of the other model.
 */
export function skippedStages(task: Pick<TimelineTask, 'kind' | 'request'>, logMessages: readonly string[]): Map<string, string> {
  const skipped = new Map<string, string>();
  const request = task.request ?? {};
  if (task.kind === 'translate' && typeof request.subtitle_url === 'string') skipped.set('transcribe', 'the lines come from the given subtitles');
  if (task.kind === 'lipsync' && request.model === 'standard_v1') skipped.set('face-crops', 'used only by precision_v1');
  if (task.kind === 'lipsync' && request.model === 'precision_v1') skipped.set('mouth-targets', 'used only by standard_v1');
  for (const message of logMessages) {
    const noTranslation = task.kind === 'translate' ? NO_TRANSLATION_LINE.exec(message) : null;
    if (noTranslation) skipped.set('translate', noTranslation[1]);
  }
  // Last, so a resumed stage says that, whatever it did the first time.
  for (const message of logMessages) {
    const resumed = RESUMED_LINE.exec(message);
    if (resumed) skipped.set(resumed[1], 'finished in an earlier run');
  }
  return skipped;
}

export function stageTimeline(task: TimelineTask, logMessages: readonly string[] = []): TimelineStage[] {
  const names = [...(KIND_STAGES[task.kind] ?? [])];
  const finished = finishedStages(logMessages);
  const skipped = skippedStages(task, logMessages);
  // Stages this build runs that the list does not know yet still show, in the order they were seen.
  for (const name of [...finished, ...(task.stage ? [task.stage] : [])]) if (!names.includes(name)) names.push(name);
  const current = task.stage ? names.indexOf(task.stage) : -1;
  return names.map((name, index) => {
    let state: StageState;
    if (task.status === 'done' || finished.has(name) || index < current) state = 'done';
    else if (index === current) state = task.status === 'failed' ? 'failed' : task.status === 'cancelled' ? 'cancelled' : 'running';
    else state = 'pending';
    // Only a stage that is behind the task can have been skipped: a pending one may still fail before it.
    const note = state === 'done' ? skipped.get(name) : undefined;
    return { name, label: stageLabel(name), state: note ? 'skipped' : state, ...(note ? { note } : {}) };
  });
}
