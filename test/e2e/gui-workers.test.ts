// The GUI's worker list in headless Chromium against a real service: Settings lists this service as its one worker
// (name, kinds, load, a heartbeat kept fresh), says so when the list is empty or the request fails, and a finished
// job's stage list names the worker that ran each stage.
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../src/main/service.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { makeVideo } from '../fixtures/media.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';

describe.skipIf(browserMissing)('the GUI: workers in Settings and on each stage', () => {
  let harness: GuiHarness;
  let service: RunningService;
  let browser: Browser;
  let apiKey: string;
  // The service runs in this process, so its worker is this host and this pid.
  const workerName = `${os.hostname()}:${process.pid}`;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-workers-', { kinds: testKinds({ encodeSeconds: 1 }) });
    ({ service, browser } = harness);
    apiKey = new URLSearchParams(new URL(service.guiUrl).hash.slice(1)).get('key')!;
  }, 180_000);

  afterAll(async () => harness?.close());

  async function openGui(): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await page.goto(service.guiUrl);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    return page;
  }

  const openSettings = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();

  it('lists this service as its one worker: name, every kind, 0 of 1 running, a heartbeat that stays fresh', async () => {
    const page = await openGui();
    try {
      await openSettings(page);
      const table = page.getByRole('table', { name: 'Workers' });
      const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
      await rows.first().waitFor({ timeout: 30_000 });
      expect(await rows.count()).toBe(1);
      const cells = rows.first().getByRole('cell');
      const name = (await cells.nth(0).innerText()).trim();
      expect(name).toBe(workerName);
      expect(name).toContain(os.hostname());
      expect(name).toContain(String(process.pid));
      expect(await cells.nth(1).innerText()).toBe('every kind');
      expect(await cells.nth(2).innerText()).toBe('0 of 1 running');
      expect(await cells.nth(3).innerText()).toMatch(/^(just now|\d+ s ago)$/);
      // The window scrolls inside <main>: a shot of the section itself scrolls it into view.
      await page
        .getByRole('region', { name: 'Workers' })
        .screenshot({ path: path.join(artifactsDir, 'gui-settings-workers.png') });

      // The list refreshes while the page is open: a later heartbeat arrives without a reload.
      const heartbeat = cells.nth(3).locator('time');
      const first = await heartbeat.getAttribute('datetime');
      await expect.poll(() => heartbeat.getAttribute('datetime'), { timeout: 20_000, interval: 500 }).not.toBe(first);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("says so plainly when no worker is live, and shows the API's message when the request fails", async () => {
    const page = await openGui();
    try {
      // The service's answer is swapped in the browser: first an empty list, then a failure.
      let answer = { status: 200, body: { workers: [] } as unknown };
      await page.route('**/v1/workers', (route) =>
        route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
      );
      await openSettings(page);
      await page
        .getByText('No worker is running: jobs wait in the queue until one starts.')
        .waitFor({ timeout: 30_000 });
      expect(await page.getByRole('table', { name: 'Workers' }).count()).toBe(0);

      answer = { status: 503, body: { code: 'unavailable', message: 'The database cannot be reached.' } };
      // The next refresh (every few seconds) meets the failure.
      await page.getByRole('alert').filter({ hasText: 'The database cannot be reached.' }).waitFor({ timeout: 20_000 });
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('names the worker that ran each done stage in the task detail', async () => {
    const video = await makeVideo(harness.tempDir, { durationSec: 1, name: 'workers-clip.mp4' });
    const created = await fetch(`${service.url}/v1/video_generation`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(lipsyncBody(video)),
    });
    expect(created.status).toBe(200);

    const page = await openGui();
    try {
      const row = page
        .getByRole('list', { name: 'Tasks' })
        .getByRole('listitem')
        .filter({ hasText: 'workers-clip.mp4' });
      await row.getByText('Done', { exact: true }).waitFor({ timeout: 120_000 });
      await row.locator('.task-open').click();
      const stages = page.getByRole('list', { name: 'Stages' });
      await stages.waitFor({ timeout: 30_000 });
      for (const label of ['Preparing', 'Encoding']) {
        const stage = stages.getByRole('listitem').filter({ hasText: label });
        expect(await stage.getAttribute('data-state')).toBe('done');
        expect(await stage.innerText()).toContain(`on ${workerName}`);
      }
      await page.screenshot({ path: path.join(artifactsDir, 'gui-stage-workers.png') });
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
