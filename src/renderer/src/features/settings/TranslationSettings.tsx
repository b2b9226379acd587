import { useState, type FormEvent } from 'react';
import type {
  ApiClient,
  ServiceSettings,
  TranslationEngineChoice,
  TranslationSettingsChange,
} from '../../api/client.js';
import { Field } from '../../components/Field.js';
import { useNotices } from '../../stores/notices.js';

const ENGINES: readonly { value: TranslationEngineChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic: Bergamot, then the LLM, then Apertium' },
  { value: 'bergamot', label: 'Bergamot (Firefox Translations models)' },
  { value: 'llm', label: 'LLM endpoint' },
  { value: 'apertium', label: 'Apertium (draft)' },
];

/** The translation engine and the user's LLM endpoint: saved with PUT /v1/settings, used from the next job on. */
export function TranslationSettings({
  client,
  settings,
  onSaved,
}: {
  client: ApiClient;
  settings: ServiceSettings;
  onSaved(settings: ServiceSettings): void;
}) {
  const [engine, setEngine] = useState<TranslationEngineChoice>(settings.translation_engine ?? 'auto');
  const [baseUrl, setBaseUrl] = useState(settings.llm_base_url ?? '');
  const [model, setModel] = useState(settings.llm_model ?? '');
  const [timeout, setTimeoutSeconds] = useState(String(settings.llm_timeout_seconds ?? 120));
  // The key is write-only: the field starts empty and is sent only when typed in (or removed on purpose).
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const push = useNotices((s) => s.push);

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    const change: TranslationSettingsChange = {
      translation_engine: engine,
      llm_base_url: baseUrl.trim(),
      llm_model: model.trim(),
      llm_timeout_seconds: Number(timeout),
    };
    if (apiKey.trim()) change.llm_api_key = apiKey.trim();
    else if (removeKey) change.llm_api_key = '';
    setSaving(true);
    try {
      const saved = await client.updateSettings(change);
      onSaved({ ...settings, ...saved });
      setApiKey('');
      setRemoveKey(false);
      push('Translation settings saved: the next job uses them.');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="translation-settings-title">
      <h3 id="translation-settings-title">Translation</h3>
      <p className="muted">
        Bergamot translates the pairs whose Firefox Translations model is installed (Models page). An LLM endpoint is
        any OpenAI-compatible chat API: Ollama (<code>http://localhost:11434/v1</code>), LM Studio, a llama.cpp server,
        or a cloud service with its key. Lines are sent only to the address given here.
      </p>
      <form className="translation-settings" onSubmit={(event) => void save(event)}>
        <Field id="translation-engine" label="Engine">
          <select value={engine} onChange={(event) => setEngine(event.target.value as TranslationEngineChoice)}>
            {ENGINES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="llm-base-url" label="LLM base URL" hint="Empty: no LLM engine.">
          <input
            type="url"
            value={baseUrl}
            maxLength={2000}
            placeholder="http://localhost:11434/v1"
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        </Field>
        <Field id="llm-model" label="LLM model">
          <input
            value={model}
            maxLength={200}
            placeholder="e.g. qwen2.5:7b"
            onChange={(event) => setModel(event.target.value)}
          />
        </Field>
        <Field
          id="llm-api-key"
          label="LLM API key"
          hint={
            settings.llm_api_key_set
              ? 'A key is set (never shown). Type a new one to replace it.'
              : 'Only for services that need one.'
          }
        >
          <input
            type="password"
            autoComplete="off"
            value={apiKey}
            maxLength={1000}
            onChange={(event) => setApiKey(event.target.value)}
          />
        </Field>
        {settings.llm_api_key_set ? (
          <label className="checkbox">
            <input type="checkbox" checked={removeKey} onChange={(event) => setRemoveKey(event.target.checked)} />{' '}
            Remove the saved key
          </label>
        ) : null}
        <Field id="llm-timeout" label="LLM timeout (seconds)">
          <input
            type="number"
            min={5}
            max={3600}
            value={timeout}
            onChange={(event) => setTimeoutSeconds(event.target.value)}
          />
        </Field>
        {problem ? (
          <p role="alert" className="error">
            {problem}
          </p>
        ) : null}
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save translation settings'}
        </button>
      </form>
    </section>
  );
}
