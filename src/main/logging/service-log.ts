// The service log: structured pino lines in <data>/logs/service.log, rotated by size, with secrets scrubbed before they reach the disk.
import { pino, type Logger } from 'pino';
import { openRotatingFile } from './rotating-file.js';

export const SERVICE_LOG_NAME = 'service.log';
export const SERVICE_LOG_MAX_BYTES = 10 * 1024 * 1024;
export const SERVICE_LOG_KEEP = 5;

export interface ServiceLogOptions {
  /** Folder of the log files (the data folder's `logs`). */
  dir: string;
  maxBytes?: number;
  keep?: number;
  level?: pino.Level;
}

export interface ServiceLog {
  readonly logger: Logger;
  /** Absolute path of the current log file (the one a user should open). */
  readonly file: string;
  /** A value that must never appear in the log (a webhook secret, an API key); every later line is scrubbed of it. */
  addSecret(value: string | undefined): void;
  close(): Promise<void>;
}

const REDACTED = '[redacted]';

// Structured fields that hold credentials, wherever a caller puts them.
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'authorization',
  'apiKey',
  'api_key',
  'key',
  'secret',
  'webhookSecret',
  'webhook_secret',
  'token',
  '*.apiKey',
  '*.api_key',
  '*.secret',
  '*.webhookSecret',
  '*.webhook_secret',
];

/** Removes credentials from one serialized line: bearer tokens, `key=`/`token=`/`secret=` query values, and known secret values. */
export function scrubSecrets(line: string, secrets: Iterable<string> = []): string {
  let clean = line
    .replace(/(Bearer\s+)[^\s",\\]+/gi, `$1${REDACTED}`)
    .replace(/([?&](?:key|token|api_key|secret)=)[^&#\s"\\]+/gi, `$1${REDACTED}`);
  for (const secret of secrets) {
    if (secret) clean = clean.split(secret).join(REDACTED);
  }
  return clean;
}

export function createServiceLog(options: ServiceLogOptions): ServiceLog {
  const target = openRotatingFile({
    dir: options.dir,
    name: SERVICE_LOG_NAME,
    maxBytes: options.maxBytes ?? SERVICE_LOG_MAX_BYTES,
    keep: options.keep ?? SERVICE_LOG_KEEP,
  });
  // Short values would scrub ordinary words out of every line; real keys and secrets are long.
  const secrets = new Set<string>();
  const logger = pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // The last step before the disk: whatever a message or an error embeds (URLs, headers) is scrubbed too.
      hooks: { streamWrite: (line) => scrubSecrets(line, secrets) },
    },
    target.stream,
  );
  return {
    logger,
    file: target.file,
    addSecret(value) {
      if (value && value.length >= 8) secrets.add(value);
    },
    close: () => target.close(),
  };
}
