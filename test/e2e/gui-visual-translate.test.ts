// Visual translation from the GUI in headless Chromium against a real service: drop a video with English on screen,
// choose Visual translation and the languages, start it, watch it reach Done, and play the Spanish result.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { makeTextVideo } from '../fixtures/text-video.js';

const apertiumMissing =
  browserMissing ||
  systemEngineMissing('Apertium eng-spa', findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false);

describe.skipIf(apertiumMissing)('the GUI: visual translation of a dropped video', () => {
  let harness: GuiHarness;
  let video: string;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-visual-');
    video = (
      await makeTextVideo(harness.tempDir, {
        name: 'sign.mp4',
        durationSec: 4,
        texts: [
          {
            text: 'The house is big',
            startMs: 500,
            endMs: 3500,
            x: '(w-text_w)/2',
            y: 'h-text_h-30',
            fontSize: 26,
            colour: 'white',
          },
        ],
      })
    ).file;
  }, 180_000);

  afterAll(async () => harness?.close());

  it('creates the job from the form, shows it done, and plays the translated video beside the original', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    try {
      await page.goto(harness.service.guiUrl);
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
      await page.setInputFiles('#choose-files-input', [video]);
      await page.getByRole('list', { name: 'Files' }).getByText('Uploaded').waitFor({ timeout: 30_000 });
      await page.getByRole('radio', { name: /Visual translation/ }).check();
      await page.getByLabel('Search source language by name or code').fill('english');
      expect(await page.getByLabel('Source language', { exact: true }).inputValue()).toBe('en');
      await page.getByLabel('Search target language by name or code').fill('spanish');
      expect(await page.getByLabel('Target language', { exact: true }).inputValue()).toBe('es');
      // Editable projects are offered (this job makes none: the default stays None).
      expect(await page.locator('#frame-project option[value="editable"]').isDisabled()).toBe(false);
      expect(await page.locator('#frame-project').inputValue()).toBe('none');
      await page.getByRole('button', { name: 'Start task' }).click();

      await page.getByRole('heading', { name: 'sign.mp4', level: 2 }).waitFor({ timeout: 30_000 });
      await page.locator('.status-pill', { hasText: 'Done' }).waitFor({ timeout: 180_000 });
      const stages = await page.getByRole('list', { name: 'Stages' }).textContent();
      for (const label of ['Finding on-screen text', 'Translating the text', 'Rendering the translated video'])
        expect(stages).toContain(label);
      // The engines the task was planned with at creation, by step.
      await page.getByText('Engines planned at creation').click();
      const planned = await page.getByRole('list', { name: 'Planned engines' }).textContent();
      expect(planned).toContain('Finding and reading the text: Tesseract');
      expect(planned).toMatch(/Erasing the text: OpenCV/);
      const result = page.getByLabel('Result', { exact: true });
      await result.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => result.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      expect(await page.getByLabel('Original', { exact: true }).count()).toBe(1);
      await page.getByRole('button', { name: 'Play' }).click();
      await expect
        .poll(() => result.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
        .toBeGreaterThan(0.3);
      await page.getByRole('button', { name: 'Pause' }).click();
      // At 2 s both show their text: the English on the left, the Spanish in its place on the right.
      await page.locator('video').evaluateAll((videos: HTMLVideoElement[]) =>
        videos.forEach((v) => {
          v.currentTime = 2;
        }),
      );
      await expect
        .poll(() => result.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
        .toBeCloseTo(2, 0);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-visual-translate-done.png') });
    } finally {
      await context.close();
    }
  }, 300_000);
});
