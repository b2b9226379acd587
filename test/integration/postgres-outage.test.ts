// While PostgreSQL is down, a service on it answers 503 `database_unavailable` with Retry-After, and 200 again once
// the server is back: an outage is the database's, not a fault in DubDesk (500) or in the request (4xx).
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';
import { startTestService, type TestService } from '../fixtures/service.js';

describe.skipIf(postgresMissing)('a service whose PostgreSQL is down', () => {
  let server: PostgresServer;
  let service: TestService;

  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.database('outage');
    const pool = openPostgresPool(url, { max: 2 });
    try {
      await migratePostgres(pool);
    } finally {
      await pool.end();
    }
    service = await startTestService({ config: { databaseUrl: url } });
  });
  afterAll(async () => {
    await service?.stop();
    await server?.destroy();
  });

  it('answers 503 database_unavailable with Retry-After while the server is stopped, and 200 once it is back', async () => {
    expect((await service.api('/v1/tasks')).status).toBe(200);
    await server.stop();
    const down = await service.api('/v1/tasks');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.body).toEqual({
      code: 'database_unavailable',
      message: 'The service cannot reach its database (PostgreSQL) right now. Retry in a few seconds.',
      serverTs: expect.any(String),
    });
    await server.start();
    // The pool replaces the connections the stop dropped; until it has, the answer is the same 503, never a 500.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20 && statuses.at(-1) !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      statuses.push((await service.api('/v1/tasks')).status);
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
  });
});
