// Pure: words the GUI shows for kinds, statuses and stages.
import { isFinalStatus, type JobKind } from '../../../../shared/jobs.js';
import { findLanguage } from '../../../../shared/languages.js';
import type { TaskSummary } from '../../api/client.js';

export const KIND_LABELS: Record<JobKind, string> = {
  lipsync: 'Lip-sync',
  reusable_lipsync: 'Lip-sync (reusable model)',
  translate: 'Translate and dub',
  frame_translate: 'Visual translation',
};

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const STAGE_LABELS: Record<string, string> = {
  'fetch-inputs': 'Fetching inputs',
  'prepare-media': 'Preparing media',
  transcribe: 'Transcribing',
  translate: 'Translating',
  synthesize: 'Synthesizing voices',
  mix: 'Mixing audio',
  export: 'Exporting',
  prepare: 'Preparing',
  'mouth-targets': 'Reading the audio',
  faces: 'Finding the face',
  'face-crops': 'Cropping the face',
  render: 'Rendering',
};

export function stageLabel(stage: string): string {
  return STAGE_LABELS[stage] ?? stage.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Each kind's stages in order (docs/api.md); a stage the task reports that is not here is shown as it comes. */
export const KIND_STAGES: Record<JobKind, readonly string[]> = {
  translate: ['fetch-inputs', 'prepare-media', 'transcribe', 'translate', 'synthesize', 'mix', 'export'],
  lipsync: ['fetch-inputs', 'prepare', 'mouth-targets', 'faces', 'face-crops', 'render'],
  reusable_lipsync: ['fetch-inputs', 'prepare', 'mouth-targets', 'render'],
  frame_translate: ['fetch-inputs'],
};

export function isActive(status: string): boolean {
  return !isFinalStatus(status);
}

export function isQueued(status: string): boolean {
  return status === 'queuing' || status === 'pending';
}

type RowFields = Pick<TaskSummary, 'task_id' | 'kind' | 'input_name' | 'inputs' | 'target_language'>;

/** The row's name; a lip-sync shows both its inputs, so one face driven by different audio reads differently. */
export function taskName(task: RowFields): string {
  if (task.kind === 'lipsync' && task.inputs && task.inputs.length > 1) return task.inputs.map((input) => input.name).join(' + ');
  return task.input_name ?? task.task_id;
}

/** The kind, and for translations the language translated into, e.g. "Translate and dub → German". */
export function taskKindLabel(task: RowFields): string {
  const kind = KIND_LABELS[task.kind] ?? task.kind;
  if (!task.target_language) return kind;
  return `${kind} → ${findLanguage(task.target_language)?.name ?? task.target_language}`;
}
