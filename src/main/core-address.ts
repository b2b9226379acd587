import type { DubDeskConfig } from './config.js';
import type { FileUrlSigner } from './files/signed-urls.js';
import type { ResultUrlOf } from './queue/status-record.js';
import type { SettingsCache } from './store/settings-cache.js';
import { projectUrl } from '../shared/schemas/projects.js';

/** The setting where a service on a shared database records its address, for workers' result links. */
const SERVICE_URL_SETTING = 'service_url';

/** The address this process hands out in URLs (result files, uploads, projects). */
export interface ServiceAddress {
  baseUrl(): string;
  /** The address this service listens on, once setBaseUrl was called. */
  listeningUrl(): string | undefined;
  setBaseUrl(url: string): Promise<void>;
  fileUrl(fileId: string): string;
  readonly resultUrls: ResultUrlOf;
  /** Result URLs under another base (the address a request came to); the service's own when undefined. */
  resultUrlsAt(baseUrl: string | undefined): ResultUrlOf;
}

/**
 * A service knows its own address once it listens; a worker without HTTP links results to the service's address,
 * which the service records in the shared settings (callbacks a worker queues carry result URLs).
 */
export function createServiceAddress(
  config: DubDeskConfig,
  settings: SettingsCache,
  signer: FileUrlSigner,
): ServiceAddress {
  let listening: string | undefined;
  const baseUrl = () => listening ?? settings.get(SERVICE_URL_SETTING) ?? `http://${config.host}:${config.port}`;
  const fileUrl = (fileId: string) => signer.fileUrl(baseUrl(), fileId);
  const resultUrls: ResultUrlOf = { file: fileUrl, project: (projectId) => projectUrl(baseUrl(), projectId) };
  return {
    baseUrl,
    listeningUrl: () => listening,
    async setBaseUrl(url) {
      listening = url.replace(/\/+$/, '');
      if (config.databaseUrl) await settings.set(SERVICE_URL_SETTING, listening);
    },
    fileUrl,
    resultUrls,
    resultUrlsAt: (base) =>
      base === undefined
        ? resultUrls
        : { file: (fileId) => signer.fileUrl(base, fileId), project: (projectId) => projectUrl(base, projectId) },
  };
}
