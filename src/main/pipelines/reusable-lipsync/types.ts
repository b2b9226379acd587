import type { ReusableLipsyncRequest } from '../../../shared/schemas/jobs.js';
import type { PrecisionDeps } from '../../engines/lipsync/wav2lip/render.js';
import type { StageOutput } from '../types.js';

export type { ReusableLipsyncRequest };

export interface ReusableLipsyncDeps extends PrecisionDeps {
  /** Absolute folder of a reusable lip-sync model, or undefined when no model has that id. */
  reusableModelDir(modelId: string): Promise<string | undefined>;
}

/** What the render works from, fixed once the audio is fetched. */
export interface ReusablePlan extends StageOutput {
  model: { id: string; dir: string };
  audio: {
    /** The file whose sound is muxed into the result: relative to the work dir, or absolute for a local file. */
    path: string;
    /** 16 kHz mono WAV of it, relative to the work dir. */
    wav16k: string;
    durationSec: number;
  };
  output: { fps: number; frameCount: number };
}
