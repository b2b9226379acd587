// The Settings page's Translation section in headless Chromium against a real service: the engine choice and the
// LLM endpoint are saved for the next job, and the API key, once saved, is never shown again (only that one is set).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../src/main/service.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';

const KEY = 'sk-gui-secret-key-9876543210';

describe.skipIf(browserMissing)('the Settings page: Translation', () => {
  let harness: GuiHarness;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-translation-');
    ({ service, browser } = harness);
  }, 180_000);

  afterAll(async () => harness?.close());

  it('saves the engine, LLM URL, model and key; the key comes back only as "a key is set"', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    try {
      await page.goto(service.guiUrl);
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Settings', exact: true })
        .click();
      const section = page.getByRole('region', { name: 'Translation' });
      await section.waitFor({ timeout: 30_000 });

      await section.getByLabel('Engine').selectOption('llm');
      await section.getByLabel('LLM base URL').fill('http://127.0.0.1:11434/v1');
      await section.getByLabel('LLM model').fill('qwen2.5:7b');
      await section.getByLabel('LLM API key').fill(KEY);
      await section.getByRole('button', { name: 'Save translation settings' }).click();
      await section.getByText('A key is set (never shown).', { exact: false }).waitFor({ timeout: 10_000 });

      const settings = service.core.settings;
      expect([
        settings.get('translation_engine'),
        settings.get('llm_base_url'),
        settings.get('llm_model'),
        settings.get('llm_api_key'),
      ]).toEqual(['llm', 'http://127.0.0.1:11434/v1', 'qwen2.5:7b', KEY]);
      expect(service.core.engines.requireTranslator('en', 'de').title).toBe('LLM: qwen2.5:7b at 127.0.0.1:11434');

      // A fresh page load shows the saved values, the key field empty and the key nowhere on the page.
      await page.reload();
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Settings', exact: true })
        .click();
      await section.waitFor();
      expect(await section.getByLabel('LLM model').inputValue()).toBe('qwen2.5:7b');
      expect(await section.getByLabel('Engine').inputValue()).toBe('llm');
      expect(await section.getByLabel('LLM API key').inputValue()).toBe('');
      expect(await page.content()).not.toContain(KEY);
      fs.mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'gui-settings-translation.png'), fullPage: true });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
