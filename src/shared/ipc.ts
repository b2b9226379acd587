// The desktop bridge: what a browser cannot do, over fixed named channels. Pure (types and names only).

/** Every IPC channel the main process answers; one preload function per channel. */
export const IpcChannel = {
  openFiles: 'dialog:open-files',
  revealInFolder: 'file:reveal',
  updateState: 'updates:state',
  checkForUpdates: 'updates:check',
  restartToUpdate: 'updates:restart',
} as const;

/** Messages the main process sends the window unasked (one listener function per event in the preload). */
export const IpcEvent = {
  updateStateChanged: 'updates:state-changed',
} as const;

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];

export interface IpcError {
  code: 'invalid_argument' | 'not_found' | 'forbidden' | 'internal';
  message: string;
}

/** Errors thrown across IPC lose their fields, so handlers answer with this envelope instead. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface OpenFilesOptions {
  title?: string;
  /** Allow choosing several files (default false). */
  multiple?: boolean;
  filters?: FileFilter[];
}

/**
 * Where the desktop app's updater stands. `ready`: downloaded and verified; `jobsRunning` holds the restart back until
 * the service has no unfinished job.
 */
export type UpdateState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'downloading'; percent: number }
  | { status: 'ready'; version: string; jobsRunning: boolean }
  /** `rejected`: a download failed its checksum or signature check and was deleted. */
  | { status: 'error'; message: string; rejected: boolean };

/** The setting (in the service's settings table, PUT /v1/settings) the desktop app reads before each update check. */
export const UPDATE_CHECK_SETTING = 'check_for_updates';
/** On unless turned off: a service that never stored the setting checks. */
export const isUpdateCheckOn = (stored: string | undefined): boolean => stored !== 'false';

/** Request and answer types per channel, so main and preload cannot drift apart. */
export interface IpcContract {
  [IpcChannel.openFiles]: { request: OpenFilesOptions; response: string[] };
  [IpcChannel.revealInFolder]: { request: string; response: void };
  [IpcChannel.updateState]: { request: void; response: UpdateState };
  [IpcChannel.checkForUpdates]: { request: void; response: UpdateState };
  /** Refused (invalid_argument) unless an update is ready and no job runs. */
  [IpcChannel.restartToUpdate]: { request: void; response: void };
}

/** What the preload exposes as `window.dubdesk`; absent when the GUI runs in a plain browser. */
export interface DesktopBridge {
  readonly isDesktop: true;
  /** Native open dialog; absolute paths of the chosen files, empty when cancelled. */
  openFiles(options?: OpenFilesOptions): Promise<IpcResult<string[]>>;
  /** Shows the file selected in the system file manager. */
  revealInFolder(path: string): Promise<IpcResult<void>>;
  /** Absolute path of a dropped or chosen File; '' for files that do not come from disk. */
  pathForFile(file: File): string;
  /** The updater's state now; onUpdateState tells each change and returns a function that stops listening. */
  updateState(): Promise<IpcResult<UpdateState>>;
  onUpdateState(listener: (state: UpdateState) => void): () => void;
  checkForUpdates(): Promise<IpcResult<UpdateState>>;
  /** Closes the service (running jobs are checkpointed), installs the downloaded update and starts it. */
  restartToUpdate(): Promise<IpcResult<void>>;
}

declare global {
  interface Window {
    dubdesk?: DesktopBridge;
  }
}
