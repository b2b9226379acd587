// What a line translated again tells its editor, in the words a job's warning uses: the job's user_prompt that the
// translator does not follow is never dropped without a word (issue 27).
import type { TaskWarning } from '../../shared/schemas/jobs.js';
import type { EditedSegment, TranslatedSegment } from '../../shared/schemas/projects.js';
import { followsUserPrompt, givenUserPrompt, userPromptNotUsedWarning } from '../engines/mt/user-prompt.js';

/** The job's user_prompt as its stored request holds it (an old or foreign request may hold anything). */
export function originUserPrompt(request: Record<string, unknown>): string | undefined {
  return typeof request.user_prompt === 'string' ? request.user_prompt : undefined;
}

/** The edit's answer, with `warnings` only when there is one: a prompt given and a translator that ignored it. */
export function withRetranslateWarnings(
  edited: EditedSegment,
  userPrompt: string | undefined,
  translator: { id: string; title: string },
): TranslatedSegment {
  if (!givenUserPrompt(userPrompt) || followsUserPrompt(translator.id)) return edited;
  const warning: TaskWarning = { ...userPromptNotUsedWarning(translator.title), start: edited.start, end: edited.end };
  return { ...edited, warnings: [warning] };
}
