// The Settings page's Local cache section in headless Chromium against a real service: the cap shows in GB (20 by
// default), a value that is not a size is refused at the field and changes nothing, and a new one is stored in bytes
// (what GET /v1/settings answers) and shown again after a reload.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../src/main/service.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';

describe.skipIf(browserMissing)('the Settings page: Local cache', () => {
  let harness: GuiHarness;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-local-cache-');
    ({ service, browser } = harness);
  }, 180_000);

  afterAll(async () => harness?.close());

  async function openSettings(page: Page) {
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('region', { name: 'Local cache' });
    await section.waitFor({ timeout: 30_000 });
    return section;
  }

  const storedLimit = () => service.core.settings.get('local_cache_limit_bytes');
  /** What a script reads: GET /v1/settings with the window's key. */
  async function answeredLimit(): Promise<number> {
    const key = decodeURIComponent(new URL(service.guiUrl).hash.replace(/^#key=/u, ''));
    const response = await fetch(`${service.url}/v1/settings`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { local_cache_limit_bytes: number }).local_cache_limit_bytes;
  }

  it('shows 20 GB, refuses a value that is not a size, and stores 2.5 GB as 2500000000 bytes', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    try {
      await page.goto(service.guiUrl);
      const section = await openSettings(page);
      const field = section.getByLabel('Local cache limit (GB)');
      expect(await field.inputValue()).toBe('20');

      for (const [typed, said] of [
        ['twenty', 'Enter a size in GB as a number from 0 up, e.g. 20 or 2.5.'],
        ['-1', 'Enter a size in GB as a number from 0 up, e.g. 20 or 2.5.'],
        ['', 'Enter a size in GB (0 keeps only what is in use).'],
        ['99999999', 'Enter at most 9007199.254740991 GB.'],
      ] as const) {
        await field.fill(typed);
        await section.getByRole('button', { name: 'Save cache limit' }).click();
        await section.getByRole('alert').filter({ hasText: said }).waitFor({ timeout: 10_000 });
        expect(await field.getAttribute('aria-invalid')).toBe('true');
      }
      // Nothing refused was sent: the setting is still the default.
      expect(storedLimit()).toBeUndefined();

      await field.fill('2.5');
      await section.getByRole('button', { name: 'Save cache limit' }).click();
      await page.getByText('Local cache limit saved: 2.5 GB per machine.').waitFor({ timeout: 10_000 });
      expect(storedLimit()).toBe('2500000000');
      expect(await answeredLimit()).toBe(2_500_000_000);
      expect(await section.getByRole('alert').count()).toBe(0);

      // A fresh page load shows the stored value.
      await page.reload();
      const again = await openSettings(page);
      expect(await again.getByLabel('Local cache limit (GB)').inputValue()).toBe('2.5');
      fs.mkdirSync(artifactsDir, { recursive: true });
      await again.screenshot({ path: path.join(artifactsDir, 'gui-settings-local-cache.png') });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
