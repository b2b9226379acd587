import { DubDeskError } from '../../shared/errors.js';
import {
  DEFAULT_ADDRESS_POLICY,
  describeRefusal,
  literalAddress,
  refusedRange,
  type AddressPolicy,
} from '../files/address-policy.js';
import { classifyInput, inspectIfLocal, type InputEnvironment } from './input-checks.js';
import type { Inspected, IntakeChecks, SpecEnvironment } from './intake-checks.js';

/**
 * Everything a create call can check before queueing: fields, then local inputs by content and
 * duration (docs/api.md "Create operations": local inputs answer 400 at once; remote ones fail the job's first stage).
 */
export async function intakeRequest(
  kind: { id: string; intake: IntakeChecks },
  request: Record<string, unknown>,
  env: InputEnvironment & SpecEnvironment,
): Promise<{ inputName: string }> {
  const spec = kind.intake;
  if (request.callback_url !== undefined) checkCallbackUrl(String(request.callback_url), env.addressPolicy);
  await spec.checkFields(request, env);
  const classified = await Promise.all(
    spec.inputRules(request).map((rule) => classifyInput(String(request[rule.field]), rule, env)),
  );
  const inspected: Inspected = {};
  for (const input of classified) inspected[input.rule.field] = await inspectIfLocal(input, env);
  await spec.checkInputs(request, inspected);
  return { inputName: classified[0]?.name ?? kind.id };
}

function checkCallbackUrl(url: string, policy: AddressPolicy = DEFAULT_ADDRESS_POLICY): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new DubDeskError('invalid_request', `callback_url must be an http(s) URL; got ${url}.`);
  }
  // A host name is checked after resolving, at each delivery; a literal address can be judged now.
  const literal = literalAddress(parsed.hostname);
  const range = literal === null ? null : refusedRange(literal, policy);
  if (literal !== null && range)
    throw new DubDeskError('invalid_request', `callback_url: ${describeRefusal(literal, range)}.`);
}
