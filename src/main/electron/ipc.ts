import fs from 'node:fs';
import path from 'node:path';
import { BrowserWindow, dialog, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import {
  IpcChannel,
  type IpcContract,
  type IpcError,
  type IpcResult,
  type OpenFilesOptions,
} from '../../shared/ipc.js';
import type { UpdateController } from './updates/update-controller.js';

type Handler<C extends keyof IpcContract> = (
  request: IpcContract[C]['request'],
  event: IpcMainInvokeEvent,
) => Promise<IpcContract[C]['response']>;

class IpcFailure extends Error {
  constructor(
    readonly code: IpcError['code'],
    message: string,
  ) {
    super(message);
  }
}

function toIpcError(error: unknown): IpcError {
  if (error instanceof IpcFailure) return { code: error.code, message: error.message };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

function checkOpenFilesOptions(value: unknown): OpenFilesOptions {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object') throw new IpcFailure('invalid_argument', 'Options must be an object.');
  const { title, multiple, filters } = value as Record<string, unknown>;
  if (title !== undefined && typeof title !== 'string')
    throw new IpcFailure('invalid_argument', 'title must be a string.');
  if (multiple !== undefined && typeof multiple !== 'boolean')
    throw new IpcFailure('invalid_argument', 'multiple must be true or false.');
  const validFilters =
    filters === undefined ||
    (Array.isArray(filters) &&
      filters.every(
        (f) =>
          f &&
          typeof f.name === 'string' &&
          Array.isArray(f.extensions) &&
          f.extensions.every((e: unknown) => typeof e === 'string'),
      ));
  if (!validFilters) throw new IpcFailure('invalid_argument', 'filters must be a list of {name, extensions}.');
  return { title, multiple, filters: filters as OpenFilesOptions['filters'] };
}

/** Every channel's handler; the update channels answer from the update controller. */
const handlersFor = (updates: UpdateController): { [C in keyof IpcContract]: Handler<C> } => ({
  async [IpcChannel.openFiles](request, event) {
    const options = checkOpenFilesOptions(request);
    const properties: Array<'openFile' | 'multiSelections'> = options.multiple
      ? ['openFile', 'multiSelections']
      : ['openFile'];
    const dialogOptions = { title: options.title, filters: options.filters, properties };
    const owner = BrowserWindow.fromWebContents(event.sender);
    const result = owner
      ? await dialog.showOpenDialog(owner, dialogOptions)
      : await dialog.showOpenDialog(dialogOptions);
    return result.canceled ? [] : result.filePaths;
  },
  async [IpcChannel.revealInFolder](request) {
    if (typeof request !== 'string' || !path.isAbsolute(request))
      throw new IpcFailure('invalid_argument', 'An absolute file path is required.');
    if (!fs.existsSync(request)) throw new IpcFailure('not_found', `${request} does not exist.`);
    shell.showItemInFolder(request);
  },
  async [IpcChannel.updateState]() {
    return updates.state();
  },
  async [IpcChannel.checkForUpdates]() {
    // Answered at once: a download may take minutes, and its progress comes as updates:state-changed events.
    void updates.checkNow();
    return updates.state();
  },
  async [IpcChannel.restartToUpdate]() {
    if (!(await updates.restart()))
      throw new IpcFailure('invalid_argument', 'No update is ready, or jobs are still running: it waits for them.');
  },
});

/**
 * Answers the named channels, only for frames of the GUI origin, always with an IpcResult envelope.
 * Returns a function that removes the handlers.
 */
export function registerIpcHandlers(guiOrigin: string, updates: UpdateController): () => void {
  const handlers = handlersFor(updates);
  const channels = Object.keys(handlers) as Array<keyof IpcContract>;
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, request: unknown): Promise<IpcResult<unknown>> => {
      const frameUrl = event.senderFrame?.url;
      if (!frameUrl || new URL(frameUrl).origin !== guiOrigin) {
        return { ok: false, error: { code: 'forbidden', message: 'Only the DubDesk window may use this channel.' } };
      }
      try {
        const handler = handlers[channel] as (request: unknown, event: IpcMainInvokeEvent) => Promise<unknown>;
        return { ok: true, value: await handler(request, event) };
      } catch (error) {
        return { ok: false, error: toIpcError(error) };
      }
    });
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}
