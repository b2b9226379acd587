import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { artifactsDir, browserMissing, buildRenderer, launchBrowser } from '../fixtures/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { startService, type RunningService } from '../../src/main/service.js';
import { makeVideo } from '../fixtures/media.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';

function sessionKeyOf(guiUrl: string): string {
  const key = new URLSearchParams(new URL(guiUrl).hash.slice(1)).get('key');
  if (!key) throw new Error(`${guiUrl} carries no #key=`);
  return key;
}

describe.skipIf(browserMissing)('the GUI in a browser (web mode)', () => {
  let tempDir: string;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-web-'));
    // A build of its own, so a concurrent `npm run build` into out/ cannot pull files away mid-test.
    const rendererDir = await buildRenderer(path.join(tempDir, 'build'));
    const dataDir = path.join(tempDir, 'data');
    // Lip-sync jobs run a real (paced) ffmpeg encode, so the live test sees progress move.
    const kinds = testKinds({ encodeSeconds: 4 });
    service = await startService(resolveConfig({ dataDir, host: '127.0.0.1', port: 0, concurrency: 1 }, {}), {
      log: () => {},
      rendererDir,
      kinds,
    });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    return context.newPage();
  }

  it('opens from the service link, hides the key, shows the empty task list with live updates', async () => {
    const page = await newPage();
    try {
      await page.goto(service.guiUrl);
      await expect
        .poll(() => page.getByRole('heading', { name: 'DubDesk', level: 1 }).isVisible(), { timeout: 30_000 })
        .toBe(true);
      await page.getByText('No tasks yet.').waitFor({ timeout: 30_000 });
      // The event stream connected (EventSource passes the key as ?key=).
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });

      const sessionKey = sessionKeyOf(service.guiUrl);
      expect(page.url()).toBe(`${service.url}/`);
      expect(page.url()).not.toContain(sessionKey);
      expect(await page.evaluate(() => sessionStorage.getItem('dubdesk.apiKey'))).toBe(sessionKey);

      fs.mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'web-mode.png'), fullPage: true });

      // A reload keeps the session: the key now comes from this tab's storage.
      await page.reload();
      await page.getByText('No tasks yet.').waitFor({ timeout: 30_000 });
    } finally {
      await page.context().close();
    }
  });

  it('asks for an API key when opened without one, refuses a wrong key and accepts the right one', async () => {
    const page = await newPage();
    try {
      await page.goto(`${service.url}/`);
      const keyField = page.getByLabel('API key');
      await keyField.waitFor({ timeout: 30_000 });

      await keyField.fill('dd_not_a_real_key');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('heading', { name: 'Tasks' }).count()).toBe(0);

      await keyField.fill(sessionKeyOf(service.guiUrl));
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.getByText('No tasks yet.').waitFor({ timeout: 30_000 });
      fs.mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'web-mode-after-key-form.png') });
    } finally {
      await page.context().close();
    }
  });

  it('shows a task appear, progress, finish and disappear from the event stream, without reloading', async () => {
    const page = await newPage();
    const key = sessionKeyOf(service.guiUrl);
    const api = (pathname: string, init: { method: string; body?: unknown }) =>
      fetch(`${service.url}${pathname}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    try {
      await page.goto(service.guiUrl);
      await page.getByText('No tasks yet.').waitFor({ timeout: 30_000 });
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
      // Survives only if the page is never reloaded: everything below must arrive through the stream.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      const video = await makeVideo(tempDir, { name: 'interview.mp4', durationSec: 1 });
      const created = await api('/v1/video_generation', { method: 'POST', body: lipsyncBody(video) });
      expect(created.status).toBe(200);
      const { task_id: taskId } = (await created.json()) as { task_id: string };

      const row = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
      await row.waitFor({ timeout: 30_000 });
      const bar = row.getByRole('progressbar');
      await expect
        .poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000, interval: 100 })
        .toBeGreaterThan(0);
      fs.mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'web-mode-live.png') });
      await row.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await bar.getAttribute('value')).toBe('100');
      expect(await row.textContent()).toContain('Lip-sync');

      expect((await api(`/v1/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(204);
      await page.getByText('No tasks yet.').waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
        true,
      );
    } finally {
      await page.context().close();
    }
  });
});
