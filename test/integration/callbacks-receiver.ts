import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real webhook receiver on 127.0.0.1 for the callback tests; each answer is scripted per request.

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as it arrived. */
  body: string;
}

/** `reset` drops the connection (RST) after reading the body; `hang` never answers. */
export type Reply = 'ok' | 'reset' | 'hang' | { status: number; headers?: Record<string, string> };

export interface Receiver {
  url: string;
  /** Every request, in arrival order, whatever it was answered. */
  requests: ReceivedRequest[];
  /** Requests answered 2xx, in arrival order. */
  accepted: ReceivedRequest[];
  /** Requests that arrived and have no answer yet. */
  open(): number;
  close(): Promise<void>;
}

export type Responder = (request: ReceivedRequest, index: number) => Reply | Promise<Reply>;

export async function startReceiver(respond: Responder = () => 'ok'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const accepted: ReceivedRequest[] = [];
  let openCount = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ReceivedRequest = {
      path: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    const index = requests.push(request) - 1;
    openCount += 1;
    const reply = await respond(request, index);
    openCount -= 1;
    if (reply === 'hang') return;
    if (reply === 'reset') {
      req.socket.resetAndDestroy();
      return;
    }
    const { status, headers } = reply === 'ok' ? { status: 200, headers: {} } : reply;
    if (status >= 200 && status < 300) accepted.push(request);
    res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end('answer');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    accepted,
    open: () => openCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it holds; generous limit because the test machine is slow and shared. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
