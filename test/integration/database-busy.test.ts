// Another program holding the SQLite file's write lock beyond the busy timeout: the request answers 503
// `database_unavailable` with Retry-After (it may pass on a retry), not 500, and passes once the lock is gone.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/main/config.js';
import { startTestService, type TestService } from '../fixtures/service.js';

describe('a service whose SQLite file another program keeps locked', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.stop();
  });

  // better-sqlite3 waits synchronously: each background poll that meets the lock holds the service's loop for 5 s.
  it('answers a write 503 database_unavailable with Retry-After while the lock is held, and 200 after', async () => {
    const glossary = {
      name: 'terms',
      source_language: 'en',
      target_language: 'es',
      entries: [{ source: 'cat', target: 'gato' }],
    };
    const other = new Database(dataPaths(service.dataDir).database);
    try {
      other.exec('BEGIN IMMEDIATE');
      const locked = await service.api('/v1/glossaries', { body: glossary });
      expect(locked.status).toBe(503);
      expect(locked.headers.get('retry-after')).toBe('5');
      expect(locked.body).toEqual({
        code: 'database_unavailable',
        message: "The service's database is locked by another program right now. Retry in a few seconds.",
        serverTs: expect.any(String),
      });
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect((await service.api('/v1/glossaries', { body: glossary })).status).toBe(200);
  }, 120_000);
});
