// Typed reads of earlier stages' outputs: each pipeline declares once which stage produces which shape
// (a map from stage name to output type), and readers name the stage instead of casting.
import type { StagedInput } from './staged-inputs.js';
import type { StageOutput } from './types.js';

/** What fetch-inputs, the first stage of every job, saves: each input field's staged file. */
export interface FetchedInputs extends StageOutput {
  inputs: Record<string, StagedInput>;
}

/** The stages every pipeline starts with; a pipeline's map extends it. */
export interface CommonStageOutputs {
  'fetch-inputs': FetchedInputs;
}

export type StageOutputReader<Outputs> = <Name extends keyof Outputs & string>(
  outputs: Record<string, StageOutput>,
  stage: Name,
) => Outputs[Name];

/**
 * The reader for one pipeline's map: `read(outputs, 'prepare-media')` is typed as that stage's output. A missing
 * output means the stages run out of order, a bug, so it throws instead of handing `undefined` on.
 */
export function stageOutputReader<Outputs>(): StageOutputReader<Outputs> {
  return (outputs, stage) => {
    const output = outputs[stage];
    if (output === undefined) throw new Error(`The output of stage '${stage}' is read before that stage has run.`);
    return output as Outputs[typeof stage];
  };
}
