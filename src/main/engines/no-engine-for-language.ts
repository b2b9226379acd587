// unsupported_language for a language no engine of a capability does, in the capability table's words.
import { DubDeskError } from '../../shared/errors.js';
import { capabilityRow, type CapabilityId } from './capability-table.js';

export function noEngineForLanguage(capability: CapabilityId, language: string): DubDeskError {
  const template = capabilityRow(capability).noEngineForLanguage;
  if (!template) throw new Error(`The capability table gives ${capability} no message for a language it cannot do.`);
  return new DubDeskError('unsupported_language', template.replace('{language}', language));
}
