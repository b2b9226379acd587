// Exposes one named function per IPC channel to the GUI, and nothing else of Node or Electron.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { IpcChannel, type DesktopBridge, type IpcResult, type OpenFilesOptions } from '../shared/ipc.js';

const bridge: DesktopBridge = {
  isDesktop: true,
  openFiles: (options?: OpenFilesOptions): Promise<IpcResult<string[]>> =>
    ipcRenderer.invoke(IpcChannel.openFiles, options ?? {}),
  revealInFolder: (path: string): Promise<IpcResult<void>> => ipcRenderer.invoke(IpcChannel.revealInFolder, path),
  // With context isolation File.path is gone; only the preload can ask Electron for a dropped file's path.
  pathForFile: (file: File): string => webUtils.getPathForFile(file),
};

contextBridge.exposeInMainWorld('dubdesk', bridge);
