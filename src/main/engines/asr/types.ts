// Speech recognition: Whisper (sherpa-onnx, through the model store) and PocketSphinx (a system engine) sit behind
// this interface.
import type { EngineIdentity } from '../quality.js';
import type { SpeechRegion } from '../vad/types.js';

export interface RecognizedWord {
  startMs: number;
  endMs: number;
  text: string;
  /** The engine's confidence, 0..1, where it gives one. */
  confidence?: number;
}

export interface TranscribedSegment {
  startMs: number;
  endMs: number;
  text: string;
  speaker?: string;
  /** Word times where the engine gives them: cue segmentation splits long segments at words. */
  words?: RecognizedWord[];
}

export interface Transcript {
  /** Detected or given language code (src/shared/languages.ts). */
  language: string;
  segments: TranscribedSegment[];
}

export interface TranscribeOptions {
  /** A code of src/shared/languages.ts; undefined: the engine detects it (only where supports('auto')). */
  language?: string;
  /** Where the speech is (voice activity detection): engines with a fixed window (Whisper's 30 s) transcribe each region. */
  regions?: SpeechRegion[];
  signal: AbortSignal;
  onProgress?(fraction: number): void;
}

export interface SpeechRecognizer extends EngineIdentity {
  /** Whether it can transcribe this language (a code of src/shared/languages.ts), or detect it for 'auto'. */
  supports(language: string | 'auto'): boolean;
  /** Transcribes a 16 kHz mono 16-bit WAV file; `language` undefined means detect it. */
  transcribe(wavFile: string, options: TranscribeOptions): Promise<Transcript>;
}
