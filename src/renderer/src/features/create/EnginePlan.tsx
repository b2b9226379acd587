import { useState } from 'react';
import type { ApiClient, ModelRecord, PlanStep } from '../../api/client.js';
import { formatBytes, formatPercent } from '../../lib/format.js';
import { useModels } from '../../stores/models.js';
import { installFraction, installProgressText, isInstalling, newerModelRecord } from '../models/model-info.js';
import type { EnginePlanState } from './useEnginePlan.js';

/** The POST's answer and the live events race: keep whichever says more (the models page does the same). */
function keep(record: ModelRecord) {
  useModels.setState((state) => ({
    models: state.models.some((model) => model.id === record.id)
      ? state.models.map((model) => (model.id === record.id ? newerModelRecord(model, record) : model))
      : [...state.models, record],
  }));
}

/** Installs one model named by a missing step; its progress comes from the event stream, like on the Models page. */
function InstallModel({ client, modelId }: { client: ApiClient; modelId: string }) {
  const model = useModels((s) => s.models.find((candidate) => candidate.id === modelId));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const title = model?.title ?? modelId;
  const install = model?.install;

  async function start() {
    setBusy(true);
    setProblem(undefined);
    try {
      keep(await client.installModel(modelId));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  if (model?.installed) return <p className="hint">{title} is installed.</p>;
  return (
    <div className="plan-install">
      {install && isInstalling(install) ? (
        <div className="task-progress">
          <progress
            max={100}
            value={formatPercent(installFraction(install))}
            aria-label={`Install progress of ${title}`}
          />
          <span className="install-text" aria-live="polite">
            {installProgressText(install)}
          </span>
        </div>
      ) : (
        <button
          type="button"
          className="small"
          disabled={busy}
          onClick={() => void start()}
          aria-label={`Install ${title}`}
        >
          Install {title}
          {model ? ` (${formatBytes(model.size_bytes)})` : ''}
        </button>
      )}
      {install?.state === 'failed' ? (
        <p className="field-error" role="alert">
          Install failed: {install.err_message}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function StepLine({ client, step }: { client: ApiClient; step: PlanStep }) {
  return (
    <li className="plan-step" data-step={step.step} data-missing={step.missing ? true : undefined}>
      <span className="plan-step-label">{step.label}:</span>{' '}
      {step.engine ? (
        <>
          <span className="plan-engine">{step.engine.title}</span>
          {step.engine.quality === 'draft' ? (
            <span className="badge draft" title="Rule-based or small model: proofread its output.">
              draft
            </span>
          ) : null}
          {step.note ? <span className="muted"> ({step.note})</span> : null}
          {step.engine.expectation ? <p className="hint plan-expectation">{step.engine.expectation}</p> : null}
          {step.better_model ? <InstallModel client={client} modelId={step.better_model.id} /> : null}
        </>
      ) : step.skipped ? (
        <span className="muted">skipped: {step.skipped}</span>
      ) : step.missing ? (
        <>
          <span className="field-error">{step.missing.message}</span>
          {step.missing.model_ids.map((modelId) => (
            <InstallModel key={modelId} client={client} modelId={modelId} />
          ))}
        </>
      ) : null}
    </li>
  );
}

/** "This job will use:" one line per step with its engine, why it is skipped, or what to install. */
export function EnginePlan({
  client,
  jobCount,
  state,
  waitingFor,
}: {
  client: ApiClient;
  jobCount: number;
  state: EnginePlanState;
  waitingFor?: string;
}) {
  return (
    <section className="engine-plan" aria-labelledby="engine-plan-title" aria-busy={state.stale ? true : undefined}>
      <h4 id="engine-plan-title">{jobCount > 1 ? 'These jobs will use:' : 'This job will use:'}</h4>
      {waitingFor ? (
        <p className="hint">{waitingFor}</p>
      ) : state.error ? (
        <p className="hint">The engines cannot be listed for these settings: {state.error}</p>
      ) : !state.plans ? (
        <p className="hint" aria-busy="true">
          Finding the engines…
        </p>
      ) : (
        state.plans.map(({ files, plan }) => (
          <div key={files.join('\n')}>
            {state.plans!.length > 1 ? <p className="plan-files">For {files.join(', ')}:</p> : null}
            <ul
              className="plain plan-steps"
              aria-label={state.plans!.length > 1 ? `Engines for ${files.join(', ')}` : 'Engines'}
            >
              {plan.steps.map((step) => (
                <StepLine key={step.step} client={client} step={step} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
