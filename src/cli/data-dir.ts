// Which data folder an admin command (tasks, keys, webhook-secret, models) reads, and why, so it never
// silently reads a different folder than the service the user is running.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../main/config.js';
import { listRunningServices, runningServicesDir, type RunningServiceEntry } from '../main/running-services.js';

export interface DataDirChoice {
  dataDir: string;
  /** Said on stderr after the folder, e.g. "the running service's". */
  why: string;
}

/** Pure: the --data-dir flag, then DUBDESK_DATA_DIR, then the one running service's folder, then the default. */
export function chooseDataDir(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  running: readonly RunningServiceEntry[],
  fallback: string,
): DataDirChoice {
  if (flag !== undefined) return { dataDir: path.resolve(flag), why: 'from --data-dir' };
  if (env.DUBDESK_DATA_DIR) return { dataDir: path.resolve(env.DUBDESK_DATA_DIR), why: 'from DUBDESK_DATA_DIR' };
  const folders = [...new Set(running.map((entry) => path.resolve(entry.dataDir)))];
  if (folders.length === 1) return { dataDir: folders[0], why: `the running service's, ${running[0].url}` };
  const dataDir = path.resolve(fallback);
  if (folders.length === 0) return { dataDir, why: 'the default; no DubDesk service is running' };
  const others = folders.filter((folder) => folder !== dataDir);
  return { dataDir, why: `the default; services are also running on ${others.join(', ')}: pass --data-dir to choose` };
}

/** The folder an admin command reads, from the flag, the environment or the running services. */
export function resolveCliDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): DataDirChoice {
  return chooseDataDir(flag, env, listRunningServices(runningServicesDir(env)), defaultDataDir(process.platform, env));
}

/** Resolves, and says on stderr which folder is read unless the user named it with --data-dir. */
export function cliDataDir(
  flag: string | undefined,
  err: NodeJS.WritableStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const choice = resolveCliDataDir(flag, env);
  if (flag === undefined) err.write(`Data folder: ${choice.dataDir} (${choice.why})\n`);
  return choice.dataDir;
}

/** The checkout's or package's `bin/dubdesk.js`, found upward from this module (bundled or not). */
export function findCliBin(from = fileURLToPath(import.meta.url)): string | undefined {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'bin', 'dubdesk.js');
    if (existsSync(bin) && existsSync(path.join(dir, 'package.json'))) return bin;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Pure: the command line a user can paste to list this service's tasks, e.g. `./bin/dubdesk.js tasks --data-dir /x`. */
export function cliCommandLine(bin: string | undefined, cwd: string, dataDir: string): string {
  let program = 'dubdesk';
  if (bin) {
    const relative = path.relative(cwd, bin);
    program =
      relative && !relative.startsWith('..') && !path.isAbsolute(relative)
        ? `./${relative.split(path.sep).join('/')}`
        : bin;
  }
  return [program, 'tasks', '--data-dir', dataDir].map(shellWord).join(' ');
}
