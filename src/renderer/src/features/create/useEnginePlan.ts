import { useEffect, useState } from 'react';
import type { ApiClient, TranslatePlan } from '../../api/client.js';
import type { PlanQuery } from './engine-plan.js';

/** Typing in a number field sends one plan request when the typing pauses, not one per key. */
export const PLAN_DEBOUNCE_MS = 300;

export interface FilesPlan {
  files: string[];
  plan: TranslatePlan;
}

export interface EnginePlanState {
  /** One plan per query with the files it is for; undefined until the first answer. */
  plans?: FilesPlan[];
  /** Why the plan could not be made (a field the service refuses, an older service without the route). */
  error?: string;
  /** The plans shown are for settings the user has since changed; a new answer is on its way. */
  stale: boolean;
}

/** Asks the service which engines the queries would use, again whenever they change or `refreshKey` does (an install finished). */
export function useEnginePlan(client: ApiClient, queries: readonly PlanQuery[], refreshKey: string): EnginePlanState {
  const key = `${JSON.stringify(queries.map((query) => query.body))}\n${refreshKey}`;
  const [answer, setAnswer] = useState<{ key: string; plans?: FilesPlan[]; error?: string }>();

  useEffect(() => {
    if (queries.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      Promise.all(queries.map((query) => client.planTranslate(query.body))).then(
        (plans) => current && setAnswer({ key, plans: plans.map((plan, i) => ({ files: queries[i].files, plan })) }),
        (error: unknown) =>
          current && setAnswer({ key, error: error instanceof Error ? error.message : String(error) }),
      );
    }, PLAN_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `key` holds every input of the request.
  }, [client, key]);

  return { plans: answer?.plans, error: answer?.error, stale: answer?.key !== key };
}
