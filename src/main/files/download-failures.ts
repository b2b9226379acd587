import { STATUS_CODES } from 'node:http';
import { DubDeskError } from '../../shared/errors.js';
import { describeRefusal, type RefusedRange } from './address-policy.js';
import { formatBytes } from './byte-size.js';

// Pure: turns what went wrong with a remote input into download_failed / payload_too_large in words a user can act on.

/** The URL as shown in messages: no credentials and no query, which often carries a signature. */
export function displayUrl(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

export function httpStatusFailure(status: number, url: string | URL): DubDeskError {
  const reason = STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : '';
  const shown = displayUrl(url);
  // Client errors are final (the URL is wrong or private); 408 and 429 say "try again later".
  const retryable = status >= 500 || status === 408 || status === 429;
  const hint =
    status === 401 || status === 403
      ? ' The file is not public; use a link that works without logging in, or upload the file.'
      : status === 404 || status === 410
        ? ' Check the URL.'
        : retryable
          ? ' The server may be busy; trying again later can work.'
          : '';
  return new DubDeskError(
    'download_failed',
    `Downloading ${shown} failed: the server answered HTTP ${status}${reason}.${hint}`,
    { retryable },
  );
}

export function tooManyRedirects(url: string | URL, maxRedirects: number): DubDeskError {
  return new DubDeskError(
    'download_failed',
    `Downloading ${displayUrl(url)} failed: it redirected more than ${maxRedirects} times (a redirect loop?).`,
    {
      retryable: false,
    },
  );
}

/** A redirect that leaves the request's scheme (https -> http, http -> https, or to something else entirely). */
export function unsupportedRedirect(url: string | URL, location: string): DubDeskError {
  const scheme = new URL(url).protocol.slice(0, -1);
  return new DubDeskError(
    'download_failed',
    `Downloading ${displayUrl(url)} failed: it redirected to ${shownLocation(location, url)}, which is not an ${scheme} URL; ` +
      'redirects are followed only within the same scheme, so give the final URL instead.',
    { retryable: false },
  );
}

function shownLocation(location: string, base: string | URL): string {
  try {
    const target = new URL(location, base);
    return target.protocol === 'http:' || target.protocol === 'https:'
      ? displayUrl(target)
      : `a ${target.protocol.slice(0, -1)}: URL`;
  } catch {
    return 'an invalid URL';
  }
}

/** The host is, or resolved to, an address the policy refuses (link-local, unspecified, or private when so set). */
export function addressRefused(url: string | URL, refusal: { address: string; range: RefusedRange }): DubDeskError {
  const reason = describeRefusal(refusal.address, refusal.range, new URL(url).hostname);
  return new DubDeskError('download_failed', `Downloading ${displayUrl(url)} failed: ${reason}.`, {
    retryable: false,
  });
}

export function inputTooLarge(url: string | URL, maxBytes: number): DubDeskError {
  return new DubDeskError(
    'payload_too_large',
    `The file at ${displayUrl(url)} is larger than the ${formatBytes(maxBytes)} this service accepts.`,
  );
}

export function connectTimeout(url: string | URL, ms: number): DubDeskError {
  return new DubDeskError(
    'download_failed',
    `Downloading ${displayUrl(url)} failed: ${new URL(url).host} did not answer within ${seconds(ms)}.`,
  );
}

/** What a user does to continue a download whose partial data was kept; callers outside jobs say it in their own terms. */
export const RETRY_TASK_RESUMES = 'Retrying the task resumes the download.';

export function idleTimeout(
  url: string | URL,
  ms: number,
  bytes: number,
  resumeHint = RETRY_TASK_RESUMES,
): DubDeskError {
  return new DubDeskError(
    'download_failed',
    `Downloading ${displayUrl(url)} failed: no data arrived for ${seconds(ms)} (after ${formatBytes(bytes)}). ${resumeHint}`,
  );
}

export function endedEarly(
  url: string | URL,
  bytes: number,
  total: number,
  resumeHint = RETRY_TASK_RESUMES,
): DubDeskError {
  return new DubDeskError(
    'download_failed',
    `Downloading ${displayUrl(url)} failed: the connection closed after ${formatBytes(bytes)} of ${formatBytes(total)}. ${resumeHint}`,
  );
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

/** A socket or DNS error from node:http, described by its errno code. */
export function networkFailure(url: string | URL, error: unknown): DubDeskError {
  const parsed = new URL(url);
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const prefix = `Downloading ${displayUrl(parsed)} failed:`;
  const options = { cause: error };
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new DubDeskError(
        'download_failed',
        `${prefix} the host name ${parsed.hostname} could not be resolved. Check the URL and the network connection.`,
        options,
      );
    case 'ECONNREFUSED':
      return new DubDeskError(
        'download_failed',
        `${prefix} ${parsed.host} refused the connection. Is the server running?`,
        options,
      );
    case 'ECONNRESET':
    case 'EPIPE':
      return new DubDeskError(
        'download_failed',
        `${prefix} ${parsed.host} closed the connection unexpectedly.`,
        options,
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
      return new DubDeskError(
        'download_failed',
        `${prefix} ${parsed.host} cannot be reached (${code}). Check the network connection.`,
        options,
      );
    default:
      if (TLS_CODES.test(code)) {
        return new DubDeskError(
          'download_failed',
          `${prefix} the TLS certificate of ${parsed.hostname} was not accepted (${code}).`,
          { ...options, retryable: false },
        );
      }
      return new DubDeskError(
        'download_failed',
        `${prefix} ${(error as Error | undefined)?.message ?? String(error)}.`,
        options,
      );
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
