import { describe, expect, expectTypeOf, it } from 'vitest';
import type { LipsyncPlan } from '../../src/main/pipelines/lipsync/types.js';
import { lipsyncOutput } from '../../src/main/pipelines/lipsync/outputs.js';
import type { FaceCropsFile } from '../../src/main/pipelines/lipsync/types.js';
import { reusableLipsyncOutput } from '../../src/main/pipelines/reusable-lipsync/outputs.js';
import type { ReusablePlan } from '../../src/main/pipelines/reusable-lipsync/types.js';
import { stageOutputReader, type FetchedInputs } from '../../src/main/pipelines/stage-outputs.js';
import { translateOutput, type MixedAudio } from '../../src/main/pipelines/translate/outputs.js';
import type { SynthesizedDub } from '../../src/main/pipelines/translate/types.js';
import type { CueList, PreparedMedia } from '../../src/main/pipelines/translate/types.js';
import type { StageOutput } from '../../src/main/pipelines/types.js';

describe('typed stage outputs (pipelines/stage-outputs.ts)', () => {
  it('hands back the saved output of the named stage as it was saved', () => {
    const outputs: Record<string, StageOutput> = {
      'fetch-inputs': { inputs: { media_url: { path: 'inputs/a.mp4', name: 'a.mp4' } } },
      mix: { audio: 'audio/mixed.wav', durationSec: 12.5 },
    };
    expect(translateOutput(outputs, 'mix')).toBe(outputs.mix);
    expect(translateOutput(outputs, 'fetch-inputs').inputs.media_url?.name).toBe('a.mp4');
  });

  it('throws, naming the stage, when a stage reads the output of one that has not run (stages out of order)', () => {
    expect(() => translateOutput({}, 'prepare-media')).toThrow(
      "The output of stage 'prepare-media' is read before that stage has run.",
    );
    expect(() => stageOutputReader<{ x: StageOutput }>()({ y: {} }, 'x')).toThrow(/'x'/);
  });

  it('types each read by the producing stage, and refuses a stage name the pipeline does not have (checked by tsc)', () => {
    const outputs: Record<string, StageOutput> = {};
    const read = <T>(fn: () => T): (() => T) => fn;
    expectTypeOf(read(() => translateOutput(outputs, 'prepare-media'))).returns.toEqualTypeOf<PreparedMedia>();
    expectTypeOf(read(() => translateOutput(outputs, 'translate'))).returns.toEqualTypeOf<CueList>();
    expectTypeOf(read(() => translateOutput(outputs, 'synthesize'))).returns.toEqualTypeOf<SynthesizedDub>();
    expectTypeOf(read(() => translateOutput(outputs, 'mix'))).returns.toEqualTypeOf<MixedAudio>();
    expectTypeOf(read(() => lipsyncOutput(outputs, 'prepare'))).returns.toEqualTypeOf<LipsyncPlan>();
    expectTypeOf(read(() => lipsyncOutput(outputs, 'face-crops'))).returns.toEqualTypeOf<FaceCropsFile>();
    expectTypeOf(read(() => reusableLipsyncOutput(outputs, 'prepare'))).returns.toEqualTypeOf<ReusablePlan>();
    expectTypeOf(read(() => reusableLipsyncOutput(outputs, 'fetch-inputs'))).returns.toEqualTypeOf<FetchedInputs>();
    // @ts-expect-error: 'prepare-medias' is no translate stage
    expect(() => translateOutput(outputs, 'prepare-medias')).toThrow();
    // @ts-expect-error: the translate pipeline has no 'face-crops' stage
    expect(() => translateOutput(outputs, 'face-crops')).toThrow();
  });
});
