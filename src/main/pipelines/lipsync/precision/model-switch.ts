// The lip-sync pipeline has one stage list for both models: these wrap stages so each model runs its own.
import type { Stage } from '../../types.js';
import type { LipsyncRequest } from '../types.js';

type LipsyncModel = LipsyncRequest['model'];

/** A stage that runs only for one model; for the other it is skipped, saying why. */
export function onlyForModel(model: LipsyncModel, stage: Stage<LipsyncRequest>): Stage<LipsyncRequest> {
  return { ...stage, skip: ({ request }) => (request.model === model ? undefined : `used only by ${model}`) };
}

/** One slot of the pipeline served by a different stage per model; they share name and status, so results find it. */
export function stageByModel(stages: Record<LipsyncModel, Stage<LipsyncRequest>>): Stage<LipsyncRequest> {
  const all = Object.values(stages);
  const [first] = all;
  if (!first || all.some((stage) => stage.name !== first.name || stage.label !== first.label || stage.status !== first.status)) {
    throw new Error('Stages chosen by model must share one name, label and status.');
  }
  return {
    name: first.name,
    label: first.label,
    status: first.status,
    weight: first.weight,
    run: (input, ctx) => stages[input.request.model].run(input, ctx),
  };
}
