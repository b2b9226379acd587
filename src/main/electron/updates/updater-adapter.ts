// The one file that drives electron-updater's updater: its events become UpdaterEvents, its log the service log.
import type { AppUpdater } from 'electron-updater';
import { describeUpdateError, type UpdaterEvent } from './update-policy.js';

export interface UpdaterLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What the update controller asks of electron-updater. */
export interface UpdaterPort {
  /** Checks the feed and, when a newer version is there, downloads and verifies it; failures arrive as events. */
  check(): Promise<void>;
  /** Installs the downloaded update and starts it (the caller has closed the service first). */
  quitAndInstall(): void;
  onEvent(listener: (event: UpdaterEvent) => void): () => void;
}

/** Sets electron-updater up for DubDesk: download in the background, install when the app quits anyway. */
export function adaptUpdater(updater: AppUpdater, log: UpdaterLog): UpdaterPort {
  updater.autoDownload = true;
  // A quit already checkpoints running jobs, so installing the verified download then costs the user nothing.
  updater.autoInstallOnAppQuit = true;
  updater.logger = {
    info: (message?: unknown) => log.info(`Updater: ${String(message)}`),
    warn: (message?: unknown) => log.warn(`Updater: ${String(message)}`),
    error: (message?: unknown) => log.error(`Updater: ${String(message)}`),
  };
  const listeners = new Set<(event: UpdaterEvent) => void>();
  const emit = (event: UpdaterEvent) => listeners.forEach((listener) => listener(event));
  updater.on('checking-for-update', () => emit({ type: 'checking' }));
  updater.on('update-not-available', () => emit({ type: 'not-available' }));
  updater.on('update-available', (info) => emit({ type: 'available', version: info.version }));
  updater.on('download-progress', (progress) => emit({ type: 'progress', percent: progress.percent }));
  updater.on('update-downloaded', (event) => emit({ type: 'downloaded', version: event.version }));
  updater.on('error', (error) => emit({ type: 'error', ...describeUpdateError(error) }));

  return {
    async check() {
      try {
        const result = await updater.checkForUpdates();
        // null: electron-updater is inactive (an unpackaged app, or a Linux build that is not an AppImage or deb).
        if (!result) emit({ type: 'not-available' });
        else await result.downloadPromise;
      } catch {
        // Already reported through the 'error' event, and so logged and shown.
      }
    },
    quitAndInstall() {
      // Silent, then run the new version: the user asked to restart, not to walk through the installer again.
      updater.quitAndInstall(true, true);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
