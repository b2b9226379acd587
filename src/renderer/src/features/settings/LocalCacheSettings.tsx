import { useState, type FormEvent } from 'react';
import type { ApiClient, ServiceSettings } from '../../api/client.js';
import { Field } from '../../components/Field.js';
import { useNotices } from '../../stores/notices.js';
import { cacheLimitBytes, gigabytesText } from './cache-limit.js';

/** The cap on each machine's local copies with shared storage: saved with PUT /v1/settings, used at the next trim. */
export function LocalCacheSettings({
  client,
  settings,
  onSaved,
}: {
  client: ApiClient;
  settings: ServiceSettings;
  onSaved(settings: ServiceSettings): void;
}) {
  const [limit, setLimit] = useState(gigabytesText(settings.local_cache_limit_bytes));
  const [problem, setProblem] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const [saving, setSaving] = useState(false);
  const push = useNotices((s) => s.push);

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailed(undefined);
    const checked = cacheLimitBytes(limit);
    if ('error' in checked) {
      setProblem(checked.error);
      return;
    }
    setProblem(undefined);
    setSaving(true);
    try {
      const saved = await client.updateSettings({ local_cache_limit_bytes: checked.bytes });
      onSaved({ ...settings, ...saved });
      setLimit(gigabytesText(saved.local_cache_limit_bytes));
      push(`Local cache limit saved: ${gigabytesText(saved.local_cache_limit_bytes)} GB per machine.`);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="local-cache-title">
      <h3 id="local-cache-title">Local cache</h3>
      <p className="muted">
        With shared storage (<code>--storage</code>), each machine keeps local copies of stored files and job folders;
        past this size the least recently used are removed (never one a running task holds) and fetched again when
        needed. Without shared storage nothing is removed: the data folder holds the only copy.
      </p>
      <form className="translation-settings" noValidate onSubmit={(event) => void save(event)}>
        <Field
          id="local-cache-limit"
          label="Local cache limit (GB)"
          hint="1 GB is 1,000,000,000 bytes; 0 keeps only what is in use."
          error={problem}
        >
          <input
            type="text"
            inputMode="decimal"
            value={limit}
            onChange={(event) => {
              setLimit(event.target.value);
              setProblem(undefined);
            }}
          />
        </Field>
        {failed ? (
          <p role="alert" className="error">
            {failed}
          </p>
        ) : null}
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save cache limit'}
        </button>
      </form>
    </section>
  );
}
