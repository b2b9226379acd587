// Which engine each step of a visual translate job runs, decided once from the request and the engines installed
// now: the create call stores it (plans/job-plan.ts) and refuses a request whose step misses a model.
import type { FrameTranslateRequest } from '../../shared/schemas/jobs.js';
import { findLanguage, languagePart } from '../../shared/languages.js';
import { toDubDeskError } from '../../shared/errors.js';
import type { CapabilityId } from '../engines/capability-table.js';
import { followsUserPrompt, givenUserPrompt, userPromptNote } from '../engines/mt/user-prompt.js';
import { plannedModels } from '../engines/planned-engine.js';
import type { Engines } from '../engines/registry.js';
import { plannedEngine, type Identified, type PlanStep } from './job-plan.js';

export type FramePlanStepName = 'find-text' | 'translate-text' | 'render';

const LABELS: Record<FramePlanStepName, string> = {
  'find-text': 'Finding and reading the text',
  'translate-text': 'Translating the text',
  render: 'Erasing the text',
};

/** The step run by the engine `choose` returns, or the model_not_installed it throws as the step's missing model. */
function stepWith(
  step: FramePlanStepName,
  capability: CapabilityId,
  choose: () => Identified,
): PlanStep<FramePlanStepName> {
  try {
    const engine = choose();
    return {
      step,
      label: LABELS[step],
      engine: plannedEngine(engine, undefined, plannedModels(capability, engine.id)),
    };
  } catch (error) {
    return { step, label: LABELS[step], missing: toDubDeskError(error) };
  }
}

/** A translate step whose engine ignores the request's user_prompt says so before the job runs (the job warns too). */
function withUserPromptNote(
  step: PlanStep<FramePlanStepName>,
  request: FrameTranslateRequest,
): PlanStep<FramePlanStepName> {
  if (!step.engine || !givenUserPrompt(request.user_prompt) || followsUserPrompt(step.engine.id)) return step;
  return { ...step, note: userPromptNote(step.engine.title) };
}

export function planFrameTranslateEngines(
  request: FrameTranslateRequest,
  engines: Engines,
): PlanStep<FramePlanStepName>[] {
  const source = languagePart(request.source_language);
  const target = languagePart(request.target_language);
  const translate: PlanStep<FramePlanStepName> =
    source === target
      ? {
          step: 'translate-text',
          label: LABELS['translate-text'],
          skipped: `the text is already in ${findLanguage(target)?.name ?? target}`,
        }
      : withUserPromptNote(
          stepWith('translate-text', 'translation', () => engines.requireTranslator(source, target)),
          request,
        );
  return [
    stepWith('find-text', 'text-recognition', () => engines.requireTextRecognizer([source]) as unknown as Identified),
    translate,
    stepWith('render', 'inpainting', () => engines.requireInpainter()),
  ];
}
