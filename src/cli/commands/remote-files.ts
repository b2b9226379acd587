// Files to and from a running service through the typed client, streamed: a film never sits whole in memory.
import { createWriteStream, openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { answerOf, type DubDeskHttp } from '../../shared/api/http-client.js';

/** POST /v1/files with the file as the raw body; answers the signed URL a create request takes. */
export async function uploadFile(http: DubDeskHttp, file: string): Promise<string> {
  // A Blob backed by the file: fetch reads it in chunks as it sends.
  const blob = await openAsBlob(file);
  const uploaded = await answerOf(
    http.POST('/v1/files', {
      params: { query: { name: path.basename(file) } },
      body: blob as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  );
  return uploaded.url;
}

/** `dir/<role>-<served name>`, or with -1, -2... before the extension when that file exists: never overwrite. */
export async function freshPath(dir: string, name: string): Promise<string> {
  const { name: stem, ext } = path.parse(name);
  for (let n = 0; ; n += 1) {
    const candidate = path.join(dir, n === 0 ? `${stem}${ext}` : `${stem}-${n}${ext}`);
    try {
      await fs.access(candidate);
    } catch {
      return candidate;
    }
  }
}

/** The served name of a result URL's file, from its Content-Disposition, else the URL's last segment. */
function servedName(disposition: string | null, fileId: string): string {
  const match = disposition?.match(/filename\*=UTF-8''([^;]+)/i) ?? disposition?.match(/filename="?([^";]+)"?/i);
  const name = match ? decodeURIComponent(match[1]) : fileId;
  // A served name is a name, never a path.
  return path.basename(name.replace(/\\/g, '/')) || fileId;
}

/** Downloads a result URL (GET /v1/files/{file_id} with its token) into `dir`; answers the path written. */
export async function downloadResult(http: DubDeskHttp, resultUrl: string, dir: string, role: string): Promise<string> {
  const url = new URL(resultUrl);
  const fileId = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const token = url.searchParams.get('token') ?? undefined;
  const answer = await http.GET('/v1/files/{file_id}', {
    params: { path: { file_id: fileId }, query: { token } },
    parseAs: 'stream',
  });
  const body = (await answerOf(Promise.resolve(answer))) as unknown as WebReadableStream<Uint8Array>;
  await fs.mkdir(dir, { recursive: true });
  const target = await freshPath(
    dir,
    `${role}-${servedName(answer.response.headers.get('content-disposition'), fileId)}`,
  );
  await pipeline(Readable.fromWeb(body), createWriteStream(target, { flags: 'wx' }));
  return target;
}
