// Downloads one URL into a partial file, continuing it with an HTTP Range request when bytes are already there.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DubDeskError } from '../../shared/errors.js';
import { planResume, rangeHeader } from './http-range.js';

export type FetchLike = typeof globalThis.fetch;

export interface DownloadOptions {
  fetch: FetchLike;
  signal: AbortSignal;
  /** Called as bytes arrive; receivedBytes counts the bytes already on disk too. */
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
  /** A transfer that sends nothing for this long fails instead of hanging forever. */
  idleTimeoutMs?: number;
}

export interface DownloadResult {
  sizeBytes: number;
  /** Bytes that were already on disk and were kept (0 when it started from scratch). */
  resumedFrom: number;
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

function reason(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string; code?: string } };
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause && cause !== e?.message ? `${e?.message ?? String(error)} (${cause})` : (e?.message ?? String(error));
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
const cancelled = () => new DubDeskError('cancelled', 'The download was cancelled.');

/** Streams `url` into `file`, resuming from the bytes already in `file` when the server honours Range. */
export async function downloadResumable(url: string, file: string, options: DownloadOptions): Promise<DownloadResult> {
  const idleMs = options.idleTimeoutMs ?? 60_000;
  let freshRetried = false;
  for (;;) {
    const offset = sizeOf(file);
    const idle = new AbortController();
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => idle.abort(), idleMs);
    };
    const signal = AbortSignal.any([options.signal, idle.signal]);
    armIdle();
    try {
      let response: Response;
      try {
        response = await options.fetch(url, { headers: rangeHeader(offset), signal, redirect: 'follow' });
      } catch (error) {
        if (options.signal.aborted) throw cancelled();
        if (idle.signal.aborted) throw new DubDeskError('download_failed', `${url} did not answer within ${seconds(idleMs)}.`);
        throw new DubDeskError('download_failed', `Could not reach ${url}: ${reason(error)}.`, { cause: error });
      }
      const plan = planResume(offset, response.status, {
        contentRange: response.headers.get('content-range'),
        contentLength: response.headers.get('content-length'),
      });
      if (plan.kind === 'http_error') {
        await response.body?.cancel().catch(() => undefined);
        // 4xx other than 408/429 will not get better by retrying.
        const retryable = plan.status >= 500 || plan.status === 408 || plan.status === 429;
        throw new DubDeskError('download_failed', `${url} answered HTTP ${plan.status} ${response.statusText}`.trimEnd() + '.', { retryable });
      }
      if (plan.kind === 'complete') {
        await response.body?.cancel().catch(() => undefined);
        options.onProgress?.(offset, offset);
        return { sizeBytes: offset, resumedFrom: offset };
      }
      if (plan.kind === 'retry_fresh') {
        await response.body?.cancel().catch(() => undefined);
        if (freshRetried) throw new DubDeskError('download_failed', `${url} answered a range request inconsistently (HTTP ${response.status}).`);
        freshRetried = true;
        fs.rmSync(file, { force: true });
        continue;
      }
      const start = plan.kind === 'append' ? plan.offset : 0;
      const total = plan.totalBytes;
      if (!response.body) throw new DubDeskError('download_failed', `${url} answered without a body.`);
      let received = start;
      options.onProgress?.(received, total);
      try {
        await pipeline(
          Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
          async function* count(source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              armIdle();
              received += chunk.length;
              options.onProgress?.(received, total);
              yield chunk;
            }
          },
          // 'w' when the server ignored Range: the partial bytes are replaced, never mixed.
          fs.createWriteStream(file, { flags: plan.kind === 'append' ? 'a' : 'w' }),
          { signal },
        );
      } catch (error) {
        if (options.signal.aborted) throw cancelled();
        const what = idle.signal.aborted ? `stalled for ${seconds(idleMs)}` : `was interrupted: ${reason(error)}`;
        throw new DubDeskError('download_failed', `Downloading ${url} ${what} after ${received} of ${total ?? '?'} bytes. Install again to resume.`, { cause: error });
      }
      if (total !== undefined && received !== total) {
        throw new DubDeskError('download_failed', `Downloading ${url} ended after ${received} of ${total} bytes. Install again to resume.`);
      }
      return { sizeBytes: received, resumedFrom: start };
    } finally {
      clearTimeout(idleTimer);
    }
  }
}
