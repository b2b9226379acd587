import { useEffect, useState } from 'react';
import type { DesktopBridge, UpdateState } from '../../../../shared/ipc.js';

/** The desktop app's update state, as the main process tells it; idle until it answers. */
export function useUpdateState(bridge: DesktopBridge): UpdateState {
  const [state, setState] = useState<UpdateState>({ status: 'idle' });
  useEffect(() => {
    let current = true;
    void bridge.updateState().then((result) => {
      if (current && result.ok) setState(result.value);
    });
    const stop = bridge.onUpdateState(setState);
    return () => {
      current = false;
      stop();
    };
  }, [bridge]);
  return state;
}
