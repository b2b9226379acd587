// The GUI shows each finished job's quality report (headless Chromium against a real service): the task detail's
// Quality section (the numbers in words, the places to review, a place chosen moves both players there), the task
// row's "N to review" badge, and the project editor's marked lines, "Needs review" filter, Enter to the next one, and
// a proofreading project opening at the first line the recogniser was unsure of. The jobs are test kinds whose last
// stage returns a fixed report (it stands for the kinds' measuring, tested with them); their inputs, encodes,
// projects, status records and events are the service's own.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSrtTime } from '../../src/main/media/srt.js';
import type { QualityReport } from '../../src/shared/schemas/quality.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { makeTextFile, makeVideo } from '../fixtures/media.js';
import { qualityTestKinds } from '../fixtures/quality-test-pipelines.js';

const LINES = [
  [500, 1900, 'Hola a todos.'],
  [2500, 4000, 'Hablemos del tiempo.'],
  [4300, 5600, 'Hace sol en DubDesk.'],
  [5900, 6800, 'Y mañana?'],
  [7000, 8200, 'Lloverá un poco.'],
  [8500, 9600, 'Adiós.'],
] as const;

/** A dub's report: three places, one of them for two reasons, and every translate number. */
const DUB_REPORT: QualityReport = {
  review: [
    {
      start: 2.5,
      end: 4.0,
      reasons: ['too_fast'],
      detail: 'Spoken at 1.22x normal speed',
      line: 2,
      text: 'Hablemos del tiempo.',
    },
    {
      start: 4.3,
      end: 5.6,
      reasons: ['low_confidence', 'glossary_missed'],
      detail: 'Recognised with 41 % confidence; DubDesk was not kept',
      line: 3,
    },
    { start: 7.0, end: 8.2, reasons: ['speaker_uncertain'], detail: 'Could be either voice' },
  ],
  recognition_confidence: 0.62,
  max_speed: 1.22,
  original_voice_reduction_db: 24.3,
  speakers: 2,
};

/** A proofreading job stops before dubbing: only the transcript's and translation's reasons, no dub numbers. */
const PROOFREADING_REPORT: QualityReport = {
  review: [
    { start: 2.5, end: 4.0, reasons: ['glossary_missed'], detail: 'DubDesk was not kept', line: 2 },
    { start: 4.3, end: 5.6, reasons: ['low_confidence'], detail: 'Recognised with 38 % confidence', line: 3 },
    // No line number: found by its time, inside line 5.
    { start: 7.2, end: 7.9, reasons: ['low_confidence'], detail: 'Recognised with 45 % confidence' },
  ],
  recognition_confidence: 0.58,
  max_speed: null,
  original_voice_reduction_db: null,
};

const LIPSYNC_REPORT: QualityReport = { review: [], sync_score: 0.81, face_coverage: 0.96, bank_coverage: 0.93 };

const VISUAL_REPORT: QualityReport = {
  review: [
    { start: 1, end: 2.5, reasons: ['text_remains'], detail: '31 % of the box still reads as text', text: 'EXIT' },
  ],
  texts: 12,
  texts_unchanged: 2,
  residual_text: 0,
};

