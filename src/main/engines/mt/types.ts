// Machine translation: Marian/NLLB through the model store, or an OpenAI-compatible local endpoint, behind this interface.

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
  signal: AbortSignal;
  onProgress?(fraction: number): void;
}

export interface Translator {
  readonly id: string;
  supports(sourceLanguage: string, targetLanguage: string): boolean;
  translate(request: TranslationRequest): Promise<string[]>;
}
