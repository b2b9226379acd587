// The translate form in headless Chromium against a real service that has no speech recognizer: what transcribing
// needs is said once, by the engine plan (its line and Install button), not by a capability hint as well; and the
// "Bilingual subtitles" checkbox sends bilingual_subtitle, is off with its reason while the SRT is the final
// translation, and the finished task offers the bilingual SRT (each English line above its Spanish translation).
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILINGUAL_OFF_FOR_FINAL } from '../../src/renderer/src/features/create/request-builders.js';
import type { RunningService } from '../../src/main/service.js';
import {
  artifactsDir,
  browserMissing,
  startGuiHarness,
  type GuiHarness,
  openTranslateForm as openTranslateFormAt,
} from '../fixtures/browser.js';
import { makeTextFile, makeVideo } from '../fixtures/media.js';

describe.skipIf(browserMissing)(
  'the GUI: bilingual subtitles, and what is missing said by the engine plan alone',
  () => {
    let harness: GuiHarness;
    let service: RunningService;
    let browser: Browser;
    let video: string;
    let englishSrt: string;
    let apiKey: string;

    beforeAll(async () => {
      // No speech recognizer: GET /v1/capabilities says transcribe false, which the form used to repeat as a hint.
      harness = await startGuiHarness('dubdesk-gui-options-', { engines: { speechRecognizers: [] } });
      ({ service, browser } = harness);
      apiKey = new URL(service.guiUrl).hash.replace(/^#key=/, '');
      const mediaDir = path.join(harness.tempDir, 'media');
      fs.mkdirSync(mediaDir);
      video = await makeVideo(mediaDir, { name: 'lecture.mp4', width: 320, height: 180, durationSec: 3 });
      englishSrt = await makeTextFile(
        mediaDir,
        'lecture.srt',
        '1\n00:00:00,200 --> 00:00:01,300\nGood morning.\n\n2\n00:00:01,500 --> 00:00:02,800\nThe house is big.\n',
      );
    }, 180_000);

    afterAll(async () => harness?.close());

    const openTranslateForm = (files: string[]) =>
      openTranslateFormAt(browser, service.guiUrl, files, { viewportHeight: 1500, untilUploaded: true });

    const stepLine = (page: Page, label: string) =>
      page
        .getByRole('region', { name: /will use:/ })
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${label}:`) });
    const visibleText = (page: Page) => page.locator('form.job-form').innerText();

    it('says what transcribing needs in the plan, with its Install button, and no capability hint beside it', async () => {
      const capabilities = (await (
        await fetch(`${service.url}/v1/capabilities`, { headers: { Authorization: `Bearer ${apiKey}` } })
      ).json()) as { capabilities: { transcribe: boolean } };
      expect(capabilities.capabilities.transcribe).toBe(false);
      const page = await openTranslateForm([video]);
      try {
        await page.getByLabel('Source language', { exact: true }).selectOption('en');
        await page.getByLabel('Target language', { exact: true }).selectOption('es');
        const transcribe = stepLine(page, 'Transcribing');
        await transcribe
          .getByText(/^Transcribing English speech needs a speech-recognition model\./)
          .waitFor({ timeout: 15_000 });
        expect(await transcribe.getByRole('button', { name: /^Install / }).count()).toBeGreaterThan(0);
        expect(await page.locator('#submit-blocked').textContent()).toMatch(
          /^This task cannot start yet: Transcribing cannot run with what is installed\./,
        );

        const text = await visibleText(page);
        expect(text).not.toContain('Open the Models page');
        expect(text).not.toContain('Transcribing speech:');
        expect(text).not.toContain('cannot transcribe speech yet');
        // Said once: only the plan's line carries the missing model's message.
        expect(text.split('needs a speech-recognition model').length - 1).toBe(1);
        expect(await page.getByLabel('Subtitles for lecture.mp4').locator('option:checked').textContent()).toBe(
          'None (transcribe the speech)',
        );
        await transcribe.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifactsDir, 'gui-translate-plan-only.png') });
      } finally {
        await page.context().close();
      }
    }, 120_000);

    it("offers real voices as each speaker's own voice, cloned; without the cloning model the plan offers its install and Start is off", async () => {
      const page = await openTranslateForm([video, englishSrt]);
      try {
        await page.getByLabel('Target language', { exact: true }).selectOption('en');
        const voiceModel = page.getByLabel('Voice model', { exact: true });
        expect(await voiceModel.locator('option').allTextContents()).toEqual([
          'Auto',
          "Real (each speaker's own voice, cloned)",
          'Native (stock voice)',
        ]);
        const speak = stepLine(page, 'Voicing the translation');
        await expect
          .poll(async () => speak.textContent(), { timeout: 15_000 })
          .toBe('Voicing the translation: eSpeak NG (built in)draft');

        await voiceModel.selectOption('real');
        await speak
          .getByText(/^Dubbing English in each speaker's own voice \(voice_model real\) needs a voice-cloning model\./)
          .waitFor({ timeout: 15_000 });
        await speak
          .getByRole('button', { name: 'Install ZipVoice distill (voice cloning, Chinese and English)' })
          .waitFor();
        expect(await page.locator('#submit-blocked').textContent()).toMatch(
          /^This task cannot start yet: Voicing the translation cannot run with what is installed\. Install the model above, or change the settings\.$/,
        );
        expect(await page.getByRole('button', { name: 'Start task' }).isDisabled()).toBe(true);
        await speak.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifactsDir, 'gui-translate-real-voice.png') });
      } finally {
        await page.context().close();
      }
    }, 120_000);

    it('turns bilingual subtitles off for a final translation, sends bilingual_subtitle for the original speech, and the task offers the bilingual SRT', async () => {
      const page = await openTranslateForm([video, englishSrt]);
      const sent: Record<string, unknown>[] = [];
      await page.route('**/v1/media/translate', async (route) => {
        sent.push(route.request().postDataJSON() as Record<string, unknown>);
        await route.continue();
      });
      try {
        const bilingual = page.getByRole('checkbox', {
          name: 'Bilingual subtitles (original line above each translation)',
        });
        const reason = page.locator('#translate-bilingual-hint');
        // A dropped SRT is taken as the final translation: no original lines, so the box is off and says why.
        expect(await page.getByRole('radio', { name: /The final translation/ }).isChecked()).toBe(true);
        expect(await bilingual.isDisabled()).toBe(true);
        expect(await reason.textContent()).toBe(BILINGUAL_OFF_FOR_FINAL);
        await page.getByLabel('Target language', { exact: true }).selectOption('es');
        await bilingual.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifactsDir, 'gui-translate-bilingual-off.png') });

        await page.getByRole('radio', { name: /The original speech/ }).check();
        await page.getByLabel('Source language', { exact: true }).selectOption('en');
        expect(await bilingual.isDisabled()).toBe(false);
        expect(await reason.textContent()).toBe('Default: off. An extra SRT download (bilingual_subtitle).');
        await bilingual.check();
        await expect
          .poll(async () => stepLine(page, 'Translating').textContent(), { timeout: 15_000 })
          .toMatch(/^Translating: Apertium \(draft\)draft/);
        await page.screenshot({ path: path.join(artifactsDir, 'gui-translate-bilingual-on.png') });

        await page.getByRole('button', { name: 'Start task' }).click();
        await page.getByRole('heading', { name: 'lecture.mp4', level: 2 }).waitFor({ timeout: 30_000 });
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ bilingual_subtitle: true, source_language: 'en', target_language: 'es' });
        expect(sent[0]).not.toHaveProperty('subtitle_usage_type');
        expect(sent[0].subtitle_url).toMatch(/\/v1\/files\//);

        await page.locator('.status-pill', { hasText: 'Done' }).waitFor({ timeout: 240_000 });
        const download = page.getByRole('link', { name: 'Subtitles (SRT, original above translation)' });
        await download.waitFor({ timeout: 30_000 });
        const srt = await (
          await fetch(new URL((await download.getAttribute('href'))!, service.url), {
            headers: { Authorization: `Bearer ${apiKey}` },
          })
        ).text();
        expect(srt).toMatch(/Good morning\.\r?\nBuenos días\./);
        expect(srt).toMatch(/The house is big\.\r?\nLa casa es grande\./);
        await download.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifactsDir, 'gui-translate-bilingual-done.png') });
      } finally {
        await page.context().close();
      }
    }, 360_000);
  },
);
