// The model_not_installed error of a capability no engine can serve, written from the catalogue so it stays true:
// an install is offered only for a model some engine of this version runs; otherwise it says there is none yet.
import { DubDeskError } from '../../shared/errors.js';
import type { CatalogueEntry } from '../models/catalogue.js';
import { notInstalledMessage } from '../models/model-store.js';

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

export function missingModelError({ work, capability, entry, instead }: MissingModel): DubDeskError {
  const otherwise = instead ? `: ${instead}.` : '.';
  const aModel = `${/^[aeiou]/i.test(capability) ? 'an' : 'a'} ${capability} model`;
  if (entry?.usedBy) {
    return new DubDeskError('model_not_installed', `${work} needs ${aModel}. ${notInstalledMessage(entry)}${instead ? ` Or ${instead}.` : ''}`);
  }
  if (entry) {
    // Installing it would change nothing (the catalogue refuses it), so the way on is named instead.
    return new DubDeskError('model_not_installed', `${work} needs ${aModel} this DubDesk version can run, and it has none yet (${entry.id} in the catalogue waits for its engine)${otherwise}`);
  }
  return new DubDeskError('model_not_installed', `${work} needs ${aModel}, and this DubDesk version's model catalogue has none yet${otherwise}`);
}
