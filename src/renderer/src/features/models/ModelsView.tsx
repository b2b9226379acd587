import { useEffect, useState } from 'react';
import type { ApiClient, ModelRecord } from '../../api/client.js';
import { formatBytes, formatPercent } from '../../lib/format.js';
import { useModels } from '../../stores/models.js';
import { useNotices } from '../../stores/notices.js';

const BUSY_STATES = new Set(['downloading', 'copying', 'verifying']);

function ModelRow({ client, model }: { client: ApiClient; model: ModelRecord }) {
  const push = useNotices((s) => s.push);
  const [busy, setBusy] = useState(false);
  const install = model.install;
  const installing = install ? BUSY_STATES.has(install.state) : false;
  const fraction = install?.total_bytes ? install.received_bytes / install.total_bytes : 0;

  async function act(action: () => Promise<ModelRecord>) {
    setBusy(true);
    try {
      const record = await action();
      useModels.setState((state) => ({ models: state.models.map((m) => (m.id === record.id ? record : m)) }));
    } catch (error) {
      push(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="model" data-installed={model.installed ? true : undefined}>
      <div className="model-head">
        <strong>{model.title}</strong> <span className="muted">{model.task} · {formatBytes(model.size_bytes)} · {model.license}</span>
      </div>
      <p className="muted">{model.description}</p>
      {installing ? (
        <div className="task-progress">
          <progress max={100} value={formatPercent(fraction)} aria-label={`Install progress of ${model.title}`} />
          <span className="percent">{install!.state}</span>
        </div>
      ) : null}
      {install?.state === 'failed' ? <p className="field-error">{install.err_message}</p> : null}
      <div className="task-actions">
        {model.installed ? (
          <button type="button" className="secondary small" disabled={busy} onClick={() => void act(() => client.removeModel(model.id))} aria-label={`Remove ${model.title}`}>Remove</button>
        ) : installing ? (
          <button type="button" className="secondary small" disabled={busy} onClick={() => void act(() => client.removeModel(model.id))} aria-label={`Cancel installing ${model.title}`}>Cancel</button>
        ) : (
          <button type="button" className="small" disabled={busy} onClick={() => void act(() => client.installModel(model.id))} aria-label={`Install ${model.title}`}>Install</button>
        )}
        {model.installed ? <span className="muted">Installed{model.size_on_disk ? ` · ${formatBytes(model.size_on_disk)}` : ''}</span> : null}
      </div>
    </li>
  );
}

export function ModelsView({ client }: { client: ApiClient }) {
  const { models, loaded, error, load } = useModels();
  useEffect(() => {
    void load(client);
  }, [client, load]);
  return (
    <section aria-labelledby="models-title">
      <div className="section-head"><h2 id="models-title">Models</h2></div>
      <p className="muted">Models add speech recognition, translation, better voices and lip-sync. They install into the data folder; offline, the command line can import them from a file.</p>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {!loaded && !error ? <p aria-busy="true">Loading models…</p> : null}
      <ul className="models plain">
        {models.map((model) => <ModelRow key={model.id} client={client} model={model} />)}
      </ul>
    </section>
  );
}
