// The translate form in headless Chromium against a real service: "This job will use:" lists the engine of each step
// for the settings chosen (draft engines badged), and a step whose model is missing shows why, an Install button and
// a Start button that is off with the reason; Install downloads the model (a Bergamot stand-in built by code, from a
// loopback server), its progress shows, and the list then names the engine.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { bergamotModelId } from '../../src/main/models/entries/translation.js';
import type { RunningService } from '../../src/main/service.js';
import { writeBergamotStandin } from '../fixtures/bergamot-standin.js';
import {
  artifactsDir,
  browserMissing,
  startGuiHarness,
  type GuiHarness,
  openTranslateForm as openTranslateFormAt,
} from '../fixtures/browser.js';
import { makeVideo } from '../fixtures/media.js';
import { startTrickleServer, type TrickleServer } from '../fixtures/trickle-server.js';

const MODEL_ID = bergamotModelId('en', 'de');
/** Each file arrives in this many pieces, one every TRICKLE_MS: an install a person can watch. */
const TRICKLE_PIECES = 6;
const TRICKLE_MS = 150;

/** A loopback "model hub" serving each file of a folder gzipped, as Firefox Translations publishes them. */
function startModelHub(dir: string): Promise<TrickleServer> {
  return startTrickleServer({
    pieces: TRICKLE_PIECES,
    pieceMs: TRICKLE_MS,
    body(pathname) {
      const file = path.join(dir, path.basename(decodeURIComponent(pathname.slice(1)).replace(/\.gz$/, '')));
      return fs.existsSync(file)
        ? { bytes: zlib.gzipSync(fs.readFileSync(file)), contentType: 'application/gzip' }
        : undefined;
    },
  });
}