describe.skipIf(browserMissing)('the GUI: quality reports of finished jobs', () => {
  let harness: GuiHarness;
  let key: string;
  let dubId: string;
  let proofreadingId: string;
  let lipsyncId: string;
  let visualId: string;
  let dubRequest: Record<string, unknown>;

  async function api(route: string, body?: unknown): Promise<any> {
    const response = await fetch(`${harness.service.url}${route}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    expect(response.ok, `${route}: ${response.status} ${text}`).toBe(true);
    return JSON.parse(text);
  }

  /** Uploaded, so the page can play the original beside the result. */
  async function upload(file: string): Promise<string> {
    const response = await fetch(`${harness.service.url}/v1/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'x-file-name': path.basename(file),
        'content-type': 'application/octet-stream',
      },
      body: await fs.readFile(file),
    });
    expect(response.ok).toBe(true);
    return ((await response.json()) as { url: string }).url;
  }

  async function finished(taskId: string): Promise<any> {
    for (
      const until = Date.now() + 120_000;
      Date.now() < until;
      await new Promise((resolve) => setTimeout(resolve, 300))
    ) {
      const task = await api(`/v1/tasks/${taskId}`);
      if (['done', 'failed', 'cancelled'].includes(task.status)) return task;
    }
    throw new Error(`task ${taskId} did not finish`);
  }

  async function openGui(height = 1000): Promise<Page> {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height } });
    const page = await context.newPage();
    await page.goto(harness.service.guiUrl);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    return page;
  }

  const taskRow = (page: Page, name: string) =>
    page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: name });
  const currentTime = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((video: HTMLVideoElement) => video.currentTime);

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-quality-', {
      kinds: qualityTestKinds({
        translate: (request) => (request.enable_proofreading ? PROOFREADING_REPORT : DUB_REPORT),
        lipsync: LIPSYNC_REPORT,
        frame_translate: VISUAL_REPORT,
      }),
    });
    key = new URLSearchParams(new URL(harness.service.guiUrl).hash.slice(1)).get('key')!;
    const video = await makeVideo(harness.tempDir, { durationSec: 10, width: 320, height: 180, name: 'talk.mp4' });
    const lipsyncVideo = await makeVideo(harness.tempDir, {
      durationSec: 2,
      width: 320,
      height: 180,
      name: 'face.mp4',
    });
    const srt = await makeTextFile(
      harness.tempDir,
      'talk.es.srt',
      LINES.map(([from, to, text], i) => `${i + 1}\n${formatSrtTime(from)} --> ${formatSrtTime(to)}\n${text}\n`).join(
        '\n',
      ),
    );
    const mediaUrl = await upload(video);
    const translate = (dubRequest = {
      media_type: 'video',
      media_url: mediaUrl,
      subtitle_url: pathToFileURL(srt).href,
      subtitle_usage_type: 'final_translated',
      target_language: 'es',
      export_type: 'video',
    });
    dubId = (await api('/v1/media/translate', translate)).task_id;
    proofreadingId = (await api('/v1/media/translate', { ...translate, enable_proofreading: true })).task_id;
    lipsyncId = (
      await api('/v1/video_generation', {
        reference_file_url: pathToFileURL(lipsyncVideo).href,
        reference_file_type: 'video',
        model: 'standard_v1',
      })
    ).task_id;
    visualId = (
      await api('/v1/media/frame_translate', { video_url: mediaUrl, source_language: 'en', target_language: 'en' })
    ).task_id;
    for (const id of [dubId, proofreadingId, lipsyncId, visualId]) {
      const task = await finished(id);
      expect(task.status, JSON.stringify(task)).toBe('done');
    }
  }, 240_000);

  afterAll(async () => harness?.close());

  it("shows a dub's numbers in words and its places to review; a place chosen moves the result and the original there", async () => {
    const page = await openGui();
    try {
      // The row of a done task with places to review says how many (the proofreading task's row too, with its own 3).
      const row = taskRow(page, 'talk.mp4').filter({
        has: page.getByRole('button', { name: /3 to review\. Open details$/ }),
      });
      await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(2);
      expect(await row.first().locator('.review-badge').innerText()).toBe('3 to review');
      // The lip-sync task had nothing to review: no badge.
      await taskRow(page, 'face.mp4').getByText('Done', { exact: true }).waitFor();
      expect(await taskRow(page, 'face.mp4').locator('.review-badge').count()).toBe(0);
      expect(
        await taskRow(page, 'talk.mp4').filter({ hasText: 'Visual translate' }).locator('.review-badge').innerText(),
      ).toBe('1 to review');
      await page.screenshot({ path: path.join(artifactsDir, 'gui-quality-task-list.png') });
      // A task finishing while the list is open gets its badge from the event stream.
      const live = (await api('/v1/media/translate', dubRequest)).task_id as string;
      await page.getByLabel('Search tasks by file name or id').fill(live);
      const liveRow = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
      await expect.poll(() => liveRow.count(), { timeout: 10_000 }).toBe(1);
      await liveRow.locator('.review-badge', { hasText: '3 to review' }).waitFor({ timeout: 60_000 });
      expect(await liveRow.getByRole('button', { name: /Open details$/ }).getAttribute('aria-label')).toContain(
        'Done, 3 to review',
      );
      await page.getByLabel('Search tasks by file name or id').fill('');

      await openTask(page, dubId);
      const quality = page.getByRole('region', { name: 'Quality' });
      await quality.waitFor({ timeout: 30_000 });
      const facts = await quality
        .getByRole('list', { name: 'Measured on the result' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(facts).toEqual([
        'Speech recognised with 62 % confidence',
        'Fastest line spoken 1.22x normal speed',
        'Original voice 24 dB quieter',
        'Dubbed with 2 voices',
      ]);
      expect(await quality.innerText()).toContain('3 places need a look');
      const places = quality.getByRole('list', { name: 'Places to review' }).getByRole('listitem');
      expect(await places.count()).toBe(3);
      expect(await places.nth(0).innerText()).toMatch(
        /0:02\.5–0:04\.0\s*Spoken too fast\s*Line 2: Spoken at 1\.22x normal speed — Hablemos del tiempo\.$/,
      );
      expect(await places.nth(1).locator('.review-reason').allInnerTexts()).toEqual([
        'Speech unclear',
        'Glossary term missed',
      ]);
      expect(await places.nth(2).innerText()).toContain('Speaker unsure');

      // Both players have loaded, then a place chosen moves both to its start.
      for (const label of ['Result', 'Original']) {
        await expect
          .poll(() => page.getByLabel(label, { exact: true }).evaluate((video: HTMLVideoElement) => video.readyState), {
            timeout: 30_000,
          })
          .toBeGreaterThanOrEqual(1);
      }
      expect(await currentTime(page, 'Result')).toBe(0);
      await places.nth(1).getByRole('button', { name: 'Go to 0:04.3' }).click();
      await expect.poll(() => currentTime(page, 'Result'), { timeout: 10_000 }).toBeCloseTo(4.3, 1);
      await expect.poll(() => currentTime(page, 'Original'), { timeout: 10_000 }).toBeCloseTo(4.3, 1);
      await expect
        .poll(() => page.getByLabel('Position').getAttribute('aria-valuetext'))
        .toMatch(/^0:04\.\d of 0:10\.\d$/);
      await places.nth(2).getByRole('button', { name: 'Go to 0:07.0' }).click();
      await expect.poll(() => currentTime(page, 'Result'), { timeout: 10_000 }).toBeCloseTo(7.0, 1);
      await expect.poll(() => currentTime(page, 'Original'), { timeout: 10_000 }).toBeCloseTo(7.0, 1);
      await quality.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, 'gui-quality-dub.png'), fullPage: true });
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('says a lip-sync\'s and a visual translation\'s numbers in words, and "Nothing needs a look" when nothing does', async () => {
    const page = await openGui();
    try {
      await openTask(page, lipsyncId);
      const quality = page.getByRole('region', { name: 'Quality' });
      await quality.waitFor({ timeout: 30_000 });
      expect(await quality.getByRole('listitem').allInnerTexts()).toEqual([
        'Mouth follows the audio: good (0.81)',
        'Face found in 96 % of frames',
        "93 % of mouths from the person's own",
      ]);
      await quality.getByText('Nothing needs a look.').waitFor();
      expect(await quality.getByRole('list', { name: 'Places to review' }).count()).toBe(0);
      await quality.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, 'gui-quality-lipsync.png') });

      await openTask(page, visualId);
      await quality.getByText('12 texts found').waitFor({ timeout: 30_000 });
      expect(await quality.getByRole('list', { name: 'Measured on the result' }).innerText()).toBe(
        '12 texts found, 2 left as they were (numbers or names), 0 % still readable after erasing',
      );
      const place = quality.getByRole('list', { name: 'Places to review' }).getByRole('listitem');
      expect(await place.innerText()).toMatch(/Old text still visible\s*31 % of the box still reads as text — EXIT$/);
      await expect
        .poll(
          () => page.getByLabel('Result', { exact: true }).evaluate((video: HTMLVideoElement) => video.readyState),
          { timeout: 30_000 },
        )
        .toBeGreaterThanOrEqual(1);
      await place.getByRole('button', { name: 'Go to 0:01.0' }).click();
      await expect.poll(() => currentTime(page, 'Result'), { timeout: 10_000 }).toBeCloseTo(1.0, 1);
      await expect.poll(() => currentTime(page, 'Original'), { timeout: 10_000 }).toBeCloseTo(1.0, 1);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("marks a proofreading project's lines to review, opens at the first unsure line, filters them, and Enter goes to the next", async () => {
    const page = await openGui(900);
    try {
      const { result } = await api(`/v1/tasks/${proofreadingId}`);
      await page.goto(result.project_url);
      await page.getByRole('heading', { name: /^Project: / }).waitFor({ timeout: 30_000 });
      // Opened at line 3, the first the recogniser was unsure of (line 2 is marked too, for a glossary term).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 10_000 })
        .toBe('Source of line 3');
      expect(await page.locator('.segment-row[aria-selected="true"]').getAttribute('data-index')).toBe('2');

      const rows = page.locator('.segment-row');
      expect(await rows.count()).toBe(6);
      const marked = page.locator('.segment-row[data-review="true"]');
      expect(
        await marked.evaluateAll((found) => found.map((row) => Number(row.getAttribute('data-index')) + 1)),
      ).toEqual([2, 3, 5]);
      expect(await marked.nth(0).locator('.review-mark').textContent()).toBe('To review: Glossary term missed');
      expect(await marked.nth(1).locator('.review-mark').textContent()).toBe('To review: Speech unclear');
      expect(await marked.nth(1).locator('.review-mark').getAttribute('title')).toBe('Recognised with 38 % confidence');
      expect(await marked.nth(2).locator('.review-mark').getAttribute('title')).toBe('Recognised with 45 % confidence');
      expect(await page.locator('.project-summary').innerText()).toContain('6 lines · 3 to review');
      // The timeline marks the same lines: the review colour under bars 2, 3 and 5, not under 1, 4 and 6.
      const underBars = await page.locator('.project-timeline-canvas').evaluate(
        (canvas: HTMLCanvasElement, lines) => {
          const start = Number(canvas.dataset.rangeStart);
          const span = Number(canvas.dataset.rangeSpan);
          const ratio = canvas.width / canvas.clientWidth;
          const context = canvas.getContext('2d')!;
          // 2 px below the bars' lane (ruler 16 + 2, lane 24), in the middle of each line.
          return lines.map(([from, to]) => {
            const x = (((from + to) / 2000 - start) / span) * canvas.clientWidth;
            return [...context.getImageData(Math.round(x * ratio), Math.round(44 * ratio), 1, 1).data.slice(0, 3)];
          });
        },
        LINES.map(([from, to]) => [from, to]),
      );
      const isReviewColour = ([r, g, b]: number[]) => Math.abs(r! - 0xa1) < 8 && Math.abs(g! - 0x5c) < 8 && b! < 8;
      expect(underBars.map(isReviewColour)).toEqual([false, true, true, false, true, false]);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-quality-project.png') });

      // The filter leaves the three lines to review; Enter in one goes to the next of them.
      await page.getByLabel(/^Needs review only \(3 lines\)$/).check();
      await expect.poll(() => rows.count()).toBe(3);
      expect(
        await rows.evaluateAll((found) => found.map((row) => row.querySelector('.segment-number')!.textContent)),
      ).toEqual(['2', '3', '5']);
      await page.getByLabel('Translation of line 2').focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Translation of line 3');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Translation of line 5');
      expect(await page.getByText('Enter saves and goes to the next line to review').count()).toBe(1);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-quality-project-filtered.png') });

      // Without the filter every line is back; "Next to review" goes on from line 5 round to line 2.
      await page.getByLabel(/^Needs review only/).uncheck();
      await expect.poll(() => rows.count()).toBe(6);
      await page.getByRole('button', { name: 'Next to review' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Translation of line 2');
      await page.getByRole('button', { name: 'Next to review' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Translation of line 3');
      // Without the filter Enter keeps going line by line.
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Translation of line 4');

      // The proofreading task itself (no dub, no player) lists its places without jump buttons.
      await openTask(page, proofreadingId);
      const quality = page.getByRole('region', { name: 'Quality' });
      await quality.waitFor({ timeout: 30_000 });
      expect(await quality.getByRole('list', { name: 'Measured on the result' }).innerText()).toBe(
        'Speech recognised with 58 % confidence',
      );
      expect(await quality.getByRole('list', { name: 'Places to review' }).getByRole('listitem').count()).toBe(3);
      expect(await quality.getByRole('button').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

/** The task's detail page, opened from its row in the task list (found by its id with the list's search). */
async function openTask(page: Page, taskId: string): Promise<void> {
  const back = page.getByRole('button', { name: '← All tasks' });
  if (await back.count()) await back.click();
  else if ((await page.getByRole('heading', { name: 'Tasks', level: 2 }).count()) === 0)
    await page.getByRole('button', { name: 'Tasks', exact: true }).click();
  await page.getByLabel('Search tasks by file name or id').fill(taskId);
  const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
  await expect.poll(() => rows.count()).toBe(1);
  await rows.locator('.task-open').click();
  await page.locator('#detail-title').waitFor();
}
