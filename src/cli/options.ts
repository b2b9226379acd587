import { parseArgs } from 'node:util';
import { resolveConfig, type DubDeskConfig } from '../main/config.js';

/** Flags every service-owning command shares; the environment (DUBDESK_*) fills what is not given. */
export const SERVICE_FLAGS = {
  'data-dir': { type: 'string' },
  database: { type: 'string' },
  storage: { type: 'string' },
  workers: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'api-key': { type: 'string' },
  'webhook-secret': { type: 'string' },
  concurrency: { type: 'string' },
  ffmpeg: { type: 'string' },
  ffprobe: { type: 'string' },
  headless: { type: 'boolean' },
  'refuse-private-addresses': { type: 'boolean' },
} as const;

export class UsageError extends Error {}

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new UsageError(`--${flag} must be a whole number, got '${value}'.`);
  return number;
}

export function parseFlags<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(
  args: string[],
  flags: T,
) {
  try {
    return parseArgs({ args, options: flags, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--database` must name PostgreSQL (the data folder's SQLite file needs no flag). */
export function databaseUrlFlag(value: string | undefined): string | undefined {
  if (value !== undefined && !/^postgres(ql)?:\/\//.test(value))
    throw new UsageError(
      "--database must be a postgres:// URL (without it, the data folder's SQLite database is used).",
    );
  return value;
}

export function configFromFlags(values: Record<string, string | boolean | undefined>): DubDeskConfig {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const workers = positiveInteger('workers', text('workers'));
  if (workers !== undefined && text('concurrency') !== undefined)
    throw new UsageError('--workers and --concurrency say the same thing (jobs run at once here); give one.');
  const concurrency = workers ?? positiveInteger('concurrency', text('concurrency'));
  const databaseUrl = databaseUrlFlag(text('database'));
  if (concurrency === 0 && !(databaseUrl ?? process.env.DUBDESK_DATABASE_URL)) {
    throw new UsageError(
      '--workers 0 runs no jobs here, which needs workers elsewhere: only with --database (a shared PostgreSQL).',
    );
  }
  return resolveConfig({
    dataDir: text('data-dir'),
    databaseUrl,
    storage: text('storage'),
    host: text('host'),
    port: positiveInteger('port', text('port')),
    apiKey: text('api-key'),
    webhookSecret: text('webhook-secret'),
    concurrency,
    ffmpegPath: text('ffmpeg'),
    ffprobePath: text('ffprobe'),
    refusePrivateAddresses: values['refuse-private-addresses'] === true ? true : undefined,
  });
}
