// The Voices page in headless Chromium with an installed neural voice (a stand-in Piper voice built by code and
// imported through the API): it is listed with its engine and quality next to eSpeak's voices, and its sample plays.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/main/models/catalogue.js';
import { piperModelId, VOICE_MODELS } from '../../src/main/models/entries/voices.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { piperStandinEntry, writePiperStandin } from '../fixtures/sherpa-standins-voices.js';

const VOICE = 'en_US-standin-medium';
const entry = piperStandinEntry(
  VOICE_MODELS.find((model) => model.id === piperModelId('en_US-ljspeech-medium'))!,
  VOICE,
);

describe.skipIf(browserMissing)('the Voices page with a neural voice installed', () => {
  let gui: GuiHarness;
  let page: Page;

  beforeAll(async () => {
    gui = await startGuiHarness('dubdesk-gui-voices-', { models: { catalogue: createCatalogue([entry]) } });
    const folder = path.join(gui.tempDir, 'standin-voice');
    writePiperStandin(folder, VOICE);
    await gui.service.core.models.importFrom(entry.id, folder);
    const context = await gui.browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    await page.goto(gui.service.guiUrl);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Voices', exact: true }).click();
  }, 180_000);

  afterAll(async () => {
    await page?.context().close();
    await gui?.close();
  });

  it('shows the Piper voice as standard and eSpeak voices as draft, and plays the Piper sample', async () => {
    await page.getByText(/^\d+ of \d+ voices$/).waitFor({ timeout: 30_000 });
    await page.getByLabel('Language', { exact: true }).selectOption('en');
    const piper = page.locator('.voices-table tbody tr').filter({ hasText: `piper:${VOICE}` });
    await piper.waitFor({ timeout: 10_000 });
    expect(await piper.locator('td:nth-child(4)').textContent()).toBe('Piperstandard');
    const espeak = page.locator('.voices-table tbody tr').filter({ hasText: 'espeak:en-us' }).first();
    expect(await espeak.locator('td:nth-child(4)').textContent()).toBe('eSpeak NGdraft');

    await piper.getByRole('button', { name: /^Play a sample of Standin/ }).click();
    await piper.getByRole('button', { name: /^Stop a sample of Standin/ }).waitFor({ timeout: 30_000 });
    expect(await piper.locator('.field-error').count()).toBe(0);
    fs.mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: path.join(artifactsDir, 'gui-voices-neural.png') });
  }, 120_000);
});
