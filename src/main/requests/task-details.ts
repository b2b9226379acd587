// What tells tasks apart in a list: each input's name (the reference and the audio of a lip-sync) and the target language.
import type { TaskRecord } from '../store/tasks-repository.js';
import { classifyInput, type InputEnvironment, type InputRule } from './input-checks.js';

export interface TaskDetails {
  target_language?: string;
  inputs: { field: string; name: string }[];
}

export interface TaskDetailsEnvironment extends Pick<InputEnvironment, 'baseUrl' | 'files' | 'ownsFileUrl'> {
  /** The input fields of a request of that kind (its kind module's intake rules). */
  inputRulesOf(kind: string, request: Record<string, unknown>): InputRule[];
}

/** The names the create call saw (an upload's original name, a URL's or path's file name), from the stored request. */
export async function taskDetails(
  task: Pick<TaskRecord, 'kind' | 'request'>,
  env: TaskDetailsEnvironment,
): Promise<TaskDetails> {
  const { request } = task;
  const inputs = await Promise.all(
    env.inputRulesOf(task.kind, request).map(async (rule) => {
      const url = String(request[rule.field]);
      try {
        return { field: rule.field, name: (await classifyInput(url, rule, env)).name };
      } catch {
        // Accepted at create, so only a rule changed since; the URL itself still tells the inputs apart.
        return { field: rule.field, name: url };
      }
    }),
  );
  return typeof request.target_language === 'string'
    ? { target_language: request.target_language, inputs }
    : { inputs };
}
