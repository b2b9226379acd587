import os from 'node:os';
import { BUILT_IN_KINDS } from '../../main/pipelines/kinds.js';
import { redactDatabaseUrl } from '../../main/store/postgres/pool.js';
import { startWorker } from '../../main/worker.js';
import { configFromFlags, parseFlags, UsageError } from '../options.js';
import { listenForStop } from '../stop-signals.js';

const WORKER_FLAGS = {
  'data-dir': { type: 'string' },
  database: { type: 'string' },
  storage: { type: 'string' },
  concurrency: { type: 'string' },
  kinds: { type: 'string' },
  ffmpeg: { type: 'string' },
  ffprobe: { type: 'string' },
  'webhook-secret': { type: 'string' },
  'refuse-private-addresses': { type: 'boolean' },
} as const;

/** `--kinds lipsync,translate`: known kinds, each once. */
export function parseKinds(
  value: string | undefined,
  known: readonly string[] = BUILT_IN_KINDS.map((kind) => kind.id),
): string[] | undefined {
  if (value === undefined) return undefined;
  const kinds = [
    ...new Set(
      value
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean),
    ),
  ];
  if (kinds.length === 0) throw new UsageError(`--kinds needs at least one kind: ${known.join(', ')}.`);
  const unknown = kinds.filter((kind) => !known.includes(kind));
  if (unknown.length > 0)
    throw new UsageError(
      `--kinds: unknown kind ${unknown.map((kind) => `'${kind}'`).join(', ')}; the kinds are ${known.join(', ')}.`,
    );
  return kinds;
}

/**
 * `dubdesk worker`: runs jobs from the shared PostgreSQL queue, with inputs and results on shared storage, until
 * SIGINT/SIGTERM/SIGHUP; a running job is handed back and resumes from its last finished stage, here or elsewhere.
 */
export async function workerCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseFlags(args, WORKER_FLAGS);
  const config = { ...configFromFlags(values), workerKinds: parseKinds(values.kinds) };
  if (!config.databaseUrl)
    throw new UsageError(
      'dubdesk worker takes jobs from a shared database: give --database postgres://… (or DUBDESK_DATABASE_URL).',
    );
  if (!config.storage)
    throw new UsageError(
      'dubdesk worker reads inputs and writes results on shared storage: give --storage ' +
        's3://bucket/prefix or a shared folder (or DUBDESK_STORAGE).',
    );
  if (config.concurrency < 1) throw new UsageError('--concurrency must be at least 1 for a worker.');
  const stop = listenForStop(out, 'finishing up (running jobs are handed back to the queue)...');
  let worker: Awaited<ReturnType<typeof startWorker>>;
  try {
    worker = await startWorker(config, { log: (line) => out.write(`${line}\n`) });
  } catch (error) {
    stop.dispose();
    throw error;
  }
  const kinds = config.workerKinds?.join(', ') ?? 'every kind';
  out.write(
    `DubDesk worker ${os.hostname()}:${process.pid} takes ${kinds}, ${config.concurrency} at ` +
      `a time, from ${redactDatabaseUrl(config.databaseUrl)} (storage ${config.storage}).\n`,
  );
  worker.core.serviceLog.logger.info(
    { kinds: config.workerKinds ?? null, concurrency: config.concurrency, version: worker.core.version },
    'DubDesk worker started',
  );
  await stop.requested;
  try {
    await worker.close();
    out.write('DubDesk worker stopped.\n');
  } finally {
    stop.drained();
  }
  return 0;
}
