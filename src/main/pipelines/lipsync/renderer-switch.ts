// The lip-sync pipeline has one stage list for every engine: these wrap stages so each renderer runs its own.
import type { Stage } from '../types.js';
import { lipsyncOutput } from './outputs.js';
import { rendererOf } from './renderer.js';
import type { LipsyncRenderer, LipsyncRequest } from './types.js';

const NEEDED_BY: Record<LipsyncRenderer, string> = {
  'mouth-warp': 'the mouth warp',
  exemplar: 'the exemplar engine',
  generator: 'a lip-sync model',
};

/** A stage that runs only for some renderers (the plan's); for the others it is skipped, saying why. */
export function onlyForRenderers(renderers: readonly LipsyncRenderer[], stage: Stage<LipsyncRequest>): Stage<LipsyncRequest> {
  return {
    ...stage,
    skip: ({ request, outputs }) => {
      const renderer = rendererOf(lipsyncOutput(outputs, 'prepare'), request.model);
      return renderers.includes(renderer) ? undefined : `used only by ${renderers.map((name) => NEEDED_BY[name]).join(' and ')}`;
    },
  };
}

/** One slot of the pipeline served by a different stage per renderer; they share name and status, so results find it. */
export function stageByRenderer(stages: Record<LipsyncRenderer, Stage<LipsyncRequest>>): Stage<LipsyncRequest> {
  const all = Object.values(stages);
  const [first] = all;
  if (!first || all.some((stage) => stage.name !== first.name || stage.label !== first.label || stage.status !== first.status)) {
    throw new Error('Stages chosen by renderer must share one name, label and status.');
  }
  return {
    name: first.name,
    label: first.label,
    status: first.status,
    weight: first.weight,
    run: (input, ctx) => stages[rendererOf(lipsyncOutput(input.outputs, 'prepare'), input.request.model)].run(input, ctx),
  };
}
