// The Settings page and key roles in headless Chromium against a real service: a key's role is chosen when
// it is made and shown in the list; a window opened with a jobs key says what it cannot manage instead of failing.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../src/main/service.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';

describe.skipIf(browserMissing)('the Settings page and key roles', () => {
  let harness: GuiHarness;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-roles-');
    ({ service, browser } = harness);
  }, 180_000);

  afterAll(async () => harness?.close());

  const statusWith = async (key: string, route: string) =>
    (await fetch(`${service.url}${route}`, { headers: { Authorization: `Bearer ${key}` } })).status;

  async function openSettings(guiUrl: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await page.goto(guiUrl);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    return page;
  }

  async function createKey(page: Page, name: string, role?: 'admin' | 'jobs'): Promise<string> {
    await page.getByLabel('New key name').fill(name);
    if (role) await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByLabel('New API key').textContent())!.trim();
    await page.getByRole('button', { name: 'Done' }).click();
    return key;
  }

  it('makes a jobs key by default and an admin key when chosen, and shows each role in the list', async () => {
    const page = await openSettings(service.guiUrl);
    try {
      const jobsKey = await createKey(page, 'render script');
      const adminKey = await createKey(page, 'ops', 'admin');
      const keys = page.getByRole('table', { name: 'API keys' });
      await expect
        .poll(async () => await keys.getByRole('row').filter({ hasText: 'ops' }).getByRole('cell').nth(1).textContent())
        .toBe('admin');
      expect(
        await keys.getByRole('row').filter({ hasText: 'render script' }).getByRole('cell').nth(1).textContent(),
      ).toBe('jobs');
      expect(
        await keys.getByRole('row').filter({ hasText: 'GUI session' }).getByRole('cell').nth(1).textContent(),
      ).toBe('admin');
      fs.mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'gui-settings-key-roles.png'), fullPage: true });
      expect(await statusWith(jobsKey, '/v1/settings')).toBe(403);
      expect(await statusWith(adminKey, '/v1/settings')).toBe(200);
    } finally {
      await page.context().close();
    }
  });

  it('opened with a jobs key, says settings and keys need an admin key and offers no key creation', async () => {
    const created = await fetch(`${service.url}/v1/keys`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${new URLSearchParams(new URL(service.guiUrl).hash.slice(1)).get('key')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ name: 'window', role: 'jobs' }),
    });
    const { key } = (await created.json()) as { key: string };
    const page = await openSettings(`${service.url}/#key=${key}`);
    try {
      await page
        .getByText("The service's settings are shown to admin keys only; this window's key has the jobs role.")
        .waitFor();
      await page.getByText("Keys are managed with an admin key; this window's key has the jobs role.").waitFor();
      expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
