// The local cache cap as a setting over the real API: 20 GB unless changed, a bad value answers 400 and changes
// nothing, and a service on shared storage keeps its download cache under the cap it was given, while every
// upload still downloads whole from the storage.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDir, startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';

const running: TestService[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const service of running.splice(0)) await service.stop();
  await Promise.all(folders.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function upload(service: TestService, name: string, bytes: Buffer): Promise<string> {
  const response = await fetch(`${service.url}/v1/files?name=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { file_id: string }).file_id;
}

/** The file ids with a copy in the service's download cache. */
async function cachedIds(service: TestService): Promise<string[]> {
  const cache = path.join(service.service.core.paths.cache, 'files');
  return (await fs.readdir(cache).catch(() => [])).sort();
}

/** Polls until `check` holds (a trim runs in the background after an upload), or fails after a few seconds. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

describe('local_cache_limit_bytes', () => {
  it('is 20 GB unless changed; PUT changes it and answers it; a bad value answers 400 invalid_request', async () => {
    const service = await startTestService();
    running.push(service);
    expect((await service.api('/v1/settings')).body.local_cache_limit_bytes).toBe(20_000_000_000);

    const put = await service.api('/v1/settings', { method: 'PUT', body: { local_cache_limit_bytes: 5_000_000_000 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ local_cache_limit_bytes: 5_000_000_000, translation_engine: 'auto' });
    expect((await service.api('/v1/settings')).body.local_cache_limit_bytes).toBe(5_000_000_000);

    for (const bad of [-1, 1.5, 'twenty gigabytes', null, 2 ** 53]) {
      const refused = await service.api('/v1/settings', { method: 'PUT', body: { local_cache_limit_bytes: bad } });
      expect(refused.status, `local_cache_limit_bytes: ${JSON.stringify(bad)}`).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request' });
      expect(JSON.stringify(refused.body)).toContain('local_cache_limit_bytes');
    }
    expect((await service.api('/v1/settings')).body.local_cache_limit_bytes).toBe(5_000_000_000);
  });

  it('keeps the download cache of a service on shared storage under the cap; a trimmed upload still downloads', async () => {
    const share = await makeDataDir();
    folders.push(share);
    const service = await startTestService({ config: { storage: share } });
    running.push(service);
    expect(
      (await service.api('/v1/settings', { method: 'PUT', body: { local_cache_limit_bytes: 150_000 } })).status,
    ).toBe(200);
    const first = randomBytes(100_000);
    const firstId = await upload(service, 'first.bin', first);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const secondId = await upload(service, 'second.bin', randomBytes(100_000));

    await eventually(async () => !(await cachedIds(service)).includes(firstId));
    expect(await cachedIds(service)).toEqual([secondId]);
    const download = await fetch(`${service.url}/v1/files/${firstId}`, {
      headers: { authorization: `Bearer ${TEST_API_KEY}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(first)).toBe(true);
  });
});
