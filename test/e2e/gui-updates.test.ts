// The GUI's update notice and Settings section in headless Chromium against a real service. Served to a browser the
// GUI shows nothing about updates; with a desktop bridge (a stand-in for the preload, which needs Electron) it shows
// "DubDesk <version> is ready", holds Restart to update while jobs run, and saves "Check for updates automatically".
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../src/main/service.js';
import { browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';

/** Runs in the page before the GUI: window.dubdesk as the preload makes it, its update side scripted by the test. */
function installBridge() {
  const page = window as unknown as Record<string, unknown>;
  const listeners: Array<(state: unknown) => void> = [];
  page.__pushUpdateState = (state: unknown) => listeners.forEach((listener) => listener(state));
  page.__restarts = 0;
  page.dubdesk = {
    isDesktop: true,
    openFiles: async () => ({ ok: true, value: [] }),
    revealInFolder: async () => ({ ok: true, value: undefined }),
    pathForFile: () => '',
    updateState: async () => ({ ok: true, value: { status: 'ready', version: '0.2.0', jobsRunning: true } }),
    onUpdateState: (listener: (state: unknown) => void) => (listeners.push(listener), () => {}),
    checkForUpdates: async () => ({ ok: true, value: { status: 'checking' } }),
    restartToUpdate: async () => ((page.__restarts as number)++, { ok: true, value: undefined }),
  };
}

describe.skipIf(browserMissing)('the GUI and updates', () => {
  let harness: GuiHarness;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-updates-');
    ({ service, browser } = harness);
  }, 180_000);
  afterAll(async () => harness?.close());

  async function openPage(bridge: boolean): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    if (bridge) await page.addInitScript(installBridge);
    await page.goto(service.guiUrl);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    return page;
  }
  const openSettings = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('region', { name: 'Local cache' }).waitFor({ timeout: 30_000 });
  };

  it('shows nothing about updates in a browser', async () => {
    const page = await openPage(false);
    try {
      await openSettings(page);
      expect(await page.getByRole('region', { name: 'Updates' }).count()).toBe(0);
      expect(await page.getByText(/Restart to update|Check for updates/).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('offers the restart once no job runs, and saves the automatic check in the service settings', async () => {
    const page = await openPage(true);
    try {
      const notice = page.getByRole('region', { name: 'Update' });
      await notice.getByText('DubDesk 0.2.0 is ready.').waitFor({ timeout: 10_000 });
      const restart = notice.getByRole('button', { name: 'Restart to update' });
      expect(await restart.isDisabled()).toBe(true);
      await notice.getByText('after the running jobs finish').waitFor();

      await page.evaluate(() =>
        (window as unknown as { __pushUpdateState(s: unknown): void }).__pushUpdateState({
          status: 'ready',
          version: '0.2.0',
          jobsRunning: false,
        }),
      );
      await expect.poll(() => restart.isEnabled()).toBe(true);
      await restart.click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { __restarts: number }).__restarts)).toBe(1);

      await openSettings(page);
      const updates = page.getByRole('region', { name: 'Updates' });
      const box = updates.getByLabel('Check for updates automatically');
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await page.getByText('Automatic update checks are off.').waitFor({ timeout: 10_000 });
      expect(service.core.settings.get('check_for_updates')).toBe('false');
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
