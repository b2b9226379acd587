// Which translate stage saves which output shape; stages read earlier outputs through translateOutput.
import { stageOutputReader, type CommonStageOutputs } from '../stage-outputs.js';
import type { StageOutput } from '../types.js';
import type { ExportedFiles } from './export-stage.js';
import type { SynthesizedDub } from './synthesize-stage.js';
import type { CueList, PreparedMedia, SpeechActivity } from './types.js';

/** What the mix stage saves: the mixed track (relative to the work dir) and its length. */
export interface MixedAudio extends StageOutput {
  audio: string;
  durationSec: number;
}

export interface TranslateOutputs extends CommonStageOutputs {
  'prepare-media': PreparedMedia;
  /** Voice activity in the original audio (drives transcription and the ducking of the original voice). */
  'detect-speech': SpeechActivity;
  transcribe: CueList;
  translate: CueList;
  synthesize: SynthesizedDub;
  mix: MixedAudio;
  export: ExportedFiles;
}

export const translateOutput = stageOutputReader<TranslateOutputs>();
