import { useEffect, useState, type FormEvent } from 'react';
import type { ApiClient, ApiKeyRecord, ServiceSettings } from '../../api/client.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Field } from '../../components/Field.js';
import { useNotices } from '../../stores/notices.js';

function Row({ label, value, secret }: { label: string; value: string | number; secret?: boolean }) {
  const [shown, setShown] = useState(!secret);
  return (
    <div className="setting">
      <dt>{label}</dt>
      <dd>
        <code>{shown ? String(value) : '•'.repeat(24)}</code>
        {secret ? <button type="button" className="secondary small" onClick={() => setShown(!shown)} aria-pressed={shown}>{shown ? 'Hide' : 'Show'}</button> : null}
        <CopyButton text={String(value)} label="Copy" className="secondary small" />
      </dd>
    </div>
  );
}

function ApiKeys({ client }: { client: ApiClient }) {
  const [keys, setKeys] = useState<ApiKeyRecord[]>();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const [problem, setProblem] = useState<string>();
  const push = useNotices((s) => s.push);
  const reload = () => client.listKeys().then(setKeys, (error: Error) => setProblem(error.message));
  useEffect(() => {
    void reload();
  }, [client]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      const record = await client.createKey(name.trim());
      setCreated({ name: record.name, key: record.key });
      setName('');
      await reload();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <section aria-labelledby="keys-title">
      <h3 id="keys-title">API keys</h3>
      {created ? (
        <div className="new-key" role="status">
          <p>The key <strong>{created.name}</strong> is shown only now: copy it somewhere safe.</p>
          <code className="key">{created.key}</code> <CopyButton text={created.key} label="Copy key" />
          <button type="button" className="secondary small" onClick={() => setCreated(undefined)}>Done</button>
        </div>
      ) : null}
      <form className="inline-form" onSubmit={(event) => void create(event)}>
        <Field id="new-key-name" label="New key name" error={problem}>
          <input value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} placeholder="e.g. render script" />
        </Field>
        <button type="submit" disabled={!name.trim()}>Create key</button>
      </form>
      {keys ? (
        <table className="keys">
          <caption className="visually-hidden">API keys</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Starts with</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {keys.filter((key) => !key.revoked_at).map((key) => (
              <tr key={key.key_id}>
                <td>{key.name}</td>
                <td><code>{key.prefix}…</code></td>
                <td>{new Date(key.created_at).toLocaleDateString()}</td>
                <td>{key.last_used_at ? new Date(key.last_used_at).toLocaleString() : 'never'}</td>
                <td>
                  <button type="button" className="secondary small" aria-label={`Revoke ${key.name}`}
                    onClick={() => void client.revokeKey(key.key_id).then(reload, (error: Error) => push(error.message, 'error'))}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

export function SettingsView({ client }: { client: ApiClient }) {
  const [settings, setSettings] = useState<ServiceSettings>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    client.settings().then(setSettings, (error: Error) => setProblem(error.message));
  }, [client]);
  return (
    <section className="settings" aria-labelledby="settings-title">
      <div className="section-head"><h2 id="settings-title">Settings</h2></div>
      {problem ? <p role="alert" className="error">{problem}</p> : null}
      {settings ? (
        <dl className="settings-list">
          <Row label="Version" value={settings.version} />
          <Row label="API base URL" value={settings.base_url} />
          <Row label="OpenAPI document" value={settings.openapi_url} />
          <Row label="Webhook signing secret" value={settings.webhook_secret} secret />
          <Row label="Data folder" value={settings.data_dir} />
          <Row label="Tasks at once" value={settings.concurrency} />
          <Row label="ffmpeg" value={settings.ffmpeg_path} />
        </dl>
      ) : !problem ? <p aria-busy="true">Loading settings…</p> : null}
      <ApiKeys client={client} />
    </section>
  );
}
