import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import {
  connectTimeout,
  endedEarly,
  httpStatusFailure,
  idleTimeout,
  inputTooLarge,
  networkFailure,
  RETRY_TASK_RESUMES,
  tooManyRedirects,
  unsupportedRedirect,
  displayUrl,
  addressRefused,
} from './download-failures.js';
import { AddressRefusedError, checkLiteralHost, guardedLookup, type ConnectGuard } from './guarded-lookup.js';
import { fileNameFromContentDisposition, fileNameFromUrl, sanitizeFileName } from './file-names.js';
import { parseContentRange } from './http-range.js';
import { normalizeMime } from './mime-types.js';

export interface DownloadProgress {
  bytes: number;
  totalBytes: number | null;
}

export interface FetchToFileOptions {
  signal?: AbortSignal;
  /** Largest file accepted; more fails with payload_too_large. */
  maxBytes?: number;
  /** Longest wait for a connection and the response headers. */
  connectTimeoutMs?: number;
  /** Longest silence while the body streams. */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  /** Called when the body starts (with the size and any resumed bytes), at most every 250 ms while bytes arrive, and once at the end. */
  onProgress?: (progress: DownloadProgress) => void;
  userAgent?: string;
  /** The sentence that tells the user how to continue after a failure that kept the partial data. */
  resumeHint?: string;
  /**
   * Treat a file already at destPath as bytes an earlier attempt fetched: the server confirms it is whole (416)
   * or sends the rest, instead of sending it all again.
   */
  continueExisting?: boolean;
  /** Which addresses may be connected to (link-local and unspecified never are); checked at every redirect hop. */
  connectGuard?: ConnectGuard;
}

export interface FetchedFile {
  path: string;
  bytes: number;
  /** The server's Content-Type without parameters, or null. */
  contentType: string | null;
  /** A safe file name from Content-Disposition, else from the URL's last path segment, or null. */
  fileName: string | null;
}

/** Kept beside the .part file so a resume asks for the same resource and notices when it changed. */
interface PartMeta {
  url: string;
  etag: string | null;
  lastModified: string | null;
  contentType: string | null;
  fileName: string | null;
}

type Settings = Required<Omit<FetchToFileOptions, 'signal' | 'onProgress'>> &
  Pick<FetchToFileOptions, 'signal' | 'onProgress'>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const PROGRESS_INTERVAL_MS = 250;

/**
 * Downloads an http(s) URL to destPath through destPath + '.part', resuming a .part left by an earlier
 * attempt with a Range request, and renames it into place only when complete. Failures are download_failed
 * (4xx and redirect loops not retryable; 5xx and network retryable; a retryable failure keeps the .part),
 * or payload_too_large (the .part is removed).
 */
export async function fetchToFile(
  url: string,
  destPath: string,
  options: FetchToFileOptions = {},
): Promise<FetchedFile> {
  const settings: Settings = {
    maxBytes: Infinity,
    connectTimeoutMs: 30_000,
    idleTimeoutMs: 60_000,
    maxRedirects: 5,
    userAgent: 'DubDesk',
    resumeHint: RETRY_TASK_RESUMES,
    continueExisting: false,
    connectGuard: {},
    // An option passed as undefined keeps its default instead of becoming a 0 ms timeout.
    ...(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as FetchToFileOptions),
  };
  const partPath = `${destPath}.part`;
  const metaPath = `${destPath}.part.json`;
  try {
    settings.signal?.throwIfAborted();
    const start = new URL(url);
    if (start.protocol !== 'http:' && start.protocol !== 'https:') throw unsupportedRedirect(start, url);
    await mkdir(path.dirname(destPath), { recursive: true });
    if (settings.continueExisting) await adoptExisting(destPath, partPath, metaPath);
    return await download(start, destPath, partPath, metaPath, settings);
  } catch (error) {
    if (settings.signal?.aborted) throw settings.signal.reason;
    const failure = toDubDeskError(error);
    // A final failure makes the partial download useless; a retryable one keeps it for the resume.
    if (!failure.retryable) await discardPart(partPath, metaPath);
    throw failure;
  }
}

