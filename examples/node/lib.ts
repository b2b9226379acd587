// Shared by the Node examples: a client generated from DubDesk's OpenAPI document, and the three steps of every job:
// upload, wait, download. Needs Node 20+ and openapi-fetch; run an example with `npx tsx <file>.ts`.
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import createClient from 'openapi-fetch';
// Types only (erased when run): copy this file elsewhere and it still runs with just openapi-fetch installed.
import type { paths } from '../../src/shared/api/openapi-types.js';

export const baseUrl = process.env.DUBDESK_URL ?? 'http://127.0.0.1:7860';
const apiKey = process.env.DUBDESK_API_KEY;
if (!apiKey)
  throw new Error('Set DUBDESK_API_KEY to an API key: dubdesk keys create --name scripts (or the Settings page).');
/** How long a job may take before the example gives up (it keeps running in DubDesk). */
const timeoutMs = Number(process.env.DUBDESK_TIMEOUT ?? 1800) * 1000;

export const dubdesk = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });

/** The data of a call, or an Error saying the catalogue's "code: message". */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const { code, message } = (error ?? {}) as { code?: string; message?: string };
    throw new Error(code ? `${code}: ${message}` : `HTTP ${response.status} from ${response.url}`);
  }
  return data as T;
}

/** Streams a local file to POST /v1/files; answers the URL to put in a `*_url` field. */
export async function upload(file: string): Promise<string> {
  const uploaded = await ok(
    dubdesk.POST('/v1/files', {
      params: { query: { name: path.basename(file) } },
      // A Blob backed by the file: sent in chunks, never read whole into memory.
      body: (await openAsBlob(file)) as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  );
  return uploaded.url;
}

/** Polls a status operation until the job is done (answers its record) or failed (throws its error). */
export async function waitFor<T extends { status: string; progress: number; err_code?: string; err_message?: string }>(
  poll: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await poll();
    if (record.status === 'done') return record;
    if (record.status === 'failed') throw new Error(`failed: ${record.err_code}: ${record.err_message}`);
    if (Date.now() > deadline) throw new Error(`still ${record.status} after ${timeoutMs / 1000} s`);
    console.error(`${record.status} ${Math.floor(record.progress * 100)}%`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** Downloads a result URL (it carries a token: no key needed) to `file`; answers the path. */
export async function download(url: string, file: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} downloading ${url}`);
  await mkdir(path.dirname(file), { recursive: true });
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(file));
  console.log(file);
  return file;
}

/** The command-line arguments, or the usage line and exit code 2. */
export function args(usage: string, count: number): string[] {
  const given = process.argv.slice(2);
  if (given.length < count) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return given;
}

/** Runs an example's main, printing its error as one line and exiting 1. */
export function run(main: () => Promise<unknown>): void {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
