import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, type ApiClient, type ApiKeyRecord, type KeyRole, type ServiceSettings } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Field } from '../../components/Field.js';
import { useNotices } from '../../stores/notices.js';
import { useSession } from '../../stores/session.js';
import { LocalCacheSettings } from './LocalCacheSettings.js';
import { TranslationSettings } from './TranslationSettings.js';
import { UpdateSettings } from './UpdateSettings.js';
import { Workers } from './Workers.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
// A jobs key (pasted into this window) is refused these pages: say so once instead of offering what would fail.
const needsAdmin = (error: unknown) => error instanceof ApiError && error.code === 'forbidden';
const ROLES: readonly KeyRole[] = ['jobs', 'admin'];

/** One read-only value: shown (or hidden until asked, for secrets), copyable, with how to change it. */
function Row({
  label,
  value,
  secret,
  how,
  extra,
}: {
  label: string;
  value: string | number;
  secret?: boolean;
  how?: string;
  extra?: ReactNode;
}) {
  const [shown, setShown] = useState(!secret);
  return (
    <div className="setting">
      <dt>{label}</dt>
      <dd>
        <code aria-label={shown ? undefined : `${label} (hidden)`}>{shown ? String(value) : '•'.repeat(24)}</code>
        {secret ? (
          <button
            type="button"
            className="secondary small"
            onClick={() => setShown(!shown)}
            aria-pressed={shown}
            aria-label={`${shown ? 'Hide' : 'Reveal'} the ${label.toLowerCase()}`}
          >
            {shown ? 'Hide' : 'Reveal'}
          </button>
        ) : null}
        <CopyButton text={String(value)} label="Copy" className="secondary small" />
        {extra}
        {how ? <span className="muted how">{how}</span> : null}
      </dd>
    </div>
  );
}

/** Opens the OpenAPI document in a new tab: fetched with the key, since the route is not public. */
function OpenApiButton({ client }: { client: ApiClient }) {
  const push = useNotices((s) => s.push);
  return (
    <button
      type="button"
      className="secondary small"
      onClick={() => {
        // Opened before the fetch, so the popup blocker sees the click.
        const tab = window.open('', '_blank');
        client.openApiText().then(
          (text) => {
            const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
            if (tab) tab.location.href = url;
            else window.location.assign(url);
          },
          (error: unknown) => {
            tab?.close();
            push(messageOf(error), 'error');
          },
        );
      }}
    >
      Open
    </button>
  );
}

