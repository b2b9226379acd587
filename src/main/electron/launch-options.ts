// Pure: the few command-line options the desktop app understands (the same spelling as `dubdesk serve`).

export interface LaunchOptions {
  port?: number;
  dataDir?: string;
}

/** Reads `--port N`, `--port=N`, `--data-dir D`, `--data-dir=D`; ignores everything else (Chromium switches, file paths). */
export function parseLaunchOptions(args: readonly string[]): LaunchOptions {
  const options: LaunchOptions = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag !== '--port' && flag !== '--data-dir') continue;
    const value = inline ?? args[++i];
    if (value === undefined) throw new Error(`${flag} needs a value.`);
    if (flag === '--data-dir') options.dataDir = value;
    else {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error(`--port must be a number from 0 to 65535, not '${value}'.`);
      options.port = port;
    }
  }
  return options;
}

/** True for the error a listen() gives when another process holds the port. */
export function isAddressInUse(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === 'EADDRINUSE') return true;
    if (String((e as { message?: unknown }).message ?? '').includes('EADDRINUSE')) return true;
  }
  return false;
}
