// Voice activity detection: where a recording has speech. It cuts the audio for recognition and drives the ducking
// of the original voice under the dub.

export interface SpeechRegion {
  startMs: number;
  endMs: number;
}

export interface VoiceActivityDetector {
  readonly id: string;
  /** What the job log names: "Silero VAD (built in)". */
  readonly title: string;
  /** Regions of speech in a 16 kHz mono 16-bit WAV file, in time order, not overlapping. */
  detect(
    wavFile: string,
    options: { signal: AbortSignal; onProgress?(fraction: number): void },
  ): Promise<SpeechRegion[]>;
}
