// Exposes one named function per IPC channel to the GUI, and nothing else of Node or Electron.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import {
  IpcChannel,
  IpcEvent,
  type DesktopBridge,
  type IpcResult,
  type OpenFilesOptions,
  type UpdateState,
} from '../shared/ipc.js';

const bridge: DesktopBridge = {
  isDesktop: true,
  openFiles: (options?: OpenFilesOptions): Promise<IpcResult<string[]>> =>
    ipcRenderer.invoke(IpcChannel.openFiles, options ?? {}),
  revealInFolder: (path: string): Promise<IpcResult<void>> => ipcRenderer.invoke(IpcChannel.revealInFolder, path),
  // With context isolation File.path is gone; only the preload can ask Electron for a dropped file's path.
  pathForFile: (file: File): string => webUtils.getPathForFile(file),
  updateState: (): Promise<IpcResult<UpdateState>> => ipcRenderer.invoke(IpcChannel.updateState),
  onUpdateState(listener: (state: UpdateState) => void): () => void {
    // The page gets the state only, never the IpcRendererEvent (it would hand the page ipcRenderer's sender).
    const forward = (_event: unknown, state: UpdateState) => listener(state);
    ipcRenderer.on(IpcEvent.updateStateChanged, forward);
    return () => ipcRenderer.removeListener(IpcEvent.updateStateChanged, forward);
  },
  checkForUpdates: (): Promise<IpcResult<UpdateState>> => ipcRenderer.invoke(IpcChannel.checkForUpdates),
  restartToUpdate: (): Promise<IpcResult<void>> => ipcRenderer.invoke(IpcChannel.restartToUpdate),
};

contextBridge.exposeInMainWorld('dubdesk', bridge);