describe.skipIf(browserMissing)('the GUI: which engines a translate task will use', () => {
  let harness: GuiHarness;
  let hub: { url: string; close(): Promise<void> };
  let service: RunningService;
  let browser: Browser;
  let video: string;

  beforeAll(async () => {
    const standin = writeBergamotStandin(
      path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'dubdesk-plan-hub-')), 'en-de'),
      'en',
      'de',
    );
    hub = await startModelHub(standin.dir);
    const size = (name: string) => fs.statSync(path.join(standin.dir, name)).size;
    // The real catalogue, with the English-to-German pair downloaded from the loopback hub (the stand-in's own bytes, so no published checksums).
    const catalogue = createCatalogue(
      [],
      BUILTIN_CATALOGUE.map((entry) =>
        entry.id === MODEL_ID
          ? {
              ...entry,
              sizeBytes: entry.files.reduce((sum, file) => sum + size(file.name), 0),
              files: entry.files.map(({ sha256: _published, sizeBytes: _publishedSize, ...file }) => ({
                ...file,
                url: `${hub.url}/${file.name}.gz`,
              })),
            }
          : entry,
      ),
    );
    harness = await startGuiHarness('dubdesk-gui-plan-', { models: { catalogue, progressIntervalMs: 50 } });
    ({ service, browser } = harness);
    const mediaDir = path.join(harness.tempDir, 'media');
    fs.mkdirSync(mediaDir);
    video = await makeVideo(mediaDir, { name: 'interview.mp4', width: 320, height: 180, durationSec: 2 });
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await hub?.close();
  });

  const openTranslateForm = (files = [video]) =>
    openTranslateFormAt(browser, service.guiUrl, files, { viewportHeight: 1400 });

  const planSection = (page: Page) => page.getByRole('region', { name: /will use:/ });
  const stepLine = (page: Page, label: string) =>
    planSection(page)
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${label}:`) });

  it('lists the engine of each step as languages change, with a draft badge on draft engines', async () => {
    const page = await openTranslateForm();
    try {
      const plan = planSection(page);
      await plan
        .getByText('Choose the target language to see which engines this task will use.')
        .waitFor({ timeout: 30_000 });

      await page.getByLabel('Source language', { exact: true }).selectOption('en');
      await page.getByLabel('Target language', { exact: true }).selectOption('es');
      const transcribe = stepLine(page, 'Transcribing');
      await transcribe.waitFor({ timeout: 10_000 });
      expect(await transcribe.textContent()).toMatch(/^Transcribing: PocketSphinx \(English, draft\)draft/);
      expect(await transcribe.locator('.badge.draft').textContent()).toBe('draft');
      // A draft says in words what to expect of it on real media, and offers the model that would do better.
      expect(await transcribe.locator('.plan-expectation').textContent()).toMatch(
        /many words wrong on real recordings/,
      );
      await transcribe.getByRole('button', { name: /^Install Whisper/ }).waitFor({ timeout: 10_000 });
      const translating = stepLine(page, 'Translating');
      expect(await translating.textContent()).toMatch(/^Translating: Apertium \(draft\)draft/);
      expect(await translating.locator('.plan-expectation').textContent()).toMatch(/proofread the translation/);
      await translating.getByRole('button', { name: /^Install .*English.*Spanish/ }).waitFor({ timeout: 10_000 });
      expect(await stepLine(page, 'Identifying the language').textContent()).toBe(
        'Identifying the language: skipped: source_language is English',
      );
      await plan.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, 'gui-engine-plan.png') });

      // The usage type only matters with a subtitle file: without one the speech is still transcribed and translated.
      await page.getByRole('radio', { name: /The final translation/ }).check();
      await page.waitForTimeout(800);
      expect(await stepLine(page, 'Transcribing').textContent()).toMatch(
        /^Transcribing: PocketSphinx \(English, draft\)draft/,
      );

      // One speaker at most: nobody needs telling apart.
      await page.getByText('More settings').click();
      await page.getByLabel('Most speakers').fill('1');
      await expect
        .poll(async () => stepLine(page, 'Telling speakers apart').textContent(), { timeout: 10_000 })
        .toBe('Telling speakers apart: skipped: speaker_number.max is 1: one speaker');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('with an SRT that is the final translation, transcribing and translating are skipped', async () => {
    const srt = path.join(path.dirname(video), 'interview.srt');
    fs.writeFileSync(srt, '1\n00:00:00,200 --> 00:00:01,500\nGuten Tag.\n');
    const page = await openTranslateForm([video, srt]);
    try {
      await page.getByLabel('Target language', { exact: true }).selectOption('de');
      await stepLine(page, 'Transcribing')
        .getByText('skipped: the lines come from the given subtitles')
        .waitFor({ timeout: 10_000 });
      expect(await stepLine(page, 'Translating').textContent()).toBe(
        'Translating: skipped: the subtitles are the final translation',
      );
      expect(await stepLine(page, 'Voicing the translation').textContent()).toBe(
        'Voicing the translation: eSpeak NG (built in)draft',
      );

      // Saying the file holds the original speech brings translation back (German subtitles into German: nothing to translate).
      await page.getByRole('radio', { name: /The original speech/ }).check();
      await page.getByLabel('Target language', { exact: true }).selectOption('es');
      await expect
        .poll(async () => stepLine(page, 'Translating').textContent(), { timeout: 10_000 })
        .not.toContain('skipped');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('a missing model: its message, an Install button, Start off with the reason; installing it brings the engine in', async () => {
    const page = await openTranslateForm();
    try {
      await page.getByLabel('Source language', { exact: true }).selectOption('en');
      await page.getByLabel('Target language', { exact: true }).selectOption('de');
      const translate = stepLine(page, 'Translating');
      await translate
        .getByText(/^Translating English to German needs a translation model\./)
        .waitFor({ timeout: 10_000 });
      expect(await translate.textContent()).toContain(`dubdesk models install ${MODEL_ID}`);
      const install = translate.getByRole('button', { name: 'Install Firefox Translations English to German' });
      await install.waitFor();

      const start = page.getByRole('button', { name: 'Start task' });
      expect(await start.isDisabled()).toBe(true);
      const reason = await page.locator('#submit-blocked').textContent();
      expect(reason).toMatch(
        /^This task cannot start yet: (.+ and )?Translating( and .+)? cannot run with what is installed\. Install the model above, or change the settings\.$/,
      );
      await translate.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, 'gui-engine-plan-missing.png') });

      await install.click();
      const bar = translate.getByRole('progressbar', {
        name: 'Install progress of Firefox Translations English to German',
      });
      await bar.waitFor({ timeout: 10_000 });
      expect(await translate.locator('.install-text').textContent()).toMatch(/^(Downloading|Checking)/);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-engine-plan-installing.png') });

      // Once installed the plan is asked again: the step names Bergamot, a standard engine, and Start is on.
      await expect
        .poll(async () => stepLine(page, 'Translating').textContent(), { timeout: 60_000 })
        .toBe('Translating: Bergamot (Firefox Translations)');
      expect(await page.locator('#submit-blocked').count()).toBe(0);
      expect(await start.isDisabled()).toBe(false);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-engine-plan-installed.png') });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
