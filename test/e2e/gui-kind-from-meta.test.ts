// A job kind the renderer has never heard of, in headless Chromium against a real service: `test_clip` is registered
// only through the core's `kinds` option, and the GUI offers it in the create list, creates its tasks, lists them in
// the task rows and shows each one's original beside its result, all from GET /v1/meta (no renderer code names it).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { clipTestKind } from '../fixtures/clip-test-kind.js';
import { makeImage, makeVideo } from '../fixtures/media.js';

describe.skipIf(browserMissing)('the GUI: a kind known only from GET /v1/meta', () => {
  let harness: GuiHarness;
  let files: string[];

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-kind-meta-', { kinds: [clipTestKind] });
    files = [
      await makeVideo(harness.tempDir, { durationSec: 2, width: 320, height: 180, name: 'walk.mp4' }),
      await makeImage(harness.tempDir, { width: 160, height: 120, name: 'still.png' }),
    ];
  }, 180_000);

  afterAll(async () => harness?.close());

  const taskRow = (page: Page, name: string) =>
    page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: name });

  it('offers it for the files its main input takes, creates a task per file and shows each original beside the result', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    try {
      await page.goto(harness.service.guiUrl);
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
      await page.setInputFiles('#choose-files-input', files);
      const uploaded = page.getByRole('list', { name: 'Files' }).getByText('Uploaded');
      await expect.poll(() => uploaded.count(), { timeout: 30_000 }).toBe(2);

      // In the create list after the built-in offers, named by its title from GET /v1/meta, one task per file.
      const offers = await page.getByRole('group', { name: 'What to make' }).locator('.offer-title').allInnerTexts();
      expect(offers.at(-1)).toBe('Test clip · 2 tasks');
      await page.getByRole('radio', { name: /Test clip/ }).check();
      await page.getByRole('heading', { name: 'Test clip', level: 3 }).waitFor();
      expect(await page.locator('.job-form .inputs li').allInnerTexts()).toEqual(['walk.mp4', 'still.png']);

      // The service checks the body with the kind's own schema, and its message reaches the form.
      await page.getByRole('button', { name: 'Start 2 tasks' }).click();
      expect(await page.locator('#form-error').innerText()).toMatch(/note/);
      await page.getByLabel('Other fields (JSON)').fill('{"note": oops}');
      await page.getByRole('button', { name: 'Start 2 tasks' }).click();
      expect(await page.locator('#kind-fields-error').innerText()).toMatch(/^Not JSON: /);
      await page.getByLabel('Other fields (JSON)').fill('{"note": "from the GUI"}');
      await page.getByRole('button', { name: 'Start 2 tasks' }).click();

      // Both tasks in the task rows, under the kind's title, named by their input.
      await page.getByRole('heading', { name: 'Tasks', level: 2 }).waitFor({ timeout: 30_000 });
      for (const name of ['walk.mp4', 'still.png']) {
        const row = taskRow(page, name);
        await row.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
        expect(await row.locator('.task-kind').innerText()).toBe('Test clip');
      }
      await page.screenshot({ path: path.join(artifactsDir, 'gui-kind-from-meta-tasks.png') });

      // The picture's task: the service was told its sort (clip_type image), and the picture shows beside the result.
      await taskRow(page, 'still.png').locator('.task-open').click();
      await page.getByRole('heading', { name: 'still.png', level: 2 }).waitFor();
      const result = page.getByLabel('Result', { exact: true });
      await expect
        .poll(() => result.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      const picture = page.getByRole('img', { name: 'Original' });
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 })
        .toBe(160);
      await page.getByRole('button', { name: 'Copy request JSON' }).waitFor();
      await page.screenshot({ path: path.join(artifactsDir, 'gui-kind-from-meta-picture.png') });

      // The video's task: its original plays as a video beside the result.
      await page.getByRole('button', { name: '← All tasks' }).click();
      await taskRow(page, 'walk.mp4').locator('.task-open').click();
      await page.getByRole('heading', { name: 'walk.mp4', level: 2 }).waitFor();
      const original = page.getByLabel('Original', { exact: true });
      await expect
        .poll(() => original.evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 30_000 })
        .toBe(320);
    } finally {
      await context.close();
    }
  }, 180_000);
});
