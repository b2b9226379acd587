import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DubDeskError } from '../../shared/errors.js';
import type { FileStore } from './file-store.js';

/** Where a `*_url` field of a create request points. */
export type InputUrl =
  { kind: 'upload'; fileId: string } | { kind: 'local'; path: string } | { kind: 'remote'; url: string };

export type LocalInputUrl = Exclude<InputUrl, { kind: 'remote' }>;

export interface ClassifyOptions {
  /** The service's own base URL, e.g. http://127.0.0.1:7860. */
  baseUrl: string;
  /** The request field, named in error messages. */
  field?: string;
  /**
   * Whether `token` is one this installation signed for `fileId` (expired or not). Such a URL names our upload
   * whatever address it was given through: another service on the shared database, or the service this data was
   * moved from (`dubdesk import-data`).
   */
  ownsFileUrl?(fileId: string, token: string | null): boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Sorts an input URL into an upload of ours, a local file or a remote download; anything else is invalid_request. */
export function classifyInputUrl(url: string, { baseUrl, field = 'url', ownsFileUrl }: ClassifyOptions): InputUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DubDeskError('invalid_request', `'${field}' is not a valid URL: ${url}`);
  }

  if (parsed.protocol === 'file:') return { kind: 'local', path: localPathOf(url, parsed, field) };
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new DubDeskError(
      'invalid_request',
      `'${field}' must be an http(s) URL, a file:// URL or a URL from POST ` +
        `/v1/files; ${parsed.protocol.slice(0, -1)} URLs are not supported.`,
    );
  }

  const signedId = /\/v1\/files\/([A-Za-z0-9_-]+)$/.exec(parsed.pathname)?.[1];
  if (signedId && ownsFileUrl?.(signedId, parsed.searchParams.get('token')))
    return { kind: 'upload', fileId: signedId };
  const base = new URL(baseUrl);
  if (!sameService(parsed, base)) return { kind: 'remote', url: parsed.href };
  const prefix = `${base.pathname.replace(/\/+$/, '')}/v1/files/`;
  const fileId = parsed.pathname.startsWith(prefix) ? parsed.pathname.slice(prefix.length) : '';
  if (!/^[A-Za-z0-9_-]+$/.test(fileId)) {
    throw new DubDeskError(
      'invalid_request',
      `'${field}' points at this DubDesk service but not at an uploaded file (${prefix}<file_id>).`,
    );
  }
  return { kind: 'upload', fileId };
}

function localPathOf(raw: string, parsed: URL, field: string): string {
  // new URL('file:clip.mp4') silently makes a relative path absolute; only file:///... names a path exactly.
  if (!/^file:\/\/(localhost)?\//i.test(raw)) {
    throw new DubDeskError(
      'invalid_request',
      `'${field}' must be an absolute file URL such as file:///home/me/clip.mp4.`,
    );
  }
  let localPath: string;
  try {
    localPath = fileURLToPath(parsed);
  } catch (error) {
    throw new DubDeskError('invalid_request', `'${field}' is not a usable file URL: ${(error as Error).message}`);
  }
  if (!path.isAbsolute(localPath)) throw new DubDeskError('invalid_request', `'${field}' must name an absolute path.`);
  return localPath;
}

/** Same scheme and port, and the same host or both loopback names (localhost and 127.0.0.1 are one service). */
function sameService(url: URL, base: URL): boolean {
  if (url.protocol !== base.protocol || url.port !== base.port) return false;
  const host = url.hostname.toLowerCase();
  const baseHost = base.hostname.toLowerCase();
  return host === baseHost || (isLoopback(host) && isLoopback(baseHost));
}

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The absolute path of a local or uploaded input (an upload's local copy with shared storage), or not_found when it is gone. */
export async function resolveLocalInput(
  input: LocalInputUrl,
  files: Pick<FileStore, 'get' | 'localPath'>,
): Promise<string> {
  if (input.kind === 'upload') {
    const record = await files.get(input.fileId);
    if (!record)
      throw new DubDeskError(
        'not_found',
        `Uploaded file ${input.fileId} does not exist; upload it again with POST /v1/files.`,
      );
    try {
      return await files.localPath(record);
    } catch (error) {
      if (error instanceof DubDeskError && error.code === 'not_found') {
        throw new DubDeskError('not_found', `Uploaded file ${input.fileId} does not exist any more; upload it again.`, {
          cause: error,
        });
      }
      throw error;
    }
  }
  if (!(await isFile(input.path)))
    throw new DubDeskError('not_found', `The file ${input.path} does not exist or is not a regular file.`);
  return input.path;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}