function ApiKeys({ client }: { client: ApiClient }) {
  const [keys, setKeys] = useState<ApiKeyRecord[]>();
  const [name, setName] = useState('');
  const [role, setRole] = useState<KeyRole>('jobs');
  const [created, setCreated] = useState<{ name: string; role: KeyRole; key: string }>();
  const [problem, setProblem] = useState<string>();
  const [forbidden, setForbidden] = useState(false);
  const push = useNotices((s) => s.push);
  const ownKey = useSession((s) => s.apiKey);
  const reload = () =>
    client
      .listKeys()
      .then(setKeys, (error: Error) => (needsAdmin(error) ? setForbidden(true) : setProblem(error.message)));
  useEffect(() => {
    void reload();
  }, [client]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      const record = await client.createKey(name.trim(), role);
      setCreated({ name: record.name, role: record.role, key: record.key });
      setName('');
      setRole('jobs');
      await reload();
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  async function revoke(key: ApiKeyRecord) {
    try {
      await client.revokeKey(key.key_id);
      push(`The key ${key.name} is revoked: scripts using it are refused from now on.`);
      if (created?.name === key.name) setCreated(undefined);
      await reload();
    } catch (error) {
      push(messageOf(error), 'error');
    }
  }

  const active = keys?.filter((key) => !key.revoked_at) ?? [];
  if (forbidden) {
    return (
      <section aria-labelledby="keys-title">
        <h3 id="keys-title">API keys</h3>
        <p className="muted" role="status">
          Keys are managed with an admin key; this window's key has the jobs role.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="keys-title">
      <h3 id="keys-title">API keys</h3>
      <p className="muted">
        Scripts send a key as <code>Authorization: Bearer …</code>. The service keeps only a hash: a key is shown once,
        when it is made. A <strong>jobs</strong> key runs and reads jobs and files; an <strong>admin</strong> key can
        also manage keys, settings, models, glossaries and styles.
      </p>
      {created ? (
        <div className="new-key" role="status">
          <p>
            The {created.role} key <strong>{created.name}</strong> is shown only now: copy it somewhere safe.
          </p>
          <code className="key" aria-label="New API key">
            {created.key}
          </code>{' '}
          <CopyButton text={created.key} label="Copy key" />
          <button type="button" className="secondary small" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </div>
      ) : null}
      <form className="inline-form" onSubmit={(event) => void create(event)}>
        <Field id="new-key-name" label="New key name" error={problem}>
          <input
            value={name}
            maxLength={100}
            required
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. render script"
          />
        </Field>
        <Field id="new-key-role" label="Role">
          <select value={role} onChange={(event) => setRole(event.target.value as KeyRole)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" disabled={!name.trim()}>
          Create key
        </button>
      </form>
      {keys ? (
        <table className="keys" aria-label="API keys">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Starts with</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {active.map((key) => {
              const isThisWindow = ownKey?.startsWith(key.prefix) ?? false;
              return (
                <tr key={key.key_id}>
                  <td>
                    {key.name}
                    {isThisWindow ? <span className="muted"> · this window's key</span> : null}
                  </td>
                  <td>{key.role}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{new Date(key.created_at).toLocaleDateString()}</td>
                  <td>{key.last_used_at ? new Date(key.last_used_at).toLocaleString() : 'never'}</td>
                  <td>
                    <ConfirmButton
                      label="Revoke"
                      confirmLabel="Really revoke?"
                      ariaLabel={`Revoke ${key.name}`}
                      confirmAriaLabel={`Confirm revoking ${key.name}`}
                      onConfirm={() => revoke(key)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {keys && active.length === 0 ? <p className="empty">No keys.</p> : null}
    </section>
  );
}

export function SettingsView({ client }: { client: ApiClient }) {
  const [settings, setSettings] = useState<ServiceSettings>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    client
      .settings()
      .then(setSettings, (error: Error) =>
        setProblem(
          needsAdmin(error)
            ? "The service's settings are shown to admin keys only; this window's key has the jobs role."
            : error.message,
        ),
      );
  }, [client]);
  return (
    <section className="settings" aria-labelledby="settings-title">
      <div className="section-head">
        <h2 id="settings-title">Settings</h2>
      </div>
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : null}
      {settings ? (
        <>
          <p className="muted">
            These are set when the service starts, with flags of <code>dubdesk serve</code> or <code>DUBDESK_*</code>{' '}
            environment variables; restart the service to change them.
          </p>
          <dl className="settings-list">
            <Row label="Version" value={settings.version} />
            <Row label="API base URL" value={settings.base_url} how="--host, --port (DUBDESK_HOST, DUBDESK_PORT)" />
            <Row label="OpenAPI document" value={settings.openapi_url} extra={<OpenApiButton client={client} />} />
            <Row
              label="Webhook signing secret"
              value={settings.webhook_secret}
              secret
              how="--webhook-secret (DUBDESK_WEBHOOK_SECRET); else generated once"
            />
            <Row label="Data folder" value={settings.data_dir} how="--data-dir (DUBDESK_DATA_DIR)" />
            <Row label="Tasks at once" value={settings.concurrency} how="--concurrency (DUBDESK_CONCURRENCY)" />
            <Row label="ffmpeg" value={settings.ffmpeg_path} how="--ffmpeg (DUBDESK_FFMPEG)" />
            {settings.ffprobe_path ? (
              <Row label="ffprobe" value={settings.ffprobe_path} how="--ffprobe (DUBDESK_FFPROBE)" />
            ) : null}
            {settings.loudness_lufs !== undefined ? (
              <Row label="Dub loudness (LUFS)" value={settings.loudness_lufs} how="DUBDESK_LOUDNESS_LUFS" />
            ) : null}
            {settings.max_stretch !== undefined ? (
              <Row label="Longest time stretch" value={settings.max_stretch} how="DUBDESK_MAX_STRETCH" />
            ) : null}
          </dl>
          <TranslationSettings client={client} settings={settings} onSaved={setSettings} />
          <LocalCacheSettings client={client} settings={settings} onSaved={setSettings} />
          {/* Only the desktop app can install an update; a browser never offers what it cannot do. */}
          {window.dubdesk ? (
            <UpdateSettings client={client} bridge={window.dubdesk} settings={settings} onSaved={setSettings} />
          ) : null}
        </>
      ) : !problem ? (
        <p aria-busy="true">Loading settings…</p>
      ) : null}
      <Workers client={client} />
      <ApiKeys client={client} />
    </section>
  );
}
