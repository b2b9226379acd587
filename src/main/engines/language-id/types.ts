// Spoken language identification: which language a stretch of speech is in (Whisper's language token, or a
// dedicated classifier), before transcription picks its model.
import type { EngineIdentity } from '../quality.js';

export interface IdentifiedLanguage {
  /** Language code as in src/shared/languages.ts. */
  language: string;
  /** The engine's probability for that language, 0..1. */
  confidence: number;
}

export interface LanguageIdentifier extends EngineIdentity {
  /** Identifies the language of mono float PCM (-1..1) speech. */
  identify(samples: Float32Array, sampleRate: number, options: { signal: AbortSignal }): Promise<IdentifiedLanguage>;
}
