// The model_not_installed error of a capability no engine can serve, written from the catalogue so it stays true:
// an install is offered only for a model some engine of this version runs; otherwise it says there is none yet.
import { DubDeskError } from '../../shared/errors.js';
import type { CatalogueEntry } from '../models/catalogue.js';
import { notInstalledMessage } from '../models/model-store.js';
import type { CapabilityRow } from './capability-table.js';

export interface MissingModel {
  /** What the user asked for, as the sentence's subject: "Transcribing speech". */
  work: string;
  /** The kind of model, as in "a speech-recognition model". */
  capability: string;
  /** The catalogue's model for it, if the catalogue has one. */
  entry?: CatalogueEntry;
  /** The way on without the model, as an imperative: "give the speech as subtitle_url (an SRT file)". */
  instead?: string;
}

/** model_not_installed that also names, for the GUI's Install button, the catalogue ids whose install lets the work run. */
export class ModelNotInstalledError extends DubDeskError {
  constructor(
    message: string,
    readonly modelIds: readonly string[] = [],
  ) {
    super('model_not_installed', message);
  }
}

/** The catalogue ids to install for an error (any one of them will do); none for other errors or no installable model. */
export function modelIdsToInstall(error: unknown): string[] {
  return error instanceof ModelNotInstalledError ? [...error.modelIds] : [];
}

export function missingModelError({ work, capability, entry, instead }: MissingModel): DubDeskError {
  const otherwise = instead ? `: ${instead}.` : '.';
  const aModel = `${/^[aeiou]/i.test(capability) ? 'an' : 'a'} ${capability} model`;
  if (entry?.usedBy) {
    return new ModelNotInstalledError(
      `${work} needs ${aModel}. ${notInstalledMessage(entry)}${instead ? ` Or ${instead}.` : ''}`,
      [entry.id],
    );
  }
  if (entry) {
    // Installing it would change nothing (the catalogue refuses it), so the way on is named instead.
    return new DubDeskError(
      'model_not_installed',
      `${work} needs ${aModel} this DubDesk version can run, and it has none yet (${entry.id} ` +
        `in the catalogue waits for its engine)${otherwise}`,
    );
  }
  return new DubDeskError(
    'model_not_installed',
    `${work} needs ${aModel}, and this DubDesk version's model catalogue has none yet${otherwise}`,
  );
}

/** missingModelError for a capability of the table: its kind of model and its way on without one, as the table says. */
export function missingEngineError(capability: CapabilityRow, work: string, entry?: CatalogueEntry): DubDeskError {
  return missingModelError({
    work,
    capability: capability.modelKind,
    entry,
    ...(capability.instead ? { instead: capability.instead } : {}),
  });
}
