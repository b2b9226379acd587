import { DubDeskError } from '../../shared/errors.js';
import type { JobKind } from '../../shared/jobs.js';
import { classifyInput, inspectIfLocal, type InputEnvironment } from './input-checks.js';
import { JOB_SPECS, type Inspected, type SpecEnvironment } from './job-specs.js';

/**
 * Everything a create call can check before queueing: fields, then local inputs by content and
 * duration (decisions.md: local inputs answer 400 at once; remote ones fail the job's first stage).
 */
export async function intakeRequest(kind: JobKind, request: Record<string, unknown>, env: InputEnvironment & SpecEnvironment): Promise<{ inputName: string }> {
  const spec = JOB_SPECS[kind];
  if (request.callback_url !== undefined) checkCallbackUrl(String(request.callback_url));
  spec.checkFields(request, env);
  const classified = spec.inputRules(request).map((rule) => classifyInput(String(request[rule.field]), rule, env));
  const inspected: Inspected = {};
  for (const input of classified) inspected[input.rule.field] = await inspectIfLocal(input, env);
  await spec.checkInputs(request, inspected);
  return { inputName: classified[0]?.name ?? kind };
}

function checkCallbackUrl(url: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new DubDeskError('invalid_request', `callback_url must be an http(s) URL; got ${url}.`);
  }
}