async function download(
  url: URL,
  destPath: string,
  partPath: string,
  metaPath: string,
  settings: Settings,
): Promise<FetchedFile> {
  let meta = await readMeta(metaPath);
  let offset = (await stat(partPath).catch(() => null))?.size ?? 0;
  if (offset > 0 && meta && meta.url !== url.href) {
    await discardPart(partPath, metaPath);
    offset = 0;
    meta = null;
  }

  for (let restarted = false; ; restarted = true) {
    const { response, finalUrl } = await openFollowingRedirects(url, requestHeaders(settings, offset, meta), settings);
    const status = response.statusCode ?? 0;

    if (offset > 0 && status === 416) {
      response.resume();
      // The earlier attempt got every byte and stopped just before the rename.
      if (parseContentRange(header(response, 'content-range'))?.total === offset) {
        settings.onProgress?.({ bytes: offset, totalBytes: offset });
        return complete(partPath, destPath, metaPath, {
          bytes: offset,
          contentType: meta?.contentType ?? null,
          fileName: meta?.fileName ?? null,
        });
      }
    } else if (status >= 400) {
      response.resume();
      throw httpStatusFailure(status, finalUrl);
    } else if (status !== 200 && status !== 206) {
      response.resume();
      throw new DubDeskError(
        'download_failed',
        `Downloading ${displayUrl(finalUrl)} failed: the server answered HTTP ${status}, which is not a file.`,
        {
          retryable: false,
        },
      );
    } else {
      const range = status === 206 ? parseContentRange(header(response, 'content-range')) : null;
      const resumes = status === 206 && offset > 0 && range?.start === offset;
      if (status === 200 || resumes || (range?.start === 0 && offset === 0)) {
        const from = resumes ? offset : 0;
        const length = contentLength(response);
        const total = status === 206 ? (range?.total ?? (length === null ? null : from + length)) : length;
        if (total !== null && total > settings.maxBytes) {
          response.destroy();
          throw inputTooLarge(finalUrl, settings.maxBytes);
        }
        const described = describeResponse(response, url, finalUrl, meta);
        if (!resumes) await writeMeta(metaPath, described);
        const bytes = await writeBody(response, partPath, from, total, finalUrl, settings);
        if (total !== null && bytes < total) throw endedEarly(finalUrl, bytes, total, settings.resumeHint);
        settings.onProgress?.({ bytes, totalBytes: total ?? bytes });
        return complete(partPath, destPath, metaPath, {
          bytes,
          contentType: described.contentType,
          fileName: described.fileName,
        });
      }
      response.destroy();
    }

    // The server cannot continue the .part (changed resource, odd range): start over once.
    if (restarted) {
      throw new DubDeskError(
        'download_failed',
        `Downloading ${displayUrl(finalUrl)} failed: the server's range answers do not fit together.`,
      );
    }
    await discardPart(partPath, metaPath);
    offset = 0;
    meta = null;
  }
}

function requestHeaders(settings: Settings, offset: number, meta: PartMeta | null): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    'user-agent': settings.userAgent,
    'accept-encoding': 'identity',
    accept: '*/*',
  };
  if (offset > 0) {
    headers.range = `bytes=${offset}-`;
    // If-Range makes a changed resource come back whole (200) instead of spliced onto old bytes.
    const validator = meta?.etag && !meta.etag.startsWith('W/') ? meta.etag : meta?.lastModified;
    if (validator) headers['if-range'] = validator;
  }
  return headers;
}

async function openFollowingRedirects(
  url: URL,
  headers: OutgoingHttpHeaders,
  settings: Settings,
): Promise<{ response: IncomingMessage; finalUrl: URL }> {
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const response = await openRequest(current, headers, settings);
    const location = header(response, 'location');
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || !location) return { response, finalUrl: current };
    response.resume();
    if (redirects >= settings.maxRedirects) throw tooManyRedirects(url, settings.maxRedirects);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw unsupportedRedirect(current, location);
    }
    // Only within the same scheme: an https download must not continue in clear text, nor leave http(s).
    if (next.protocol !== current.protocol) throw unsupportedRedirect(current, location);
    current = next;
  }
}

