import { BrowserWindow, shell } from 'electron';

export interface MainWindowOptions {
  /** The GUI address on the local service, with the session key in its fragment. */
  url: string;
  preload: string;
}

/** Only http(s) links may leave the app, and they open in the user's browser. */
function openExternally(url: string): void {
  const protocol = new URL(url).protocol;
  if (protocol === 'https:' || protocol === 'http:') void shell.openExternal(url);
}

/** The one window: the renderer served by the local service, isolated from Node. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const origin = new URL(options.url).origin;
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    title: 'DubDesk',
    show: false,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });

  const contents = window.webContents;
  // The window shows the service's pages and nothing else: other origins go to the browser.
  contents.on('will-navigate', (event, url) => {
    if (new URL(url).origin === origin) return;
    event.preventDefault();
    openExternally(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (new URL(url).origin !== origin) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(permission === 'fullscreen' || permission === 'clipboard-sanitized-write');
  });

  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
