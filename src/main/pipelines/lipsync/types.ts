import type { LipsyncRequest } from '../../../shared/schemas/jobs.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import type { StageOutput } from '../types.js';

export type { LipsyncRequest };

export interface LipsyncDeps {
  media: MediaTools;
}

/**
 * What draws the new mouths. mouth-warp: the lips reshaped in place (standard_v1; precision_v1 on a picture);
 * exemplar: the person's own mouths picked from the reference video (precision_v1 built in); generator: an
 * installed Wav2Lip-class model (precision_v1 whenever one is installed).
 */
export type LipsyncRenderer = 'mouth-warp' | 'exemplar' | 'generator';

/** What the lip-sync stages work from, fixed by the first stage after the inputs are fetched. */
export interface LipsyncPlan extends StageOutput {
  /** Absent in plans saved before precision_v1 had built-in engines: rendererOf() reads them. */
  renderer?: LipsyncRenderer;
  reference: {
    /** The reference video or image: relative to the work dir, or absolute for a local file (planInWorkDir resolves it). */
    path: string;
    name: string;
    isImage: boolean;
    width: number;
    height: number;
    fps: number;
    frameCount: number;
    /** The reference has its own sound (absent in plans saved before it was recorded). */
    hasAudio?: boolean;
  };
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
