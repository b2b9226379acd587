import type { DubDeskConfig } from './config.js';
import { createCore, type Core, type CoreOptions } from './core.js';

export interface RunningWorker {
  core: Core;
  /** Stops taking jobs, hands running ones back to the queue and closes the core. */
  close(): Promise<void>;
}

/** Starts a worker-only process (`dubdesk worker`): the job runner and callback deliverer on the shared database, no HTTP. */
export async function startWorker(config: DubDeskConfig, options: CoreOptions = {}): Promise<RunningWorker> {
  if (!config.databaseUrl || !config.storage)
    throw new Error('A worker needs a shared database and shared storage (databaseUrl and storage).');
  const core = await createCore(config, { ...options, workerOnly: true });
  try {
    await core.start();
  } catch (error) {
    await core.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return { core, close: () => (closing ??= core.close()) };
}
