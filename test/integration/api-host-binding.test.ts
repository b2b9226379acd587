// `--host`: bound to all interfaces the service answers to the machine's own addresses and prints them;
// a non-loopback bind needs a key; Origin must be the served scheme, host and port. Every request here
// connects to 127.0.0.1: the Host header alone names the other addresses.
import http from 'node:http';
import os from 'node:os';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { startService } from '../../src/main/service.js';
import { openDatabase } from '../../src/main/store/database.js';
import { createKeysRepository } from '../../src/main/store/keys-repository.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { makeDataDir, startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';

/** A GET to 127.0.0.1:port with the Host (and Origin) the test chooses. */
function getVia127(port: number, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/tasks?limit=1',
        headers: { authorization: `Bearer ${TEST_API_KEY}`, ...headers },
      },
      (response) => {
        let text = '';
        response
          .setEncoding('utf8')
          .on('data', (chunk: string) => {
            text += chunk;
          })
          .on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
  });
}

const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

describe('bound to 0.0.0.0', () => {
  let svc: TestService;
  let port: number;
  const banner: string[] = [];

  beforeAll(async () => {
    svc = await startTestService({ config: { host: '0.0.0.0' }, service: { log: (line) => banner.push(line) } });
    port = Number(new URL(svc.url).port);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('prints one "listening" line per address of the machine, loopback first', () => {
    const lines = banner.filter((line) => line.startsWith('DubDesk listening on '));
    expect(lines[0]).toBe(`DubDesk listening on http://127.0.0.1:${port}`);
    if (lanAddress) expect(lines).toContain(`DubDesk listening on http://${lanAddress}:${port}`);
  });

  it.skipIf(!lanAddress)(
    "answers a request whose Host is one of the machine's own non-loopback addresses",
    async () => {
      const { status } = await getVia127(port, { host: `${lanAddress}:${port}` });
      expect(status).toBe(200);
    },
  );

  it("answers to the machine's name and localhost, and refuses a foreign Host with 403", async () => {
    expect((await getVia127(port, { host: `${os.hostname()}:${port}` })).status).toBe(200);
    expect((await getVia127(port, { host: `localhost:${port}` })).status).toBe(200);
    const foreign = await getVia127(port, { host: `attacker.example:${port}` });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('forbidden');
  });
});

describe('Origin', () => {
  let svc: TestService;
  let port: number;
  beforeAll(async () => {
    svc = await startTestService();
    port = Number(new URL(svc.url).port);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('passes only with the served scheme, host and port: http://127.0.0.1:<port> yes, https:// or another port no', async () => {
    const host = `127.0.0.1:${port}`;
    expect((await getVia127(port, { host, origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await getVia127(port, { host, origin: `https://127.0.0.1:${port}` })).status).toBe(403);
    expect((await getVia127(port, { host, origin: `http://127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await getVia127(port, { host, origin: 'null' })).status).toBe(403);
  });
});

describe('a non-loopback bind without a key', () => {
  it('refuses to start, saying to give --api-key or create a key; the GUI session key does not count', async () => {
    const dataDir = await makeDataDir();
    try {
      const config = resolveConfig({ dataDir, host: '0.0.0.0', port: 0, concurrency: 1 }, {});
      await expect(startService(config, { log: () => {} })).rejects.toThrow(
        /Refusing to listen on 0\.0\.0\.0 without an API key.*--api-key/,
      );
      // A stored key of the user's own is enough (the folder lock was released by the refusal).
      const db = openDatabase(path.join(dataDir, 'dubdesk.db'));
      await createKeysRepository(createSqliteClient(db)).create('GUI session', 'admin');
      db.close();
      await expect(startService(config, { log: () => {} })).rejects.toThrow(/Refusing to listen/);
      const again = openDatabase(path.join(dataDir, 'dubdesk.db'));
      await createKeysRepository(createSqliteClient(again)).create('lan script');
      again.close();
      const service = await startService(config, { log: () => {} });
      await service.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
