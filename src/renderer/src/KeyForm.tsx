import { useState, type FormEvent } from 'react';
import { createApiClient } from './api/client.js';
import { useSession } from './stores/session.js';

/** Shown when the page was opened without a session key: paste an API key instead. */
export function KeyForm() {
  const { signIn, notice } = useSession();
  const [key, setKey] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const apiKey = key.trim();
    if (!apiKey) return;
    setChecking(true);
    setProblem(undefined);
    try {
      // Check the key once here, so a typo is reported beside the field that holds it.
      await createApiClient({ apiKey }).listTasks({ limit: 1 });
      signIn(apiKey);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setChecking(false);
    }
  }

  return (
    <main className="key-form">
      <h1>DubDesk</h1>
      <form onSubmit={(event) => void submit(event)} aria-describedby="api-key-help">
        {notice ? <p role="status">{notice}</p> : null}
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          value={key}
          onChange={(event) => setKey(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-errormessage={problem ? 'api-key-problem' : undefined}
        />
        <p id="api-key-help" className="hint">
          Open the link the service printed at start, or paste an API key made with the <code>dubdesk keys</code>{' '}
          command.
        </p>
        {problem ? (
          <p id="api-key-problem" role="alert" className="error">
            {problem}
          </p>
        ) : null}
        <button type="submit" disabled={checking}>
          {checking ? 'Connecting…' : 'Connect'}
        </button>
      </form>
    </main>
  );
}
