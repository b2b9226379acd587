// Pure: the plan requests a translate form sends (one per distinct request of its batch), and what a plan blocks.
import type { PlanStep, TranslatePlan, TranslatePlanRequest } from '../../api/client.js';

/** One distinct plan request of a batch, with the media files it stands for. */
export interface PlanQuery {
  body: TranslatePlanRequest;
  files: string[];
}

/**
 * Jobs of a batch that would send the same request (apart from their URLs) share one plan. Nothing is fetched for a
 * plan, so the media URL is left out and a subtitle file not yet uploaded is named by its file name.
 */
export function planQueries(jobs: readonly { body: Record<string, unknown>; label: string }[]): PlanQuery[] {
  const byRequest = new Map<string, PlanQuery>();
  for (const { body, label } of jobs) {
    const { media_url: _mediaUrl, callback_url: _callbackUrl, ...rest } = body;
    const planBody = rest as TranslatePlanRequest;
    const key = JSON.stringify({ ...planBody, subtitle_url: planBody.subtitle_url ? true : undefined });
    const known = byRequest.get(key);
    if (known) known.files.push(label);
    else byRequest.set(key, { body: planBody, files: [label] });
  }
  return [...byRequest.values()];
}

/** The steps that cannot run until a model is installed. */
export function missingSteps(plans: readonly { plan: TranslatePlan }[]): PlanStep[] {
  return plans.flatMap(({ plan }) => plan.steps.filter((step) => step.missing));
}

/** Why the task cannot start yet, in the words the submit row shows; undefined when every step can run. */
export function blockedReason(plans: readonly { plan: TranslatePlan }[]): string | undefined {
  const missing = missingSteps(plans);
  if (missing.length === 0) return undefined;
  const labels = [...new Set(missing.map((step) => step.label))];
  const installable = missing.filter((step) => (step.missing?.model_ids.length ?? 0) > 0).length;
  const what =
    installable === 0
      ? 'The steps above say what to do.'
      : `Install the model${installable > 1 ? 's' : ''} above, or change the settings.`;
  return `This task cannot start yet: ${labels.join(' and ')} cannot run with what is installed. ${what}`;
}
