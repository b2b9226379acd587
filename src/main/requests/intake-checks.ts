// The shape of a kind's intake checks and the field checks several kinds share; each kind's own checks live in its kind module.
import { DubDeskError } from '../../shared/errors.js';
import { findLanguage } from '../../shared/languages.js';
import { DRIVING_AUDIO_TYPES, REFERENCE_VIDEO_TYPES } from '../../shared/schemas/jobs.js';
import type { Engines } from '../engines/registry.js';
import type { ModelStore } from '../models/model-store.js';
import type { GlossariesRepository } from '../store/glossaries-repository.js';
import { checkGlossaryPair } from './glossary-pairs.js';
import type { InputRule, InspectedInput } from './input-checks.js';

/** Every video and audio format of src/shared/media-formats.ts: each field taking video or audio takes them all. */
export const VIDEO_TYPES = REFERENCE_VIDEO_TYPES;
export const AUDIO_TYPES = DRIVING_AUDIO_TYPES;

/** What the checks may consult besides the request itself. */
export interface SpecEnvironment {
  glossaries: Pick<GlossariesRepository, 'get'>;
  /** Throws model_not_installed (naming the model and how to install it) when it is missing. */
  models: Pick<ModelStore, 'requireInstalled'>;
  /** The engines installed now: a kind plans which of them its job will run (plans/translate-plan.ts). */
  engines: Engines;
  subtitleStyleExists(styleId: string): Promise<boolean>;
  reusableModelExists(modelId: string): Promise<boolean>;
  /** What draws an existing reusable model's mouths: its own stored mouths need no model, stored face crops a generator. */
  reusableModelEngine(modelId: string): Promise<'generator' | 'exemplar' | 'unreadable'>;
}

export type Inspected = Partial<Record<string, InspectedInput>>;

/** How one job kind's request is checked: fields alone, then the inputs once they are files on this machine. */
export interface IntakeChecks<Request = Record<string, unknown>> {
  inputRules(request: Request): InputRule[];
  checkFields(request: Request, env: SpecEnvironment): Promise<void> | void;
  /** Cross-checks of inputs that are available locally; called again by the first stage with all of them. */
  checkInputs(request: Request, inputs: Inspected): Promise<void>;
}

export function checkLanguage(field: string, code: string | undefined): void {
  if (code === undefined || code === 'auto') return;
  if (!findLanguage(code))
    throw new DubDeskError(
      'unsupported_language',
      `${field} '${code}' is not a supported language; GET /v1/languages lists them.`,
    );
}

/**
 * Each glossary must exist and be for the job's pair (`source` 'auto' is judged once the language is known); how many
 * the schema bounds (maxItems, too_many_glossaries).
 */
export async function checkGlossaries(
  ids: readonly string[] | undefined,
  env: SpecEnvironment,
  pair: { source: string; target: string },
): Promise<void> {
  for (const id of ids ?? []) {
    const glossary = await env.glossaries.get(id);
    if (!glossary)
      throw new DubDeskError('not_found', `Glossary ${id} does not exist; GET /v1/glossaries lists yours.`);
    checkGlossaryPair(glossary, pair.source, pair.target);
  }
}

export function requireAudioTrack(field: string, input: InspectedInput | undefined, what: string): void {
  if (input?.info && !input.info.hasAudio)
    throw new DubDeskError('no_audio', `${field} (${input.name}) has no audio track; ${what}`);
}
