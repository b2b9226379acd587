import type { AddressInfo } from 'node:net';
import { buildApp } from './api/build-app.js';
import { locateRendererDir } from './api/routes/gui.js';
import type { App } from './api/app-types.js';
import type { DubDeskConfig } from './config.js';
import { createCore, type Core, type CoreOptions } from './core.js';

export interface ServiceOptions extends CoreOptions {
  rendererDir?: string;
}

export interface RunningService {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The GUI with a key that is valid while this process runs: `url + '/#key=...'`. */
  guiUrl: string;
  core: Core;
  app: App;
  close(): Promise<void>;
}

const GUI_KEY_NAME = 'GUI session';

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the headless service: core, HTTP API and web GUI, job runner and callbacks. */
export async function startService(config: DubDeskConfig, options: ServiceOptions = {}): Promise<RunningService> {
  const log = options.log ?? ((line: string) => console.log(line));
  const core = createCore(config, { ...options, log });
  let app: App;
  try {
    app = await buildApp(core, { rendererDir: options.rendererDir ?? locateRendererDir() });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await core.close();
    throw error;
  }
  const port = (app.server.address() as AddressInfo).port;
  const url = `http://${urlHost(config.host)}:${port}`;
  core.setBaseUrl(url);
  // The GUI's key lives only as long as this process: an earlier run's key is revoked first.
  for (const key of core.keys.list()) if (key.name === GUI_KEY_NAME && key.revokedAt === null) core.keys.revoke(key.id);
  const guiKey = core.keys.create(GUI_KEY_NAME).key;
  core.start();
  log(`DubDesk listening on ${url}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    guiUrl: `${url}/#key=${guiKey}`,
    core,
    app,
    close() {
      closing ??= (async () => {
        for (const key of core.keys.list()) if (key.name === GUI_KEY_NAME && key.revokedAt === null) core.keys.revoke(key.id);
        await app.close();
        await core.close();
      })();
      return closing;
    },
  };
}