function openRequest(url: URL, headers: OutgoingHttpHeaders, settings: Settings): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    try {
      checkLiteralHost(url, settings.connectGuard.policy);
    } catch (error) {
      reject(addressRefused(url, error as AddressRefusedError));
      return;
    }
    const request = client.get(url, { headers, signal: settings.signal, lookup: guardedLookup(settings.connectGuard) });
    const timer = setTimeout(
      () => request.destroy(connectTimeout(url, settings.connectTimeoutMs)),
      settings.connectTimeoutMs,
    );
    request.once('response', (response) => {
      clearTimeout(timer);
      resolve(response);
    });
    // Stays attached: errors after the headers surface through the response body instead.
    request.on('error', (error) => {
      clearTimeout(timer);
      if (error instanceof AddressRefusedError) reject(addressRefused(url, error));
      else reject(error instanceof DubDeskError || settings.signal?.aborted ? error : networkFailure(url, error));
    });
  });
}

/** Appends (from > 0) or writes the body to the .part file; returns the .part's size when the body ended. */
async function writeBody(
  response: IncomingMessage,
  partPath: string,
  from: number,
  total: number | null,
  url: URL,
  settings: Settings,
): Promise<number> {
  const handle = await open(partPath, from > 0 ? 'a' : 'w');
  let bytes = from;
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdleTimer = (): void => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(
      () => response.destroy(idleTimeout(url, settings.idleTimeoutMs, bytes, settings.resumeHint)),
      settings.idleTimeoutMs,
    );
  };
  let lastProgressAt = 0;
  settings.onProgress?.({ bytes, totalBytes: total });
  armIdleTimer();
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      armIdleTimer();
      if (bytes + chunk.length > settings.maxBytes) throw inputTooLarge(url, settings.maxBytes);
      await writeFully(handle, chunk);
      bytes += chunk.length;
      if (settings.onProgress && Date.now() - lastProgressAt >= PROGRESS_INTERVAL_MS) {
        lastProgressAt = Date.now();
        settings.onProgress({ bytes, totalBytes: total });
      }
    }
    await handle.datasync();
    return bytes;
  } catch (error) {
    if (error instanceof DubDeskError || settings.signal?.aborted) throw error;
    if ((error as NodeJS.ErrnoException).syscall === 'write' || (error as NodeJS.ErrnoException).code === 'ENOSPC')
      throw error;
    throw total !== null ? endedEarly(url, bytes, total, settings.resumeHint) : networkFailure(url, error);
  } finally {
    clearTimeout(idleTimer);
    response.destroy();
    await handle.close();
  }
}

async function writeFully(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

async function complete(
  partPath: string,
  destPath: string,
  metaPath: string,
  result: Omit<FetchedFile, 'path'>,
): Promise<FetchedFile> {
  await rename(partPath, destPath);
  await rm(metaPath, { force: true });
  return { path: destPath, ...result };
}

function describeResponse(
  response: IncomingMessage,
  requestedUrl: URL,
  finalUrl: URL,
  previous: PartMeta | null,
): PartMeta {
  const suggested =
    fileNameFromContentDisposition(header(response, 'content-disposition')) ??
    fileNameFromUrl(finalUrl) ??
    fileNameFromUrl(requestedUrl);
  return {
    url: requestedUrl.href,
    etag: header(response, 'etag') ?? null,
    lastModified: header(response, 'last-modified') ?? null,
    contentType: normalizeMime(header(response, 'content-type')) ?? previous?.contentType ?? null,
    fileName: suggested ? sanitizeFileName(suggested) : (previous?.fileName ?? null),
  };
}

function header(response: IncomingMessage, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function contentLength(response: IncomingMessage): number | null {
  const value = header(response, 'content-length');
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

async function readMeta(metaPath: string): Promise<PartMeta | null> {
  try {
    return JSON.parse(await readFile(metaPath, 'utf8')) as PartMeta;
  } catch {
    return null;
  }
}

async function writeMeta(metaPath: string, meta: PartMeta): Promise<void> {
  await writeFile(metaPath, JSON.stringify(meta));
}

/** Makes the file at destPath the .part (its validators are unknown, so no stale .part.json may vouch for it). */
async function adoptExisting(destPath: string, partPath: string, metaPath: string): Promise<void> {
  const existing = await stat(destPath).catch(() => null);
  if (!existing?.isFile()) return;
  await rm(metaPath, { force: true });
  await rename(destPath, partPath);
}

async function discardPart(partPath: string, metaPath: string): Promise<void> {
  await rm(partPath, { force: true });
  await rm(metaPath, { force: true });
}
