// The desktop bridge: what a browser cannot do, over fixed named channels. Pure (types and names only).

/** Every IPC channel the main process answers; one preload function per channel. */
export const IpcChannel = {
  openFiles: 'dialog:open-files',
  revealInFolder: 'file:reveal',
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

/** Request and answer types per channel, so main and preload cannot drift apart. */
export interface IpcContract {
  [IpcChannel.openFiles]: { request: OpenFilesOptions; response: string[] };
  [IpcChannel.revealInFolder]: { request: string; response: void };
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
}

declare global {
  interface Window {
    dubdesk?: DesktopBridge;
  }
}
