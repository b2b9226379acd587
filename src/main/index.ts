// Electron main: a thin shell that starts the same service `dubdesk serve` runs and shows its GUI.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { app, dialog, type BrowserWindow } from 'electron';
import { resolveConfig } from './config.js';
import { isAddressInUse, parseLaunchOptions } from './electron/launch-options.js';
import { watchLauncher } from './launcher-lifeline.js';
import { registerIpcHandlers } from './electron/ipc.js';
import { startDesktopUpdates } from './electron/updates/desktop-updates.js';
import { serviceUpdateHooks } from './electron/updates/service-hooks.js';
import type { UpdateController } from './electron/updates/update-controller.js';
import { createMainWindow } from './electron/window.js';
import { startService, type RunningService } from './service.js';

// Set before anything reads userData, so the window shares config.ts defaultDataDir() with the CLI.
app.setName('DubDesk');

const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

/**
 * A dev checkout keeps better-sqlite3 built for Node (CLI, tests) and, from scripts/setup.mjs, a second build for
 * Electron's ABI; packaged apps are rebuilt for Electron in place by electron-builder.
 */
function electronSqliteBinding(): string | undefined {
  if (app.isPackaged) return undefined;
  const built = fileURLToPath(new URL('../../node_modules/.dubdesk-electron/better_sqlite3.node', import.meta.url));
  return existsSync(built) ? built : undefined;
}

async function startDesktopService(): Promise<RunningService> {
  const launch = parseLaunchOptions(process.argv.slice(app.isPackaged ? 1 : 2));
  const config = resolveConfig({
    dataDir: launch.dataDir ?? process.env.DUBDESK_DATA_DIR ?? app.getPath('userData'),
    port: launch.port,
    sqliteNativeBinding: electronSqliteBinding(),
  });
  const log = (line: string) => console.log(line);
  try {
    return await startService(config, { log });
  } catch (error) {
    // The usual port may be taken (another tool, or a `dubdesk serve` with another data dir); any free one will do
    // unless one was asked for.
    if (launch.port !== undefined || process.env.DUBDESK_PORT || !isAddressInUse(error)) throw error;
    log(`Port ${config.port} is in use; using a free port instead.`);
    return startService({ ...config, port: 0 }, { log });
  }
}

async function runDesktop(): Promise<void> {
  let service: RunningService | undefined;
  let window: BrowserWindow | undefined;
  let removeIpcHandlers = () => {};
  let updates: UpdateController | undefined;

  const showWindow = () => {
    if (!service) return;
    if (!window || window.isDestroyed()) window = createMainWindow({ url: service.guiUrl, preload: preloadPath });
    else {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  };

  app.on('second-instance', showWindow);
  app.on('activate', showWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Running jobs are checkpointed and the database closed; the next start resumes the jobs (queue/runner.ts stop()).
  let closing: Promise<void> | undefined;
  const closeService = () =>
    (closing ??= (async () => {
      updates?.stop();
      removeIpcHandlers();
      await service?.close().catch((error: unknown) => console.error('DubDesk service did not close cleanly:', error));
      service = undefined;
    })());

  app.on('before-quit', (event) => {
    if (!service) return;
    // Hold the quit until the service has closed.
    event.preventDefault();
    void closeService().finally(() => app.quit());
  });

  // Under `npm start`, a launcher that dies (even by kill -9) quits the window and its service.
  watchLauncher(() => app.quit());
  await app.whenReady();
  try {
    service = await startDesktopService();
  } catch (error) {
    dialog.showErrorBox('DubDesk could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
    return;
  }
  // The headless service never updates itself: only this shell starts the updater.
  updates = startDesktopUpdates({
    ...serviceUpdateHooks(service),
    closeService,
    log: service.core.serviceLog.logger,
    window: () => window,
  });
  removeIpcHandlers = registerIpcHandlers(new URL(service.url).origin, updates);
  console.log(`DubDesk is running at ${service.url}`);
  showWindow();
}

// A second launch only brings the first window forward.
if (!app.requestSingleInstanceLock()) app.quit();
else void runDesktop();
