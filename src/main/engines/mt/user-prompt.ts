// Which translation engines follow the job's user_prompt, as the capability table says, and what the plan and the
// job tell the user when the chosen engine does not: a prompt is never dropped without a word.
import type { TaskWarning } from '../../../shared/schemas/jobs.js';
import { capabilityRow, type EngineRow } from '../capability-table.js';

const translationRows = (): readonly EngineRow[] => capabilityRow('translation').engines;

/** True only for an engine the table says follows user_prompt; an engine the table does not list is not known to. */
export function followsUserPrompt(engineId: string): boolean {
  return translationRows().some((row) => row.id === engineId && row.followsUserPrompt === true);
}

/** The request's prompt when it holds more than whitespace (the engines trim it too). */
export function givenUserPrompt(userPrompt: string | undefined): string | undefined {
  return userPrompt?.trim() ? userPrompt.trim() : undefined;
}

const following = (): readonly EngineRow[] => translationRows().filter((row) => row.followsUserPrompt === true);

/** Which engines would have followed it, and how to pick one. */
function whoFollows(): string {
  const rows = following();
  if (!rows.length) return 'no translation engine of this version follows it';
  return (
    `only the ${rows.map((row) => row.title).join(' or ')} engine follows it: set translation_engine to ` +
    `${rows.map((row) => row.id).join(' or ')} in Settings`
  );
}

/** The plan's note on a translate step whose engine will not use the prompt. */
export function userPromptNote(engineTitle: string): string {
  return `user_prompt will not be used: ${engineTitle} does not follow it (${whoFollows()})`;
}

/** The warning of a job whose translation ran without the prompt it was given. */
export function userPromptNotUsedWarning(engineTitle: string): TaskWarning {
  return {
    code: 'user_prompt_not_used',
    message: `The lines were translated by ${engineTitle}, which does not follow user_prompt: the prompt was not used (${whoFollows()}).`,
  };
}
