// The lip-sync pipeline has one stage list for every engine: a stage that prepares for some engines is skipped for
// the others.
import { LIPSYNC_ENGINES } from '../../engines/lipsync/engines.js';
import type { LipsyncEngine } from '../../engines/lipsync/types.js';
import type { Stage } from '../types.js';
import { lipsyncOutput } from './outputs.js';
import { planEngine } from './renderer.js';
import type { LipsyncRequest } from './types.js';

/** Whether the engine reads the output of the stage named so (its `uses` names the stages). */
function uses(engine: LipsyncEngine, stageName: string): boolean {
  return (engine.uses as readonly string[]).includes(stageName);
}

/** A stage that prepares for some engines runs only when the plan's engine uses it; for the others it is skipped, saying why. */
export function onlyForEnginesUsing(stage: Stage<LipsyncRequest>): Stage<LipsyncRequest> {
  const users = Object.values(LIPSYNC_ENGINES).filter((engine) => uses(engine, stage.name));
  return {
    ...stage,
    skip: ({ request, outputs }) => {
      const engine = planEngine(lipsyncOutput(outputs, 'prepare'), request.model);
      return uses(engine, stage.name) ? undefined : `used only by ${users.map((user) => user.inWords).join(' and ')}`;
    },
  };
}
