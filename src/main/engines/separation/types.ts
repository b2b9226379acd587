// Source separation: splits speech from music and ambience so the dub sits on the clean background.
import type { EngineIdentity } from '../quality.js';

export interface SeparatedStems {
  /** WAV files in the caller's work dir. */
  vocals: string;
  background: string;
}

export interface SourceSeparator extends EngineIdentity {
  separate(
    audioFile: string,
    outDir: string,
    options: { signal: AbortSignal; onProgress?(fraction: number): void },
  ): Promise<SeparatedStems>;
}
