import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig as resolveBuildConfig } from 'electron-vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { startService, type RunningService } from '../../src/main/service.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const chromiumPath = process.env.DUBDESK_CHROMIUM ?? '/usr/bin/chromium';
const artifacts = path.join(repoRoot, 'test-artifacts');

function sessionKeyOf(guiUrl: string): string {
  const key = new URLSearchParams(new URL(guiUrl).hash.slice(1)).get('key');
  if (!key) throw new Error(`${guiUrl} carries no #key=`);
  return key;
}

/** Builds only the renderer, into out/renderer where the service looks for it (about a second). */
async function buildRenderer(): Promise<void> {
  const resolved = await resolveBuildConfig({ root: repoRoot, logLevel: 'warn' }, 'build', 'production');
  const renderer = resolved.config?.renderer;
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer config.');
  await viteBuild(renderer);
}

describe.skipIf(!fs.existsSync(chromiumPath))('the GUI in a browser (web mode)', () => {
  let dataDir: string;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    await buildRenderer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-web-'));
    service = await startService(resolveConfig({ dataDir, host: '127.0.0.1', port: 0, concurrency: 1 }, {}), { log: () => {} });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    return context.newPage();
  }

  it('opens from the service link, hides the key, shows the empty task list with live updates', async () => {
    const page = await newPage();
    try {
      await page.goto(service.guiUrl);
      await expect.poll(() => page.getByRole('heading', { name: 'DubDesk', level: 1 }).isVisible(), { timeout: 30_000 }).toBe(true);
      await page.getByText('No tasks yet.').waitFor({ timeout: 30_000 });
      // The event stream connected (EventSource passes the key as ?key=).
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });

      const sessionKey = sessionKeyOf(service.guiUrl);
      expect(page.url()).toBe(`${service.url}/`);
      expect(page.url()).not.toContain(sessionKey);
      expect(await page.evaluate(() => sessionStorage.getItem('dubdesk.apiKey'))).toBe(sessionKey);

      fs.mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: path.join(artifacts, 'web-mode.png'), fullPage: true });

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
      fs.mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: path.join(artifacts, 'web-mode-after-key-form.png') });
    } finally {
      await page.context().close();
    }
  });
});
