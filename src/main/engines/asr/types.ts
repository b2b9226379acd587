// Speech recognition: Whisper (through the model store) and any later engine sit behind this interface.

export interface TranscribedSegment {
  startMs: number;
  endMs: number;
  text: string;
  speaker?: string;
}

export interface Transcript {
  /** Detected or given language code (src/shared/languages.ts). */
  language: string;
  segments: TranscribedSegment[];
}

export interface SpeechRecognizer {
  readonly id: string;
  /** Transcribes a 16 kHz mono WAV file. */
  transcribe(wavFile: string, options: { language?: string; signal: AbortSignal; onProgress?(fraction: number): void }): Promise<Transcript>;
}
