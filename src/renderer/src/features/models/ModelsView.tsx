import { useEffect, useState, type FormEvent } from 'react';
import type { ApiClient, ModelRecord } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { formatBytes, formatPercent } from '../../lib/format.js';
import { useModels } from '../../stores/models.js';
import { useNotices } from '../../stores/notices.js';
import {
  COMMERCIAL_USE_TEXT,
  importExtensions,
  importHint,
  importSourcePath,
  installFraction,
  installProgressText,
  isAbsolutePath,
  isInstalling,
  newerModelRecord,
  NOT_USED_TEXT,
  NOT_USED_YET,
  TASK_LABELS,
} from './model-info.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function keep(record: ModelRecord) {
  useModels.setState((state) => ({
    models: state.models.map((m) => (m.id === record.id ? newerModelRecord(m, record) : m)),
  }));
}

/** Install from a copy already on disk: the desktop's file dialog, or a path typed for the service's machine. */
function ImportForm({ client, model, onDone }: { client: ApiClient; model: ModelRecord; onDone(): void }) {
  const [path, setPath] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const push = useNotices((s) => s.push);
  const names = model.files.map((file) => file.name).join(', ');
  const id = `import-${model.id}`;

  async function importFrom(sourcePath: string) {
    setBusy(true);
    setProblem(undefined);
    try {
      keep(await client.importModel(model.id, sourcePath));
      push(`${model.title} is installed from ${sourcePath}.`);
      onDone();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function choose() {
    const picked = await window.dubdesk!.openFiles({
      title: model.archive ? `Choose the .${model.archive.format} archive or ${names}` : `Choose ${names}`,
      multiple: model.files.length > 1,
      filters: [{ name: 'Model files', extensions: importExtensions(model) }],
    });
    if (!picked.ok) {
      setProblem(picked.error.message);
      return;
    }
    const source = importSourcePath(model, picked.value);
    if (source) await importFrom(source);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = path.trim();
    if (!isAbsolutePath(typed)) {
      setProblem('Give an absolute path, e.g. /home/me/models/whisper-base or C:\\Models\\whisper-base.');
      return;
    }
    void importFrom(typed);
  }

  return (
    <form className="import-form" onSubmit={submit} aria-label={`Import ${model.title}`}>
      <p className="hint">
        {model.archive ? (
          importHint(model)
        ) : model.files.length === 1 ? (
          <>
            The file <code>{names}</code>, or a folder holding it.
          </>
        ) : (
          <>
            A folder holding <code>{names}</code>.
          </>
        )}{' '}
        It is copied into the data folder and checked.
      </p>
      {window.dubdesk ? (
        <button type="button" className="secondary small" disabled={busy} onClick={() => void choose()}>
          {model.archive
            ? 'Choose the archive or files…'
            : model.files.length === 1
              ? 'Choose the file…'
              : 'Choose the files…'}
        </button>
      ) : null}
      <div className="inline-form">
        <div className="field">
          <label htmlFor={id}>{window.dubdesk ? 'Or type its path' : "Path on the service's machine"}</label>
          <input
            id={id}
            value={path}
            onChange={(event) => setPath(event.target.value)}
            placeholder={
              model.archive
                ? `/path/to/${model.id}.${model.archive.format}`
                : model.files.length === 1
                  ? `/path/to/${names}`
                  : `/path/to/${model.id}/`
            }
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        <button type="submit" className="small" disabled={busy || !path.trim()}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      {problem ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function ModelRow({ client, model }: { client: ApiClient; model: ModelRecord }) {
  const push = useNotices((s) => s.push);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const install = model.install;
  const installing = isInstalling(install);
  // Nothing in this version consumes it: listed so users know it is coming, never offered (the service refuses it too).
  const unused = !model.used_by && !model.installed && !installing;

  async function act(action: () => Promise<ModelRecord>, done?: string) {
    setBusy(true);
    try {
      keep(await action());
      if (done) push(done);
    } catch (error) {
      push(messageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className="model"
      data-installed={model.installed ? true : undefined}
      data-unused={unused ? true : undefined}
      aria-labelledby={`model-${model.id}`}
    >
      <div className="model-head">
        <strong id={`model-${model.id}`}>{model.title}</strong>
        <span className="badge">{TASK_LABELS[model.task] ?? model.task}</span>
        <span className={`model-state${model.installed ? ' ok' : ''}`}>
          {model.installed
            ? `Installed${model.size_on_disk ? ` · ${formatBytes(model.size_on_disk)} on disk` : ''}${model.source === 'import' ? ' · imported' : ''}`
            : installing
              ? 'Installing'
              : unused
                ? NOT_USED_YET
                : 'Not installed'}
        </span>
      </div>
      <p>{model.description}</p>
      <p className="muted model-use">{model.used_by ? `Used by ${model.used_by}.` : NOT_USED_TEXT}</p>
      <p className="muted model-meta">
        About {formatBytes(model.size_bytes)} · license {model.license}
        {model.commercial_use ? ` · ${COMMERCIAL_USE_TEXT[model.commercial_use]}` : ''} ·{' '}
        {model.files.length === 1 ? '1 file' : `${model.files.length} files`}
        {model.homepage ? (
          <>
            {' '}
            ·{' '}
            <a href={model.homepage} target="_blank" rel="noreferrer">
              source
            </a>
          </>
        ) : null}
        {model.installed_at ? (
          <>
            {' '}
            · installed <time dateTime={model.installed_at}>{new Date(model.installed_at).toLocaleDateString()}</time>
          </>
        ) : null}
      </p>
      {model.commercial_note ? <p className="muted model-commercial">{model.commercial_note}</p> : null}
      {installing && install ? (
        <div className="task-progress">
          <progress
            max={100}
            value={formatPercent(installFraction(install))}
            aria-label={`Install progress of ${model.title}`}
          />
          <span className="install-text" aria-live="polite">
            {installProgressText(install)}
          </span>
        </div>
      ) : null}
      {install?.state === 'failed' ? (
        <p className="field-error" role="alert">
          Install failed: {install.err_message}
        </p>
      ) : null}
      <div className="task-actions">
        {model.installed ? (
          <ConfirmButton
            label="Remove"
            confirmLabel="Really remove?"
            ariaLabel={`Remove ${model.title}`}
            confirmAriaLabel={`Confirm removing ${model.title}`}
            disabled={busy}
            onConfirm={() => act(() => client.removeModel(model.id), `${model.title} is removed.`)}
          />
        ) : unused ? null : installing ? (
          <button
            type="button"
            className="secondary small"
            disabled={busy}
            onClick={() => void act(() => client.removeModel(model.id))}
            aria-label={`Cancel installing ${model.title}`}
          >
            Cancel
          </button>
        ) : (
          <>
            <button
              type="button"
              className="small"
              disabled={busy}
              onClick={() => void act(() => client.installModel(model.id))}
              aria-label={`Install ${model.title}`}
            >
              Install ({formatBytes(model.size_bytes)})
            </button>
            <button
              type="button"
              className="secondary small"
              aria-expanded={importing}
              onClick={() => setImporting(!importing)}
              aria-label={`Import ${model.title} from a file or folder`}
            >
              Import from a file or folder…
            </button>
          </>
        )}
      </div>
      {importing && !model.installed && !installing ? (
        <ImportForm client={client} model={model} onDone={() => setImporting(false)} />
      ) : null}
    </li>
  );
}

export function ModelsView({ client }: { client: ApiClient }) {
  const { models, loaded, error, load } = useModels();
  useEffect(() => {
    void load(client);
  }, [client, load]);
  const installed = models.filter((model) => model.installed).length;
  // An install event says only that it finished: fetch the record for its size on disk and date.
  const justInstalled = models
    .filter((model) => model.installed && model.install?.state === 'installed' && !model.installed_at)
    .map((model) => model.id)
    .join(' ');
  useEffect(() => {
    for (const id of justInstalled.split(' ').filter(Boolean)) client.model(id).then(keep, () => undefined);
  }, [client, justInstalled]);
  return (
    <section aria-labelledby="models-title">
      <div className="section-head">
        <h2 id="models-title">Models</h2>
        {loaded ? (
          <span className="muted">
            {installed} of {models.length} installed
          </span>
        ) : null}
      </div>
      <p className="muted">
        Models add precision lip-sync today; models marked "not used yet" wait for the engine that will use them. They
        install into the data folder. Without internet, import a copy you already have from a file or folder.
      </p>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {!loaded && !error ? <p aria-busy="true">Loading models…</p> : null}
      <ul className="models plain" aria-label="Models">
        {models.map((model) => (
          <ModelRow key={model.id} client={client} model={model} />
        ))}
      </ul>
    </section>
  );
}
