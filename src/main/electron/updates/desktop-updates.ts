// Wires electron-updater's autoUpdater for the desktop app; `dubdesk serve` and the CLI never load this file.
import type { BrowserWindow } from 'electron';
// Default import: electron-updater is CommonJS and defines `autoUpdater` with a getter Node cannot list as an export.
import electronUpdater from 'electron-updater';
import { IpcEvent } from '../../../shared/ipc.js';
import { createUpdateController, type UpdateController, type UpdateControllerOptions } from './update-controller.js';
import { adaptUpdater, type UpdaterLog } from './updater-adapter.js';

export interface DesktopUpdatesOptions extends Omit<UpdateControllerOptions, 'updater' | 'log'> {
  log: UpdaterLog;
  /** The window to tell of each state change, when it is open. */
  window(): BrowserWindow | undefined;
}

/** The update controller over the platform's updater (NSIS, dmg, AppImage or deb), its state sent to the window. */
export function startDesktopUpdates(options: DesktopUpdatesOptions): UpdateController {
  const { window, log, ...rest } = options;
  const controller = createUpdateController({
    ...rest,
    updater: adaptUpdater(electronUpdater.autoUpdater, log),
    log: (message) => log.warn(message),
  });
  controller.subscribe((state) => {
    const open = window();
    if (open && !open.isDestroyed()) open.webContents.send(IpcEvent.updateStateChanged, state);
  });
  controller.start();
  return controller;
}
