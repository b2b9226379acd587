import type { LipsyncRequest } from '../../../shared/schemas/jobs.js';
import type { LipsyncEngineId, LipsyncReference } from '../../engines/lipsync/types.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import type { StageOutput } from '../types.js';

export type { LipsyncRequest };

export interface LipsyncDeps {
  media: MediaTools;
}

/** What the lip-sync stages work from, fixed by the first stage after the inputs are fetched. */
export interface LipsyncPlan extends StageOutput {
  /**
   * The engine that draws the mouths (engines/lipsync/choose.ts). 'generator' is Wav2Lip in plans saved before the
   * engines had ids; absent in plans saved before precision_v1 had built-in engines: rendererOf() reads both.
   */
  renderer?: LipsyncEngineId | 'generator';
  /** The reference video or image: its path relative to the work dir, or absolute for a local file (planInWorkDir resolves it). */
  reference: LipsyncReference;
  audio: {
    /** The file whose sound is muxed into the result (audio_url, or the reference video itself); stored like reference.path. */
    path: string;
    /** 16 kHz mono WAV of the driving audio, relative to the work dir. */
    wav16k: string;
    durationSec: number;
  };
  output: { fps: number; frameCount: number };
}

export interface RenderedVideo extends StageOutput {
  video: string;
  /** The engine that drew the mouths (the task's stage list shows it). */
  engine?: string;
}

export interface MouthBankFolder extends StageOutput {
  /** The reusable folder holding the bank, relative to the work dir. */
  reusable: string;
  mouths: number;
}

export interface FaceCropsFile extends StageOutput {
  /** The reusable folder, relative to the work dir. */
  reusable: string;
}
