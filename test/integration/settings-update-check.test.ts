// "Check for updates automatically" as a setting over the real API: on unless turned off, kept in the settings table
// the desktop app reads before each check (src/main/index.ts), kept across restarts, and a non-boolean refused.
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { isUpdateCheckOn, UPDATE_CHECK_SETTING } from '../../src/shared/ipc.js';
import { makeDataDir, startTestService, type TestService } from '../fixtures/service.js';

const running: TestService[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const service of running.splice(0)) await service.stop();
  await Promise.all(folders.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function serviceOn(dataDir: string): Promise<TestService> {
  const service = await startTestService({ dataDir });
  running.push(service);
  return service;
}

/** What the desktop app's update controller reads of this service's settings. */
const desktopReads = (service: TestService) => isUpdateCheckOn(service.service.core.settings.get(UPDATE_CHECK_SETTING));

describe('check_for_updates', () => {
  it('is on unless turned off; PUT turns it off for the desktop app, and it stays off after a restart', async () => {
    const dataDir = await makeDataDir();
    folders.push(dataDir);
    const first = await serviceOn(dataDir);
    expect((await first.api('/v1/settings')).body.check_for_updates).toBe(true);
    expect(desktopReads(first)).toBe(true);

    const put = await first.api('/v1/settings', { method: 'PUT', body: { check_for_updates: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ check_for_updates: false, translation_engine: 'auto' });
    expect(desktopReads(first)).toBe(false);
    await running.pop()!.stop();

    const second = await serviceOn(dataDir);
    expect((await second.api('/v1/settings')).body.check_for_updates).toBe(false);
    expect(desktopReads(second)).toBe(false);
    await second.api('/v1/settings', { method: 'PUT', body: { check_for_updates: true } });
    expect(desktopReads(second)).toBe(true);
  });

  it('refuses a value that is not true or false, and changes nothing', async () => {
    const dataDir = await makeDataDir();
    folders.push(dataDir);
    const service = await serviceOn(dataDir);
    const refused = await service.api('/v1/settings', { method: 'PUT', body: { check_for_updates: 'no' } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_request');
    expect((await service.api('/v1/settings')).body.check_for_updates).toBe(true);
  });
});
