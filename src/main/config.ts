import os from 'node:os';
import path from 'node:path';

/** Everything a DubDesk service needs to start; CLI flags, environment and the desktop app fill it. */
export interface DubDeskConfig {
  dataDir: string;
  /**
   * The address to listen on. A specific one is also the base of every URL handed out; 0.0.0.0 or :: (every interface)
   * makes URLs name the address each request came to (docs/api.md "URLs").
   */
  host: string;
  port: number;
  /** An admin key chosen by the user, valid for this run only: checked in memory, never stored. */
  apiKey?: string;
  webhookSecret?: string;
  /** Jobs run at once; each media job already uses several threads inside ffmpeg. */
  concurrency: number;
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Most jobs that may wait in the queue before creates answer 429 rate_limited. */
  maxQueuedJobs: number;
  /** Largest upload or remote download accepted, in bytes. */
  maxInputBytes: number;
  /** Dubbed audio's integrated loudness target, LUFS (EBU R128). */
  loudnessLufs: number;
  /** Largest time-stretch of a dubbed line before the timing fit slows the video or flags the line. */
  maxStretch: number;
  /** Fetched inputs and callbacks also refuse private addresses (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7). */
  refusePrivateAddresses: boolean;
  /** better-sqlite3 addon for a runtime other than this Node (the desktop window in a dev checkout). */
  sqliteNativeBinding?: string;
  /** A PostgreSQL database (postgres://…) instead of the data folder's SQLite file (scale-out; see docs/architecture.md). */
  databaseUrl?: string;
  /**
   * Shared storage for inputs, results and stage outputs (`s3://bucket/prefix` or a shared folder; scale-out),
   * instead of the data folder.
   */
  storage?: string;
  /** The job kinds this process's workers take (`dubdesk worker --kinds`, PostgreSQL only); all when unset. */
  workerKinds?: string[];
}

export const DEFAULT_PORT = 7860;

/** The same folder the desktop app's `app.getPath('userData')` uses, so CLI, service and window share data. */
export function defaultDataDir(platform = process.platform, env = process.env, home = os.homedir()): string {
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'DubDesk');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'DubDesk');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'DubDesk');
}

export function defaultConcurrency(cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

export function resolveConfig(partial: Partial<DubDeskConfig> = {}, env = process.env): DubDeskConfig {
  return {
    dataDir: path.resolve(partial.dataDir ?? env.DUBDESK_DATA_DIR ?? defaultDataDir()),
    host: partial.host ?? env.DUBDESK_HOST ?? '127.0.0.1',
    port: partial.port ?? (env.DUBDESK_PORT ? Number(env.DUBDESK_PORT) : DEFAULT_PORT),
    apiKey: partial.apiKey ?? env.DUBDESK_API_KEY ?? undefined,
    databaseUrl: partial.databaseUrl ?? (env.DUBDESK_DATABASE_URL || undefined),
    storage: partial.storage ?? (env.DUBDESK_STORAGE || undefined),
    workerKinds: partial.workerKinds,
    webhookSecret: partial.webhookSecret ?? env.DUBDESK_WEBHOOK_SECRET ?? undefined,
    concurrency:
      partial.concurrency ?? (env.DUBDESK_CONCURRENCY ? Number(env.DUBDESK_CONCURRENCY) : defaultConcurrency()),
    ffmpegPath: partial.ffmpegPath ?? env.DUBDESK_FFMPEG ?? undefined,
    ffprobePath: partial.ffprobePath ?? env.DUBDESK_FFPROBE ?? undefined,
    maxQueuedJobs: partial.maxQueuedJobs ?? 1000,
    maxInputBytes: partial.maxInputBytes ?? 20 * 1024 ** 3,
    loudnessLufs: partial.loudnessLufs ?? (env.DUBDESK_LOUDNESS_LUFS ? Number(env.DUBDESK_LOUDNESS_LUFS) : -16),
    maxStretch: partial.maxStretch ?? (env.DUBDESK_MAX_STRETCH ? Number(env.DUBDESK_MAX_STRETCH) : 1.3),
    sqliteNativeBinding: partial.sqliteNativeBinding,
    refusePrivateAddresses:
      partial.refusePrivateAddresses ??
      ['1', 'true', 'yes'].includes((env.DUBDESK_REFUSE_PRIVATE_ADDRESSES ?? '').toLowerCase()),
  };
}

/** Where each kind of data lives inside the data dir. */
export interface DataPaths {
  root: string;
  database: string;
  files: string;
  jobs: string;
  /** Each editable project's own files (its synthesized lines, previews): `projects/<project_id>/`. */
  projects: string;
  models: string;
  /** The service log (`service.log`, rotated by size). */
  logs: string;
  /** With shared storage: local copies of stored files (`cache/files/<id>/<name>`) and what each work folder shared. */
  cache: string;
  lockFile: string;
}

export function dataPaths(dataDir: string): DataPaths {
  return {
    root: dataDir,
    database: path.join(dataDir, 'dubdesk.db'),
    files: path.join(dataDir, 'files'),
    jobs: path.join(dataDir, 'jobs'),
    projects: path.join(dataDir, 'projects'),
    models: path.join(dataDir, 'models'),
    logs: path.join(dataDir, 'logs'),
    cache: path.join(dataDir, 'cache'),
    lockFile: path.join(dataDir, 'service.lock'),
  };
}

export function jobWorkDir(paths: DataPaths, taskId: string): string {
  return path.join(paths.jobs, taskId);
}
