// Link-local, unspecified (and, when set, private) addresses are refused BEFORE any connection, for fetched inputs
// and callbacks alike. Nothing here may send traffic off loopback: every socket connect is watched, and one to
// anything but 127.0.0.1 throws instead of connecting.
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LookupAddress } from 'node:dns';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { fetchToFile } from '../../src/main/files/remote-fetch.js';
import type { ResolveAll } from '../../src/main/files/guarded-lookup.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createCallbackDeliverer } from '../../src/main/queue/callbacks/deliverer.js';
import { createCallbackOutbox } from '../../src/main/store/callback-outbox-repository.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { recordConnects } from '../fixtures/connect-recorder.js';

let server: http.Server;
let port: number;
let dir: string;
/** TCP connections the loopback server accepted. */
let connections = 0;
/** Hosts passed to net.Socket#connect (names before their lookup, IP literals as given). */
let connectHosts: string[] = [];
let redirectTo = '';

/** A resolver as a DNS server would answer, without asking one. */
function fakeDns(answers: Record<string, string[]>): ResolveAll {
  return (hostname, _options, callback) => {
    const addresses = answers[hostname];
    if (!addresses)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: net.isIP(address) })),
    );
  };
}

async function failureOf(promise: Promise<unknown>): Promise<DubDeskError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DubDeskError);
  return error as DubDeskError;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-address-refusal-'));
  server = http.createServer((request, response) => {
    if (request.url === '/redirect') response.writeHead(302, { location: redirectTo }).end();
    else response.writeHead(200, { 'content-type': 'video/mp4' }).end('media bytes');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

beforeEach(() => {
  connections = 0;
  connectHosts = recordConnects();
});

afterEach(() => vi.restoreAllMocks());

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

let destCounter = 0;
const newDest = (): string => path.join(dir, `input-${++destCounter}`, 'clip.mp4');

describe('fetched inputs', () => {
  it('refuses a literal link-local, IPv6 link-local or unspecified URL with download_failed, without opening a socket', async () => {
    for (const [url, shown] of [
      ['http://169.254.169.254/latest/meta-data/clip.mp4', '169.254.169.254 is a link-local address'],
      ['http://[fe80::1]:8080/clip.mp4', 'fe80::1 is a link-local address'],
      ['http://[::ffff:169.254.1.1]/clip.mp4', 'is a link-local address'],
      ['http://0.0.0.0:8080/clip.mp4', '0.0.0.0 is an unspecified address'],
      ['http://[::]/clip.mp4', ':: is an unspecified address'],
    ]) {
      const failure = await failureOf(fetchToFile(url, newDest()));
      expect(failure.code).toBe('download_failed');
      expect(failure.retryable).toBe(false);
      expect(failure.message).toContain(shown);
    }
    expect(connectHosts).toEqual([]);
  });

  it('checks every address a host name resolves to before connecting, so a name cannot lead to 169.254.169.254', async () => {
    // Were the check skipped, the connection would go to the first address: the loopback server, which counts it.
    const resolve = fakeDns({ 'metadata.test': ['127.0.0.1', '169.254.169.254'] });
    const failure = await failureOf(
      fetchToFile(`http://metadata.test:${port}/clip.mp4`, newDest(), { connectGuard: { resolve } }),
    );
    expect(failure.code).toBe('download_failed');
    expect(failure.message).toBe(
      `Downloading http://metadata.test:${port}/clip.mp4 failed: metadata.test resolves to 169.254.169.254, a link-local address, which DubDesk does not connect to.`,
    );
    expect(connections).toBe(0);
  });

  it('still fetches through a host name that resolves to loopback only', async () => {
    const resolve = fakeDns({ 'media.test': ['127.0.0.1'] });
    const fetched = await fetchToFile(`http://media.test:${port}/clip.mp4`, newDest(), { connectGuard: { resolve } });
    expect(fs.readFileSync(fetched.path, 'utf8')).toBe('media bytes');
    expect(connections).toBe(1);
    // The watch on connects sees real ones, so the "no connect" checks above are not vacuous.
    expect(connectHosts).toEqual(['media.test']);
  });

  it('refuses private addresses only when the policy says so', async () => {
    const resolve = fakeDns({ 'nas.test': ['127.0.0.1', '192.168.1.20'] });
    const strict = { resolve, policy: { refusePrivate: true } };
    const failure = await failureOf(
      fetchToFile(`http://nas.test:${port}/clip.mp4`, newDest(), { connectGuard: strict }),
    );
    expect(failure.message).toContain('nas.test resolves to 192.168.1.20, a private address');
    expect(failure.message).toContain('refusePrivateAddresses');
    expect(
      (await failureOf(fetchToFile('http://10.20.30.40/clip.mp4', newDest(), { connectGuard: strict }))).message,
    ).toContain('10.20.30.40 is a private address');
    expect(connections).toBe(0);
    expect(connectHosts).not.toContain('10.20.30.40');
  });

  it('applies the check to each redirect hop, by literal and by name', async () => {
    redirectTo = 'http://169.254.169.254/latest/meta-data/';
    const literal = await failureOf(fetchToFile(`http://127.0.0.1:${port}/redirect`, newDest()));
    expect(literal.message).toContain('169.254.169.254 is a link-local address');
    expect(connectHosts).not.toContain('169.254.169.254');

    redirectTo = `http://metadata.test:${port}/clip.mp4`;
    const resolve = fakeDns({ 'metadata.test': ['127.0.0.1', 'fe80::1'] });
    const named = await failureOf(
      fetchToFile(`http://127.0.0.1:${port}/redirect`, newDest(), { connectGuard: { resolve } }),
    );
    expect(named.message).toContain('metadata.test resolves to fe80::1, a link-local address');
    // Only the first hop reached the server.
    expect(connections).toBe(1);
  });

  it('refuses a redirect to another scheme, naming the target without its query', async () => {
    redirectTo = `https://127.0.0.1:${port}/clip.mp4?token=secret`;
    const upgrade = await failureOf(fetchToFile(`http://127.0.0.1:${port}/redirect`, newDest()));
    expect(upgrade.code).toBe('download_failed');
    expect(upgrade.retryable).toBe(false);
    expect(upgrade.message).toBe(
      `Downloading http://127.0.0.1:${port}/redirect failed: it redirected to https://127.0.0.1:${port}/clip.mp4, which is not an http URL; ` +
        'redirects are followed only within the same scheme, so give the final URL instead.',
    );
    redirectTo = 'file:///etc/passwd';
    expect((await failureOf(fetchToFile(`http://127.0.0.1:${port}/redirect`, newDest()))).message).toContain(
      'redirected to a file: URL',
    );
  });
});

describe('callback delivery', () => {
  let db: Db;
  let logs: string[];

  beforeEach(() => {
    db = openDatabase(path.join(fs.mkdtempSync(path.join(dir, 'db-')), 'dubdesk.db'));
    logs = [];
  });

  afterEach(() => db.close());

  function givenUp(eventId: string): { given_up_at: number | null; last_error: string | null } {
    return db.prepare('SELECT given_up_at, last_error FROM callback_outbox WHERE event_id = ?').get(eventId) as {
      given_up_at: number | null;
      last_error: string | null;
    };
  }

  it('gives up at once on a callback whose host resolves to a link-local address, logging why, without connecting', async () => {
    const outbox = createCallbackOutbox(createSqliteClient(db));
    const eventId = await outbox.enqueue({
      taskId: 'T1',
      url: `http://hook.test:${port}/hook`,
      body: { task_id: 'T1', status: 'done' },
    });
    const deliverer = createCallbackDeliverer({
      outbox,
      secret: 'whsec_test',
      version: '1.0.0',
      log: (level, message) => logs.push(`${level}: ${message}`),
      connectGuard: { resolve: fakeDns({ 'hook.test': ['127.0.0.1', '169.254.169.254'] }) },
    });
    expect(await deliverer.deliverDue()).toBe(1);
    await deliverer.stop();
    expect(connections).toBe(0);
    expect(givenUp(eventId).given_up_at).not.toBeNull();
    expect(givenUp(eventId).last_error).toContain('hook.test resolves to 169.254.169.254, a link-local address');
    expect(logs.join('\n')).toMatch(
      /^error: Gave up on callback .* after 1 attempt\(s\): refused to connect: hook\.test resolves to 169\.254\.169\.254/m,
    );
  });

  it('gives up on a literal link-local callback URL without opening a socket, and still delivers to loopback', async () => {
    const outbox = createCallbackOutbox(createSqliteClient(db));
    const refused = await outbox.enqueue({
      taskId: 'T2',
      url: 'http://169.254.169.254/hook',
      body: { task_id: 'T2', status: 'done' },
    });
    const delivered = await outbox.enqueue({
      taskId: 'T3',
      url: `http://127.0.0.1:${port}/hook`,
      body: { task_id: 'T3', status: 'done' },
    });
    const deliverer = createCallbackDeliverer({
      outbox,
      secret: 'whsec_test',
      version: '1.0.0',
      log: (level, message) => logs.push(`${level}: ${message}`),
    });
    expect(await deliverer.deliverDue()).toBe(2);
    await deliverer.stop();
    expect(givenUp(refused).last_error).toContain('169.254.169.254 is a link-local address');
    expect(connectHosts).not.toContain('169.254.169.254');
    expect(db.prepare('SELECT delivered_at FROM callback_outbox WHERE event_id = ?').get(delivered)).toMatchObject({
      delivered_at: expect.any(Number),
    });
  });
});
