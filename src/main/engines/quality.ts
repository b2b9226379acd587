// How good an engine's output is, as the GUI, the job log and docs/models.md label it.

/** `draft`: rule-based or small models (Apertium, PocketSphinx) to proofread; `standard`: neural models. */
export type EngineQuality = 'draft' | 'standard';

/** Every engine of a capability says what it is and whether it can run now (model-backed ones only once installed). */
export interface EngineIdentity {
  readonly id: string;
  /** What the job log and the GUI name: "PocketSphinx (English, draft)". */
  readonly title: string;
  readonly quality: EngineQuality;
  /** A draft engine's expected quality on real media, in a user's words (the translate plan and the create form show it). */
  readonly expectation?: string;
  /** False while the engine's model or system package is missing; absent means always available. */
  isAvailable?(): boolean;
}
