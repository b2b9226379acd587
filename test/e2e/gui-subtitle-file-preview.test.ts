// The GUI in headless Chromium against a real service: a chosen SRT is read in the browser with the service's own
// decoder and parser, so the create form previews its cues (any encoding, named) and shows why a file is not SRT.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import {
  artifactsDir,
  browserMissing,
  startGuiHarness,
  type GuiHarness,
  openTranslateForm as openTranslateFormAt,
} from '../fixtures/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../src/main/service.js';
import { makeTextFile, makeVideo } from '../fixtures/media.js';

// Every character here is in Latin-1, so Buffer's 'latin1' writes the Windows-1252 bytes (é = 0xE9, Ä = 0xC4).
const LINES = [
  "Un café, s'il vous plaît.",
  "C'est très naïve.",
  'Ärger über die Größe.',
  'Déjà vu, señor.',
  'Grüße aus München.',
  'À bientôt, garçon.',
];
const WINDOWS_1252_SRT = Buffer.from(
  LINES.map((line, i) => `${i + 1}\r\n00:00:0${i},100 --> 00:00:0${i},900\r\n${line}\r\n`).join('\r\n'),
  'latin1',
);

describe.skipIf(browserMissing)('the GUI: preview of a chosen subtitle file', () => {
  let harness: GuiHarness;
  let mediaDir: string;
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-srt-');
    ({ service, browser } = harness);
    mediaDir = path.join(harness.tempDir, 'media');
    fs.mkdirSync(mediaDir);
  }, 180_000);

  afterAll(async () => harness?.close());

  const openTranslateForm = (files: string[]) => openTranslateFormAt(browser, service.guiUrl, files);

  it('shows the first cues of a chosen Windows-1252 SRT with its accents intact and names the detected encoding', async () => {
    const video = await makeVideo(mediaDir, { name: 'cafe.mp4', width: 320, height: 180, durationSec: 2 });
    const srt = await makeTextFile(mediaDir, 'cafe.srt', WINDOWS_1252_SRT);
    const page = await openTranslateForm([video, srt]);
    try {
      const preview = page.getByRole('region', { name: 'Preview of cafe.srt' });
      await preview.waitFor({ timeout: 30_000 });
      await expect.poll(() => preview.getByText('Encoding: Windows-1252 (detected)').count()).toBe(1);
      const cues = await preview.getByRole('list', { name: 'Subtitles' }).locator('.cue-text').allTextContents();
      expect(cues).toEqual(LINES.slice(0, 5));
      expect(await preview.getByText('6 cues in all; the first 5 are shown.').count()).toBe(1);
      expect(await page.locator('body').textContent()).not.toContain('\uFFFD');
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, 'gui-subtitle-file-preview.png') });
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("shows the parser's message next to the subtitle field when the chosen .srt holds no cues", async () => {
    const video = await makeVideo(mediaDir, { name: 'notes.mp4', width: 320, height: 180, durationSec: 2 });
    const notSubtitles = await makeTextFile(mediaDir, 'notes.srt', 'secret shopping list\nmilk\neggs\n');
    const page = await openTranslateForm([video, notSubtitles]);
    try {
      const field = page.getByLabel('Subtitles for notes.mp4');
      await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
      const message = await page.locator('#subtitle-0-error').textContent();
      expect(message).toMatch(/^The subtitle file is not valid SRT: line 1 should hold a cue number or a timing line/);
      expect(message).not.toMatch(/shopping|milk|eggs/);
      expect(await page.getByRole('region', { name: 'Preview of notes.srt' }).count()).toBe(0);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-subtitle-file-error.png') });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
