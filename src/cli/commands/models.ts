// `dubdesk models list|install|remove`: a thin shell over the model store.
import path from 'node:path';
import { toDubDeskError } from '../../shared/errors.js';
import { requireUsed } from '../../main/models/catalogue.js';
import type { InstallEvent, ModelRecord, ModelStore } from '../../main/models/model-store.js';

export const MODELS_USAGE = `Usage:
  dubdesk models list                       List the catalogue and what is installed
  dubdesk models install <id>               Download and install a model
  dubdesk models install <id> --from <path> Install from a local file or folder instead
  dubdesk models remove <id>                Delete an installed model
`;

export type ModelsArgs =
  | { command: 'list' }
  | { command: 'install'; id: string; from?: string }
  | { command: 'remove'; id: string }
  | { command: 'help' }
  | { command: 'invalid'; reason: string };

/** Pure: parses the words after `dubdesk models`. */
export function parseModelsArgs(args: string[]): ModelsArgs {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h')
    return { command: 'help' };
  if (command === 'list')
    return rest.length === 0
      ? { command: 'list' }
      : { command: 'invalid', reason: `'list' takes no arguments; got ${rest.join(' ')}.` };
  if (command === 'remove') {
    return rest.length === 1 && !rest[0].startsWith('-')
      ? { command: 'remove', id: rest[0] }
      : { command: 'invalid', reason: "'remove' takes exactly one model id." };
  }
  if (command === 'install') {
    let id: string | undefined;
    let from: string | undefined;
    for (let i = 0; i < rest.length; i += 1) {
      const word = rest[i];
      if (word === '--from') {
        from = rest[i + 1];
        if (from === undefined) return { command: 'invalid', reason: "'--from' needs a path." };
        i += 1;
      } else if (word.startsWith('--from=')) {
        from = word.slice('--from='.length);
      } else if (word.startsWith('-')) {
        return { command: 'invalid', reason: `Unknown option ${word}.` };
      } else if (id === undefined) {
        id = word;
      } else {
        return { command: 'invalid', reason: `Unexpected argument ${word}.` };
      }
    }
    if (!id) return { command: 'invalid', reason: "'install' needs a model id (see `dubdesk models list`)." };
    return from !== undefined ? { command: 'install', id, from } : { command: 'install', id };
  }
  return { command: 'invalid', reason: `Unknown command '${command}'.` };
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

function stateOf(record: ModelRecord): string {
  if (record.install && ['downloading', 'copying', 'verifying', 'extracting'].includes(record.install.state))
    return record.install.state;
  if (record.installed) return 'installed';
  if (!record.usedBy) return 'not used yet';
  if (record.install?.state === 'failed') return 'failed';
  return 'not installed';
}

/** Whether the model's terms allow commercial use, as the catalogue states it; '-' where nobody has reviewed them. */
function commercialOf(record: ModelRecord): string {
  return record.commercialUse ? record.commercialUse.replace('_', ' ') : '-';
}

/** Pure: the table `dubdesk models list` prints. */
export function formatModelTable(records: ModelRecord[]): string {
  const rows = [['ID', 'TASK', 'STATE', 'SIZE', 'COMMERCIAL', 'TITLE']];
  for (const r of records) {
    const size = r.installed && r.sizeOnDisk !== undefined ? formatBytes(r.sizeOnDisk) : `~${formatBytes(r.sizeBytes)}`;
    rows.push([r.id, r.task, stateOf(r), size, commercialOf(r), r.title]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return (
    rows
      .map((row) => row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]))).join('  '))
      .join('\n') + '\n'
  );
}

/** Pure: one progress line, e.g. "downloading encoder_model.onnx  12.0 MB / 80.0 MB  15%". */
export function formatProgressLine(event: InstallEvent): string {
  const total = event.totalBytes;
  const amount = total
    ? `${formatBytes(event.receivedBytes)} / ${formatBytes(total)}  ${Math.floor((event.receivedBytes / total) * 100)}%`
    : formatBytes(event.receivedBytes);
  return `${event.state}${event.file ? ` ${event.file}` : ''}  ${amount}`;
}

function progressPrinter(out: NodeJS.WritableStream) {
  const tty = (out as { isTTY?: boolean }).isTTY === true;
  let lastKey = '';
  let lastWidth = 0;
  return {
    update(event: InstallEvent) {
      const line = formatProgressLine(event);
      if (tty) {
        out.write(`\r${line.padEnd(lastWidth)}`);
        lastWidth = line.length;
        return;
      }
      // Without a terminal, one line per file and state plus every 10 %, so logs stay short.
      const tenth = event.totalBytes ? Math.floor((event.receivedBytes / event.totalBytes) * 10) : 0;
      const key = `${event.state}|${event.file ?? ''}|${tenth}`;
      if (key !== lastKey) out.write(`${line}\n`);
      lastKey = key;
    },
    end() {
      if (tty && lastWidth > 0) out.write('\n');
    },
  };
}

export async function modelsCommand(
  args: string[],
  store: ModelStore,
  out: NodeJS.WritableStream,
  options: { signal?: AbortSignal; cwd?: string } = {},
): Promise<number> {
  const parsed = parseModelsArgs(args);
  if (parsed.command === 'help') {
    out.write(MODELS_USAGE);
    return 0;
  }
  if (parsed.command === 'invalid') {
    out.write(`${parsed.reason}\n\n${MODELS_USAGE}`);
    return 2;
  }
  try {
    if (parsed.command === 'list') {
      out.write(formatModelTable(store.list()));
      return 0;
    }
    if (parsed.command === 'remove') {
      const { title } = store.get(parsed.id);
      await store.remove(parsed.id);
      out.write(`Removed ${title}.\n`);
      return 0;
    }
    const before = store.get(parsed.id);
    requireUsed(before);
    if (before.installed && parsed.from === undefined) {
      out.write(`${before.title} is already installed.\n`);
      return 0;
    }
    const printer = progressPrinter(out);
    const installOptions = { signal: options.signal, onProgress: (event: InstallEvent) => printer.update(event) };
    try {
      const record =
        parsed.from !== undefined
          ? await store.importFrom(parsed.id, path.resolve(options.cwd ?? process.cwd(), parsed.from), installOptions)
          : await store.install(parsed.id, installOptions);
      printer.end();
      out.write(`Installed ${record.title} (${formatBytes(record.sizeOnDisk ?? 0)}).\n`);
      return 0;
    } catch (error) {
      printer.end();
      throw error;
    }
  } catch (error) {
    const failure = toDubDeskError(error);
    out.write(`Error (${failure.code}): ${failure.message}\n`);
    return 1;
  }
}
