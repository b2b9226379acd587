import type { TimelineStage } from './stage-timeline.js';

/**
 * The task's stages in order, each with its recorded state; a skipped stage says why, a done one which engine did it,
 * and a stage that ran names the worker it ran on (a skipped one did no work there, so it does not).
 */
export function StageTimeline({ stages }: { stages: readonly TimelineStage[] }) {
  if (stages.length === 0) return null;
  return (
    <ol className="timeline" aria-label="Stages">
      {stages.map((stage) => (
        <li key={stage.name} data-state={stage.state}>
          <span className="dot" aria-hidden="true" />
          <span>{stage.label}</span>
          {stage.state === 'skipped' && stage.reason ? (
            <span className="muted stage-note">skipped: {stage.reason}</span>
          ) : (
            <span className="visually-hidden">: {stage.state}</span>
          )}
          {stage.state === 'done' && stage.engine ? <span className="muted stage-note">— {stage.engine}</span> : null}
          {stage.worker && stage.state !== 'skipped' ? (
            <span className="muted stage-note">on {stage.worker}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
