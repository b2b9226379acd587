// Machine translation: Bergamot (Firefox Translations models), an OpenAI-compatible chat endpoint and Apertium (a
// system engine) behind one interface.
import type { EngineIdentity } from '../quality.js';

export interface GlossaryTerm {
  source: string;
  target: string;
}

export interface TranslationRequest {
  texts: string[];
  sourceLanguage: string;
  targetLanguage: string;
  /** Terms the engine must keep consistent (glossary_ids). */
  glossary: GlossaryTerm[];
  userPrompt?: string;
  /**
   * Per text, the most characters its translation should have so the speech fits the cue's time (isochronous
   * translation); engines that can shorten a line use it, the others ignore it.
   */
  maxChars?: (number | undefined)[];
  /** Each text's neighbours are context for engines that use it (the LLM); an engine may also ignore it. */
  signal: AbortSignal;
  onProgress?(fraction: number): void;
}

export interface Translator extends EngineIdentity {
  supports(sourceLanguage: string, targetLanguage: string): boolean;
  translate(request: TranslationRequest): Promise<string[]>;
}
