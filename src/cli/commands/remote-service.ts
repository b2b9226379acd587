// Which running service a remote command talks to, with which key: flags, then the environment, then the registry.
import { listRunningServices, runningServicesDir, type RunningServiceEntry } from '../../main/running-services.js';
import { createDubDeskHttp, type DubDeskHttp } from '../../shared/api/http-client.js';
import { UsageError } from '../options.js';

export const REMOTE_FLAGS = {
  url: { type: 'string' },
  key: { type: 'string' },
} as const;

/** Pure: --url, then DUBDESK_URL, then the one running service; several running or none is a usage error. */
export function chooseServiceUrl(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  running: readonly RunningServiceEntry[],
): string {
  const url = flag ?? env.DUBDESK_URL;
  if (url) return url.replace(/\/+$/, '');
  const urls = [...new Set(running.map((entry) => entry.url))];
  if (urls.length === 1) return urls[0];
  if (urls.length === 0)
    throw new UsageError(
      'No DubDesk service is running here: start one (`dubdesk serve`) or pass --url (or set DUBDESK_URL).',
    );
  throw new UsageError(`Several DubDesk services are running (${urls.join(', ')}): pass --url to choose one.`);
}

/** Pure: --key, then DUBDESK_API_KEY; without one, says how to get one. */
export function chooseApiKey(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const key = flag ?? env.DUBDESK_API_KEY;
  if (key) return key;
  throw new UsageError(
    'No API key: pass --key or set DUBDESK_API_KEY. Create one with `dubdesk keys create --name scripts` (or on the Settings page).',
  );
}

export interface RemoteService {
  url: string;
  http: DubDeskHttp;
}

/** The typed client of the service the flags and environment name. */
export function remoteService(
  values: { url?: string; key?: string },
  env: NodeJS.ProcessEnv = process.env,
): RemoteService {
  const url = chooseServiceUrl(values.url, env, listRunningServices(runningServicesDir(env)));
  return { url, http: createDubDeskHttp({ baseUrl: url, apiKey: chooseApiKey(values.key, env) }) };
}
