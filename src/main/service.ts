import type { AddressInfo } from 'node:net';
import { isLoopbackHost, listeningAddresses, urlHost } from './api/bind-addresses.js';
import { buildApp } from './api/build-app.js';
import { locateRendererDir } from './api/routes/gui.js';
import type { App } from './api/app-types.js';
import type { DubDeskConfig } from './config.js';
import { createCore, type Core, type CoreOptions } from './core.js';
import { announceRunningService } from './running-services.js';

export interface ServiceOptions extends CoreOptions {
  rendererDir?: string;
  /** Record this service in running-services/ so a CLI without --data-dir finds its folder (`dubdesk serve`). */
  announce?: boolean;
}

export interface RunningService {
  /** http://127.0.0.1:<port> (the first listening address: loopback when it is one) */
  url: string;
  /** The GUI with a key that is valid while this process runs: `url + '/#key=...'`. */
  guiUrl: string;
  core: Core;
  app: App;
  close(): Promise<void>;
}

const GUI_KEY_NAME = 'GUI session';

/** The GUI's key lives only as long as this process: an earlier run's key is revoked at start, this one's at close. */
async function revokeGuiKeys(core: Core): Promise<void> {
  for (const key of await core.keys.list())
    if (key.name === GUI_KEY_NAME && key.revokedAt === null) await core.keys.revoke(key.id);
}

/** Starts the headless service: core, HTTP API and web GUI, job runner and callbacks. */
export async function startService(config: DubDeskConfig, options: ServiceOptions = {}): Promise<RunningService> {
  const log = options.log ?? ((line: string) => console.log(line));
  const core = await createCore(config, { ...options, log });
  let app: App;
  try {
    // Other machines reach a non-loopback bind: it needs a key the user chose, not only the GUI's own.
    if (
      !isLoopbackHost(config.host) &&
      !config.apiKey &&
      !(await core.keys.list()).some((key) => key.revokedAt === null && key.name !== GUI_KEY_NAME)
    ) {
      throw new Error(
        `Refusing to listen on ${config.host} without an API key: other machines can reach that ` +
          `address. Start with --api-key <key> (DUBDESK_API_KEY), or create a key first with ` +
          `\`dubdesk keys create\`.`,
      );
    }
    app = await buildApp(core, { rendererDir: options.rendererDir ?? locateRendererDir() });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await core.close();
    throw error;
  }
  const port = (app.server.address() as AddressInfo).port;
  const urls = listeningAddresses(config.host).map((address) => `http://${urlHost(address)}:${port}`);
  const url = urls[0]!;
  await core.setBaseUrl(url);
  await revokeGuiKeys(core);
  const guiKey = (await core.keys.create(GUI_KEY_NAME, 'admin')).key;
  await core.start();
  const unannounce = options.announce ? announceRunningService({ dataDir: config.dataDir, url }) : () => {};
  for (const address of urls) log(`DubDesk listening on ${address}`);
  core.serviceLog.logger.info({ urls, version: core.version, dataDir: config.dataDir }, 'DubDesk listening');

  let closing: Promise<void> | undefined;
  return {
    url,
    guiUrl: `${url}/#key=${guiKey}`,
    core,
    app,
    close() {
      closing ??= (async () => {
        unannounce();
        await revokeGuiKeys(core).catch(() => {});
        await app.close();
        await core.close();
      })();
      return closing;
    },
  };
}
