import { useState } from 'react';
import type { DesktopBridge, UpdateState } from '../../../../shared/ipc.js';
import { useUpdateState } from './use-update-state.js';

/** What the window shows of an update: a ready one with its restart, or a download that failed verification. */
export function UpdateNoticeView({
  state,
  restarting = false,
  problem,
  onRestart,
}: {
  state: UpdateState;
  restarting?: boolean;
  problem?: string;
  onRestart(): void;
}) {
  if (state.status === 'error' && state.rejected) {
    return (
      <div className="banner" role="alert" aria-label="Update">
        <p>{state.message}</p>
      </div>
    );
  }
  if (state.status !== 'ready') return null;
  return (
    <div className="banner" role="region" aria-label="Update">
      <p>DubDesk {state.version} is ready.</p>
      <button type="button" disabled={state.jobsRunning || restarting} onClick={onRestart}>
        {restarting ? 'Restarting…' : 'Restart to update'}
      </button>
      {state.jobsRunning ? <p className="muted">after the running jobs finish</p> : null}
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The update notice of the desktop app; nothing in a browser, where no update could be installed. */
export function UpdateNotice({ bridge }: { bridge: DesktopBridge | undefined }) {
  return bridge ? <DesktopUpdateNotice bridge={bridge} /> : null;
}

function DesktopUpdateNotice({ bridge }: { bridge: DesktopBridge }) {
  const state = useUpdateState(bridge);
  const [restarting, setRestarting] = useState(false);
  const [problem, setProblem] = useState<string>();
  const restart = () => {
    setRestarting(true);
    setProblem(undefined);
    // On success the app quits and installs; only a refusal comes back.
    void bridge.restartToUpdate().then((result) => {
      if (result.ok) return;
      setRestarting(false);
      setProblem(result.error.message);
    });
  };
  return <UpdateNoticeView state={state} restarting={restarting} problem={problem} onRestart={restart} />;
}
