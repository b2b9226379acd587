// Speech recognition: Whisper (sherpa-onnx, through the model store) and PocketSphinx (a system engine) sit behind
// this interface.
import type { EngineIdentity } from '../quality.js';

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

export interface SpeechRecognizer extends EngineIdentity {
  /** Whether it can transcribe this language (a code of src/shared/languages.ts), or detect it for 'auto'. */
  supports(language: string | 'auto'): boolean;
  /** Transcribes a 16 kHz mono 16-bit WAV file; `language` undefined means detect it. */
  transcribe(wavFile: string, options: { language?: string; signal: AbortSignal; onProgress?(fraction: number): void }): Promise<Transcript>;
}
