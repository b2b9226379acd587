// One POST to the LLM endpoint through the same address rules as callbacks (files/guarded-lookup.ts): a literal
// address is judged before connecting, and every address a name resolves to before the socket connects. The global
// fetch cannot take a lookup, so the request goes through node:http(s), like callback deliveries.
import http from 'node:http';
import https from 'node:https';
import { checkLiteralHost, guardedLookup, type ConnectGuard } from '../../files/guarded-lookup.js';

export interface ChatAnswer {
  status: number;
  body: string;
}

export interface ChatRequestOptions {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  connectGuard?: ConnectGuard;
  /** Largest answer read; more fails with AnswerTooLargeError. */
  maxAnswerBytes: number;
}

export class AnswerTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

/** POSTs `body` and reads the whole answer; throws AddressRefusedError before any connection to a refused address. */
export function postChat(url: URL, options: ChatRequestOptions): Promise<ChatAnswer> {
  return new Promise((resolve, reject) => {
    try {
      checkLiteralHost(url, options.connectGuard?.policy);
    } catch (error) {
      reject(error);
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body), 'accept-encoding': 'identity' },
      signal: options.signal,
      lookup: guardedLookup(options.connectGuard),
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // A server streaming without end must not fill the memory.
        if (bytes > options.maxAnswerBytes) response.destroy(new AnswerTooLargeError(options.maxAnswerBytes));
        else chunks.push(chunk);
      });
      response.once('error', reject);
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.end(options.body);
  });
}
