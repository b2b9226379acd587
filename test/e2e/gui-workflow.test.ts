// The desktop GUI in headless Chromium against a real service (real uploads, real dub pipeline with eSpeak voices):
// drop files, create a dub, watch it finish, play and seek the result; inline errors; cancel and retry from the queue.
import { formatSrtTime } from '../../src/main/media/srt.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { artifactsDir, browserMissing, buildRenderer, launchBrowser } from '../fixtures/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { startService, type RunningService } from '../../src/main/service.js';
import { makeTextFile } from '../fixtures/media.js';
import { makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';

const CUES: SpokenCue[] = [
  { startMs: 400, endMs: 2200, text: 'Good morning and welcome.', voice: 'espeak:en+f2' },
  { startMs: 2800, endMs: 4600, text: 'Let us talk about the weather.', voice: 'espeak:en+m3' },
];
const GERMAN = ['Guten Morgen und willkommen.', 'Reden wir über das Wetter.'];

function srt(cues: readonly { startMs: number; endMs: number }[], texts: readonly string[]): string {
  return cues
    .map((cue, i) => `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n${texts[i]}\n`)
    .join('\n');
}

describe.skipIf(browserMissing)('the GUI: drop, create, queue, preview', () => {
  let tempDir: string;
  let mediaDir: string;
  let service: RunningService;
  let browser: Browser;
  let video: string;
  let germanSrt: string;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-gui-'));
    mediaDir = path.join(tempDir, 'media');
    fs.mkdirSync(mediaDir);
    fs.mkdirSync(artifactsDir, { recursive: true });
    const rendererDir = await buildRenderer(path.join(tempDir, 'build'));
    video = (await makeSpokenVideo(mediaDir, { cues: CUES, name: 'talk' })).videoPath;
    germanSrt = await makeTextFile(mediaDir, 'talk.de.srt', srt(CUES, GERMAN));
    service = await startService(
      resolveConfig({ dataDir: path.join(tempDir, 'data'), host: '127.0.0.1', port: 0, concurrency: 1 }, {}),
      { log: () => {}, rendererDir },
    );
    browser = await launchBrowser({ autoplay: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  async function openGui(options: BrowserContextOptions = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
    const page = await context.newPage();
    await page.goto(service.guiUrl);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    return page;
  }

  /** The window scrolls inside <main>, so a tall viewport stands in for a full-page shot. */
  async function shot(page: Page, name: string, tall = false): Promise<void> {
    const size = page.viewportSize();
    if (tall && size) await page.setViewportSize({ width: size.width, height: 2000 });
    await page.screenshot({ path: path.join(artifactsDir, `gui-${name}.png`) });
    if (tall && size) await page.setViewportSize(size);
  }

  it('dubs a dropped video with its German SRT: upload, form, progress to done, result plays and seeks', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    try {
      // Time to first render: navigation start until the task list is on screen.
      await page.goto(service.guiUrl);
      await page.getByText('No tasks yet.').waitFor({ timeout: 30_000 });
      const firstRenderMs = await page.evaluate(() => performance.now());
      const bundle = fs
        .readdirSync(path.join(tempDir, 'build', 'renderer', 'assets'))
        .map((name) => ({ name, bytes: fs.statSync(path.join(tempDir, 'build', 'renderer', 'assets', name)).size }));
      fs.writeFileSync(
        path.join(artifactsDir, 'gui-metrics.json'),
        JSON.stringify({ firstRenderMs: Math.round(firstRenderMs), bundle }, null, 2),
      );
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });

      await page.setInputFiles('#choose-files-input', [video, germanSrt]);
      const files = page.getByRole('list', { name: 'Files' });
      await files.getByText('Uploaded').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => files.getByText('Uploaded').count(), { timeout: 30_000 }).toBe(2);
      expect(await files.textContent()).toContain('Subtitles');

      await page.getByRole('radio', { name: /Translate and dub/ }).check();
      expect(await page.getByLabel('Subtitles for talk.mp4').inputValue()).not.toBe('');
      // Searching by name picks the language.
      await page.getByLabel('Search target language by name or code').fill('germ');
      expect(await page.getByLabel('Target language', { exact: true }).inputValue()).toBe('de');
      await page.getByRole('radio', { name: /The final translation/ }).check();
      expect(await page.getByLabel('Export', { exact: true }).inputValue()).toBe('auto');
      await shot(page, 'create', true);

      await page.getByRole('button', { name: 'Start task' }).click();
      await page.getByRole('heading', { name: 'talk.mp4', level: 2 }).waitFor({ timeout: 30_000 });
      const bar = page.getByRole('progressbar', { name: 'Progress of talk.mp4' });
      await expect
        .poll(async () => Number(await bar.getAttribute('value')), { timeout: 120_000, interval: 200 })
        .toBeGreaterThan(0);
      await shot(page, 'task-running');
      await page.locator('.status-pill', { hasText: 'Done' }).waitFor({ timeout: 180_000 });
      expect(await bar.getAttribute('value')).toBe('100');
      const stages = await page.getByRole('list', { name: 'Stages' }).textContent();
      expect(stages).toContain('Synthesizing voices');
      // The service records why a stage was skipped; the timeline shows its words.
      expect(stages).toContain('Translatingskipped: the subtitles are the final translation');

      // Original and result side by side; the result plays and seeks.
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
      // Seek with the keyboard on the position slider, as a user would.
      const position = page.getByRole('slider', { name: 'Position' });
      await position.focus();
      await page.keyboard.press('End');
      await expect
        .poll(() => result.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
        .toBeGreaterThan(4);
      await page.keyboard.press('Home');
      await expect
        .poll(() => result.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
        .toBeLessThan(0.5);
      // The subtitles of the result are listed; choosing a cue seeks there.
      const cues = page.getByRole('list', { name: 'Subtitles' });
      expect(await cues.textContent()).toContain('Guten Morgen und willkommen.');
      await cues.getByRole('button').last().click();
      await expect
        .poll(() => result.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
        .toBeGreaterThan(2);
      await shot(page, 'task-done', true);

      await page.getByRole('radio', { name: 'Wipe' }).check();
      await page.locator('.wipe-control input').focus();
      for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
      await shot(page, 'wipe');
      expect(await page.getByRole('link', { name: 'Video' }).getAttribute('href')).toMatch(/\/v1\/files\/.+download=1/);
      expect(await page.locator('.api-request pre').textContent()).toContain(
        '"subtitle_usage_type": "final_translated"',
      );

      await page.getByRole('button', { name: 'Tasks', exact: true }).click();
      const row = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: 'talk.mp4' });
      await row.getByText('Done', { exact: true }).waitFor({ timeout: 30_000 });
      await shot(page, 'queue');
    } finally {
      await context.close();
    }
  }, 400_000);

  it('shows a schema error and an API error (overlapping SRT) next to the field they concern', async () => {
    const page = await openGui();
    try {
      const overlapping = await makeTextFile(
        mediaDir,
        'talk.srt',
        srt(
          [
            { startMs: 400, endMs: 3000 },
            { startMs: 2500, endMs: 4000 },
          ],
          GERMAN,
        ),
      );
      // A real drop on the window: a DataTransfer carrying the two files.
      const payload = [video, overlapping].map((file) => ({
        name: path.basename(file),
        base64: fs.readFileSync(file).toString('base64'),
        type: file.endsWith('.mp4') ? 'video/mp4' : '',
      }));
      const dataTransfer = await page.evaluateHandle((items) => {
        const transfer = new DataTransfer();
        for (const item of items)
          transfer.items.add(
            new File([Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0))], item.name, { type: item.type }),
          );
        return transfer;
      }, payload);
      await page.dispatchEvent('main', 'dragenter', { dataTransfer });
      await page.dispatchEvent('main', 'drop', { dataTransfer });
      await expect
        .poll(() => page.getByRole('list', { name: 'Files' }).getByText('Uploaded').count(), { timeout: 30_000 })
        .toBe(2);

      // Checked in the page with the shared schema before anything is sent.
      await page.getByRole('button', { name: 'Start task' }).click();
      const targetError = page.locator('#translate-target-error');
      await targetError.waitFor({ timeout: 10_000 });
      expect(await targetError.textContent()).toMatch(/not in the expected form|required/);
      expect(await page.getByLabel('Target language', { exact: true }).getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('Target language', { exact: true }).selectOption('de');
      await page.getByRole('button', { name: 'Start task' }).click();
      const subtitleError = page.locator('#subtitle-0-error');
      await subtitleError.waitFor({ timeout: 30_000 });
      expect(await subtitleError.textContent()).toMatch(/overlap/i);
      expect(await page.getByLabel('Subtitles for talk.mp4').getAttribute('aria-describedby')).toContain(
        'subtitle-0-error',
      );
      await shot(page, 'validation', true);
      await page.getByRole('button', { name: 'Clear' }).click();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('starts a batch, cancels one task and retries it from the queue', async () => {
    const page = await openGui({ colorScheme: 'dark' });
    try {
      const copies = ['alpha', 'beta'].flatMap((name) => {
        const copy = path.join(mediaDir, `${name}.mp4`);
        fs.copyFileSync(video, copy);
        const subtitles = path.join(mediaDir, `${name}.srt`);
        fs.copyFileSync(germanSrt, subtitles);
        return [copy, subtitles];
      });
      await page.setInputFiles('#choose-files-input', copies);
      await expect
        .poll(() => page.getByRole('list', { name: 'Files' }).getByText('Uploaded').count(), { timeout: 30_000 })
        .toBe(4);
      await page.getByRole('radio', { name: /Translate and dub/ }).check();
      expect(await page.getByLabel('Subtitles for beta.mp4').inputValue()).not.toBe('');
      await page.getByLabel('Target language', { exact: true }).selectOption('de');
      await page.getByRole('radio', { name: /The final translation/ }).check();
      await page.getByRole('button', { name: 'Start 2 tasks' }).click();

      const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
      const beta = rows.filter({ hasText: 'beta.mp4' });
      await beta.first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Cancel beta.mp4' }).click();
      await beta.getByText('Cancelled', { exact: true }).waitFor({ timeout: 30_000 });
      await shot(page, 'queue-cancelled');

      await page.getByRole('button', { name: 'Retry beta.mp4' }).click();
      await expect.poll(() => beta.count(), { timeout: 30_000 }).toBe(2);
      await beta.getByText('Done', { exact: true }).waitFor({ timeout: 300_000 });
      await rows.filter({ hasText: 'alpha.mp4' }).getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });

      // Filters narrow the list without reloading it.
      await page.getByLabel('Status', { exact: true }).selectOption('cancelled');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
      await shot(page, 'queue-dark');
      await page.getByLabel('Status', { exact: true }).selectOption('all');
      // The first row must be the unfiltered list's: the filtered one's row moves down to index 1 when it re-renders.
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(1);

      // Keyboard: arrows move between rows, Enter opens the task.
      await rows.first().locator('.task-open').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-index'))).toBe('1');
      await page.keyboard.press('Enter');
      await page.getByRole('list', { name: 'Stages' }).waitFor({ timeout: 10_000 });

      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByText('Webhook signing secret').waitFor({ timeout: 30_000 });
      await shot(page, 'settings');
      await page.getByRole('button', { name: 'Models' }).click();
      await page.getByRole('heading', { name: 'Models' }).waitFor();
      await page.locator('.model').first().waitFor({ timeout: 30_000 });
      await shot(page, 'models');
    } finally {
      await page.context().close();
    }
  }, 600_000);
});
