// The lip-sync pipeline has one stage list for both models: these wrap stages so each model runs its own.
import type { Stage } from '../../types.js';
import type { LipsyncRequest } from '../types.js';

type LipsyncModel = LipsyncRequest['model'];

/** A stage that runs only for one model; for the other it records that it was skipped (so a resume skips it too). */
export function onlyForModel(model: LipsyncModel, stage: Stage<LipsyncRequest>): Stage<LipsyncRequest> {
  return {
    ...stage,
    async run(input, ctx) {
      if (input.request.model !== model) return { skipped: true };
      return stage.run(input, ctx);
    },
  };
}

/** One slot of the pipeline served by a different stage per model; they share name and status, so results find it. */
export function stageByModel(stages: Record<LipsyncModel, Stage<LipsyncRequest>>): Stage<LipsyncRequest> {
  const all = Object.values(stages);
  const [first] = all;
  if (!first || all.some((stage) => stage.name !== first.name || stage.status !== first.status)) {
    throw new Error('Stages chosen by model must share one name and status.');
  }
  return {
    name: first.name,
    status: first.status,
    weight: first.weight,
    run: (input, ctx) => stages[input.request.model].run(input, ctx),
  };
}
