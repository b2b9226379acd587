// What tells tasks apart in a list: each input's name (the reference and the audio of a lip-sync) and the target language.
import type { TaskRecord } from '../store/tasks-repository.js';
import { classifyInput, type InputEnvironment } from './input-checks.js';
import { JOB_SPECS } from './job-specs.js';

export interface TaskDetails {
  target_language?: string;
  inputs: { field: string; name: string }[];
}

/** The names the create call saw (an upload's original name, a URL's or path's file name), from the stored request. */
export function taskDetails(task: Pick<TaskRecord, 'kind' | 'request'>, env: Pick<InputEnvironment, 'baseUrl' | 'files'>): TaskDetails {
  const { request } = task;
  const inputs = JOB_SPECS[task.kind].inputRules(request).map((rule) => {
    const url = String(request[rule.field]);
    try {
      return { field: rule.field, name: classifyInput(url, rule, env).name };
    } catch {
      // Accepted at create, so only a rule changed since; the URL itself still tells the inputs apart.
      return { field: rule.field, name: url };
    }
  });
  return typeof request.target_language === 'string' ? { target_language: request.target_language, inputs } : { inputs };
}
