import type { TaskSummary } from '../../api/client.js';

type JobPlan = NonNullable<TaskSummary['plan']>;

/** The engines the task was planned with when it was created: each step's engine, or why it is skipped. */
export function TaskPlan({ plan }: { plan: JobPlan | undefined }) {
  if (!plan?.steps.length) return null;
  return (
    <details className="task-plan">
      <summary>Engines planned at creation</summary>
      <ol aria-label="Planned engines">
        {plan.steps.map((step) => (
          <li key={step.step} data-step={step.step}>
            <span>{step.label}:</span>{' '}
            {step.engine ? (
              <span>
                {step.engine.title}
                {step.engine.quality === 'draft' ? ' (draft: proofread its output)' : ''}
              </span>
            ) : (
              <span className="muted">skipped: {step.skipped}</span>
            )}
            {step.note ? <span className="muted stage-note"> — {step.note}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
