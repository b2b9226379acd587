import { useState } from 'react';
import type { ApiClient, ServiceSettings } from '../../api/client.js';
import type { DesktopBridge, UpdateState } from '../../../../shared/ipc.js';
import { useNotices } from '../../stores/notices.js';
import { useUpdateState } from '../updates/use-update-state.js';

/** One line on where the updater stands. */
export function describeUpdateState(state: UpdateState): string {
  switch (state.status) {
    case 'idle':
      return 'No update waiting.';
    case 'checking':
      return 'Checking for updates…';
    case 'downloading':
      return `Downloading an update: ${state.percent}%`;
    case 'ready':
      return `DubDesk ${state.version} is downloaded and verified${state.jobsRunning ? '; it waits for the running jobs' : ''}.`;
    case 'error':
      return state.message;
  }
}

/** The desktop app's updates: the automatic check (saved with PUT /v1/settings) and a check by hand. */
export function UpdateSettings({
  client,
  bridge,
  settings,
  onSaved,
}: {
  client: ApiClient;
  bridge: DesktopBridge;
  settings: ServiceSettings;
  onSaved(settings: ServiceSettings): void;
}) {
  const state = useUpdateState(bridge);
  // Shown as clicked at once; put back if the service refuses it.
  const [on, setOn] = useState(settings.check_for_updates);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const push = useNotices((s) => s.push);
  const busy = state.status === 'checking' || state.status === 'downloading';

  async function save(wanted: boolean) {
    setProblem(undefined);
    setOn(wanted);
    setSaving(true);
    try {
      const saved = await client.updateSettings({ check_for_updates: wanted });
      onSaved({ ...settings, ...saved });
      push(wanted ? 'DubDesk checks for updates at start and once a day.' : 'Automatic update checks are off.');
    } catch (error) {
      setOn(!wanted);
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="updates-title">
      <h3 id="updates-title">Updates</h3>
      <p className="muted">
        New versions come from DubDesk's GitHub releases; a download is checked against its published checksum before it
        is offered. The service run with <code>dubdesk serve</code> never updates itself.
      </p>
      <label className="check">
        <input type="checkbox" checked={on} disabled={saving} onChange={(event) => void save(event.target.checked)} />{' '}
        Check for updates automatically
      </label>
      <p role="status">{describeUpdateState(state)}</p>
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : null}
      <button type="button" className="secondary" disabled={busy} onClick={() => void bridge.checkForUpdates()}>
        Check now
      </button>
    </section>
  );
}
