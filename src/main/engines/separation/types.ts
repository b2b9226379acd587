// Source separation (a later issue): splits speech from music and ambience so the dub sits on the clean background.

export interface SeparatedStems {
  /** WAV files in the caller's work dir. */
  vocals: string;
  background: string;
}

export interface SourceSeparator {
  readonly id: string;
  separate(audioFile: string, outDir: string, options: { signal: AbortSignal; onProgress?(fraction: number): void }): Promise<SeparatedStems>;
}
