// The project editor in headless Chromium against a real service: a proofreading translate job (English subtitles,
// Apertium en→es, eSpeak voices) opened at its project_url; a line edited, its voice regenerated and heard over the
// original; a bar dragged on the timeline and its new start saved; Ctrl+Z; Export to a new task that plays; a stale
// edit from a second tab shown as a conflict; and a 1,000-line project scrolled with its frame times measured.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { resolveConfig } from '../../src/main/config.js';
import { startService, type RunningService } from '../../src/main/service.js';
import { browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';
import { makeTextVideo } from '../fixtures/text-video.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const apertiumMissing =
  browserMissing ||
  systemEngineMissing('Apertium eng-spa', findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false);
const SHOTS = process.env.DUBDESK_SHOTS ?? '/tmp/shots';

const CUES: SpokenCue[] = [
  { startMs: 500, endMs: 2600, text: 'Good morning and welcome to the show.', speaker: 'Anna', voice: 'espeak:en+f2' },
  { startMs: 3400, endMs: 5600, text: 'Thank you, it is great to be here.', speaker: 'Ben', voice: 'espeak:en+m3' },
  { startMs: 6400, endMs: 8600, text: 'Let us talk about the weather today.', speaker: 'Anna', voice: 'espeak:en+f2' },
];
const EDITED = 'Muchas gracias, estoy muy contento de estar aquí.';

describe.skipIf(apertiumMissing)('the GUI project editor', () => {
  let harness: GuiHarness;
  let restarted: RunningService | undefined;
  /** A key of its own, not the GUI's (which a restart revokes). */
  let key: string;
  let projectUrl: string;
  let projectId: string;

  async function api(route: string, init: { method?: string; body?: unknown } = {}): Promise<any> {
    const response = await fetch(`${harness.service.url}${route}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: { authorization: `Bearer ${key}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    expect(response.ok, `${route}: ${response.status} ${text}`).toBe(true);
    return text ? JSON.parse(text) : undefined;
  }

  async function finished(taskId: string, timeoutMs = 240_000): Promise<any> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const task = await api(`/v1/tasks/${taskId}`);
      if (['done', 'failed', 'cancelled'].includes(task.status)) return task;
      if (Date.now() > until) throw new Error(`task ${taskId} still ${task.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** A proofreading job of `srt` over `media`; its project's id and URL once it is done. */
  async function proofreadingProject(
    media: string,
    srt: string,
    extra: Record<string, unknown>,
  ): Promise<{ id: string; url: string }> {
    const created = await api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(media).href,
        subtitle_url: pathToFileURL(srt).href,
        export_type: 'video',
        enable_proofreading: true,
        ...extra,
      },
    });
    const task = await finished(created.task_id);
    expect(task.status, JSON.stringify(task)).toBe('done');
    const url = task.result.project_url as string;
    return { url, id: decodeURIComponent(url.split('/').pop()!) };
  }

  async function openProject(page: Page, url: string): Promise<void> {
    await page.goto(`${harness.service.url}/#key=${key}`);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    await page.goto(url);
    await page.getByRole('heading', { name: /^Project: / }).waitFor({ timeout: 30_000 });
  }

  const saved = (page: Page) =>
    page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor({ timeout: 30_000 });

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    harness = await startGuiHarness('dubdesk-gui-project-');
    key = new URL(harness.service.guiUrl).hash.replace('#key=', '');
    key = (await api('/v1/keys', { body: { name: 'gui-project-e2e', role: 'admin' } })).key;
    const talk = await makeSpokenVideo(harness.tempDir, { cues: CUES, width: 320, height: 180, fps: 25, name: 'talk' });
    const project = await proofreadingProject(talk.videoPath, talk.srtPath, {
      subtitle_usage_type: 'original',
      source_language: 'en',
      target_language: 'es',
    });
    projectUrl = project.url;
    projectId = project.id;
  }, 300_000);

  afterAll(async () => {
    await restarted?.close();
    await harness?.close();
  });

  it('opens at its project_url, saves an edit, regenerates and plays the line, saves a drag, undoes, and exports', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await openProject(page, projectUrl);
      expect(new URL(page.url()).hash).toBe(`#/projects/${projectId}`);
      const target2 = page.getByLabel('Translation of line 2');
      await expect.poll(() => target2.inputValue()).not.toBe('');
      // Apertium translated the English subtitles.
      expect((await page.getByLabel('Translation of line 1').inputValue()).toLowerCase()).toMatch(/buen|bienvenid/);
      expect(await page.getByLabel('Source of line 2').inputValue()).toBe(CUES[1]!.text);
      await page.screenshot({ path: path.join(SHOTS, 'project-opened.png') });

      // Edit: autosaved after a pause, "Saved" in the header, and the service has it.
      await target2.fill(EDITED);
      // Enter saves and moves on to the next line's translation.
      await target2.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Translation of line 3',
      );
      expect(await target2.inputValue()).toBe(EDITED);
      await saved(page);
      await expect
        .poll(async () => (await api(`/v1/projects/${projectId}`)).segments[1].target_text, { timeout: 10_000 })
        .toBe(EDITED);

      // Regenerate (Ctrl+Enter in the line): the line with the original plays in a player the user sees.
      await target2.press('Control+Enter');
      const preview = page.getByLabel('Line 2 with the original');
      await preview.waitFor({ timeout: 60_000 });
      await expect
        .poll(() => preview.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(0.2);
      expect(await preview.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(1);
      const regenerated = (await api(`/v1/projects/${projectId}`)).segments[1];
      expect(['regenerated', 'too_long']).toContain(regenerated.status);
      expect(regenerated.fit.rate).toBeGreaterThanOrEqual(1);
      await expect.poll(() => page.locator('[data-index="1"] .chip').textContent()).toMatch(/Regenerated|Too long/);
      await expect
        .poll(() => page.locator('[data-index="1"] .fit').textContent())
        .toMatch(/^rate \d\.\d\d× · stretch \d\.\d\d×$/);
      await page.screenshot({ path: path.join(SHOTS, 'project-regenerated.png') });

      // Drag line 2's bar 0.4 s to the left: the new start is saved.
      const canvas = page.locator('.project-timeline-canvas');
      const box = (await canvas.boundingBox())!;
      const rangeStart = Number(await canvas.getAttribute('data-range-start'));
      const rangeSpan = Number(await canvas.getAttribute('data-range-span'));
      const xOf = (seconds: number) => box.x + ((seconds - rangeStart) / rangeSpan) * box.width;
      const y = box.y + 30;
      await page.mouse.move(xOf(4.5), y);
      await page.mouse.down();
      for (let step = 1; step <= 5; step++) await page.mouse.move(xOf(4.5 - 0.08 * step), y);
      await page.mouse.up();
      await saved(page);
      await expect
        .poll(async () => (await api(`/v1/projects/${projectId}`)).segments[1].start, { timeout: 10_000 })
        .toBeCloseTo(3.0, 1);
      const moved = (await api(`/v1/projects/${projectId}`)).segments[1];
      expect(moved.end - moved.start).toBeCloseTo(2.2, 2);
      expect(await page.locator('[data-index="1"] .segment-time').textContent()).toContain('0:03.00');
      await page.screenshot({ path: path.join(SHOTS, 'project-dragged.png') });

      // Ctrl+Z undoes the drag (with the line's current revision).
      await page.getByLabel('Translation of line 1').focus();
      await page.keyboard.press('Control+z');
      await expect
        .poll(async () => (await api(`/v1/projects/${projectId}`)).segments[1].start, { timeout: 10_000 })
        .toBeCloseTo(3.4, 2);
      expect((await api(`/v1/projects/${projectId}`)).segments[1].target_text).toBe(EDITED);

      // A click on the timeline seeks there; Play on a line plays it and stops at its end.
      const input = page.getByLabel('Input media');
      await page.mouse.click(xOf(3.0), box.y + 80);
      await expect.poll(() => input.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeCloseTo(3.0, 1);
      await page.getByRole('button', { name: 'Play line 1', exact: true }).click();
      await expect
        .poll(() => input.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 })
        .toBeGreaterThan(1);
      await expect
        .poll(() => input.evaluate((video: HTMLVideoElement) => video.paused), { timeout: 10_000 })
        .toBe(true);
      expect(await input.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(2.4);
      expect(await input.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeLessThan(2.9);

      // One voice for all of Ben's lines.
      const benVoice = page.getByLabel('Voice for Ben:');
      const chosen = await benVoice.locator('option').nth(2).getAttribute('value');
      expect(chosen).toMatch(/^espeak:es/);
      await benVoice.selectOption(chosen!);
      await expect
        .poll(
          async () =>
            (await api(`/v1/projects/${projectId}`)).speakers.find((item: any) => item.speaker === 'Ben')?.voice_id,
          { timeout: 10_000 },
        )
        .toBe(chosen);

      // Export a video: a new task, shown by the notice and the task list, reaches Done and plays.
      await page.getByLabel('Export as').selectOption('video');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const open = page.getByRole('button', { name: /^Open task / });
      await open.waitFor({ timeout: 30_000 });
      const exportId = (await open.textContent())!.replace('Open task ', '');
      await open.click();
      expect(new URL(page.url()).hash).toBe('');
      await page.locator('.status-pill', { hasText: 'Done' }).waitFor({ timeout: 240_000 });
      const result = page.getByLabel('Result', { exact: true });
      await expect
        .poll(() => result.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      await page.getByRole('button', { name: 'Play' }).click();
      await expect
        .poll(() => result.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 })
        .toBeGreaterThan(0.3);
      await page.getByRole('button', { name: 'Pause' }).click();
      const exportedSrt = await (
        await fetch((await api(`/v1/media/translate/${exportId}`)).result.subtitle_url)
      ).text();
      expect(exportedSrt).toContain(EDITED);
      await page.getByRole('button', { name: '← All tasks' }).click();
      await page.getByRole('list', { name: 'Tasks' }).locator('li').nth(1).waitFor();
      expect(await page.getByRole('list', { name: 'Tasks' }).locator('li').count()).toBe(2);
      await page.screenshot({ path: path.join(SHOTS, 'project-task-list.png') });
      // The exported task says where it came from, and opens the same project.
      await page.getByText('Translate and dub → Spanish · project export').waitFor();
      expect(await page.getByRole('button', { name: 'Open the project talk.mp4 was exported from' }).count()).toBe(1);
      // The proofreading task's row opens its project again.
      await page.getByRole('button', { name: /^Open the project of talk\.mp4/ }).click();
      await page.getByRole('heading', { name: /^Project: / }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).hash).toBe(`#/projects/${projectId}`);
    } finally {
      await context.close();
    }
  }, 400_000);

  it('shows a stale edit from a second tab as a conflict, and reloads without losing the text', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const first = await context.newPage();
    const second = await context.newPage();
    try {
      await openProject(first, projectUrl);
      await openProject(second, projectUrl);
      await first.getByLabel('Translation of line 3').fill('Hablemos del tiempo, primera pestaña.');
      await saved(first);
      await second.getByLabel('Translation of line 3').fill('Hablemos del tiempo, segunda pestaña.');
      const conflict = second.getByText('Changed elsewhere (another tab):');
      await conflict.waitFor({ timeout: 15_000 });
      expect(
        await second
          .getByRole('status')
          .filter({ hasText: /^Not saved$/ })
          .count(),
      ).toBe(1);
      // Never overwritten: the service keeps the first tab's text.
      expect((await api(`/v1/projects/${projectId}`)).segments[2].target_text).toBe(
        'Hablemos del tiempo, primera pestaña.',
      );
      await second.screenshot({ path: path.join(SHOTS, 'project-conflict.png') });
      await second.locator('[data-index="2"]').getByRole('button', { name: 'Reload' }).click();
      await expect
        .poll(() => second.getByLabel('Translation of line 3').inputValue())
        .toBe('Hablemos del tiempo, primera pestaña.');
      const kept = second.locator('[data-index="2"]').getByText('Your edit kept:');
      expect(await kept.getAttribute('title')).toBe('Hablemos del tiempo, segunda pestaña.');
      await second.locator('[data-index="2"]').getByRole('button', { name: 'Apply again' }).click();
      await saved(second);
      await expect
        .poll(async () => (await api(`/v1/projects/${projectId}`)).segments[2].target_text)
        .toBe('Hablemos del tiempo, segunda pestaña.');

      // Split line 3 at the playhead (7.5 s), then merge the halves again.
      await second.getByLabel('Input media').evaluate((video: HTMLVideoElement) => {
        video.currentTime = 7.5;
      });
      await second.getByRole('button', { name: 'Split line 3 at the playhead' }).click();
      await second.getByLabel('Translation of line 4').waitFor({ timeout: 15_000 });
      const halves = (await api(`/v1/projects/${projectId}`)).segments
        .slice(2)
        .map((segment: any) => [segment.start, segment.end]);
      expect(halves).toEqual([
        [6.4, 7.5],
        [7.5, 8.6],
      ]);
      await second.getByRole('button', { name: 'Merge line 3 with the next' }).click();
      await expect.poll(() => second.locator('.segment-row').count(), { timeout: 15_000 }).toBe(3);
      const merged = (await api(`/v1/projects/${projectId}`)).segments;
      expect(merged.map((segment: any) => [segment.start, segment.end])[2]).toEqual([6.4, 8.6]);
      expect(merged[2].target_text).toContain('segunda pestaña');

      // Translate line 3 again: Apertium's Spanish of its English replaces the typed text.
      await second.getByRole('button', { name: 'Translate line 3 again' }).click();
      await expect
        .poll(() => second.getByLabel('Translation of line 3').inputValue(), { timeout: 30_000 })
        .not.toContain('pestaña');
      expect(await second.getByLabel('Translation of line 3').inputValue()).toMatch(/tiempo/);
      expect((await api(`/v1/projects/${projectId}`)).segments[2].target_text).toBe(
        await second.getByLabel('Translation of line 3').inputValue(),
      );

      // The target track as SRT, and replaced from an SRT of as many cues.
      await second.getByText('Subtitles and project').click();
      const [download] = await Promise.all([
        second.waitForEvent('download'),
        second.getByRole('button', { name: 'Target', exact: true }).click(),
      ]);
      const srt = fs.readFileSync((await download.path())!, 'utf8');
      expect(srt).toContain(EDITED);
      expect(srt.match(/-->/g)).toHaveLength(3);
      const replaced = ['Uno.', 'Dos.', 'Tres.'];
      const replacement = path.join(harness.tempDir, 'replacement.srt');
      fs.writeFileSync(
        replacement,
        CUES.map(
          (cue, i) => `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n${replaced[i]}\n`,
        ).join('\n'),
      );
      await second.getByLabel('Replace the target texts from an SRT (same number of lines)').setInputFiles(replacement);
      await expect
        .poll(() => second.getByLabel('Translation of line 2').inputValue(), { timeout: 15_000 })
        .toBe('Dos.');
      expect((await api(`/v1/projects/${projectId}`)).segments.map((segment: any) => segment.target_text)).toEqual(
        replaced,
      );
    } finally {
      await context.close();
    }
  }, 120_000);

  it('makes a visual translation with an editable project from the form, opens it from the task, and saves a box', async () => {
    const sign = (
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
    const context = await harness.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${harness.service.url}/#key=${key}`);
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
      await page.setInputFiles('#choose-files-input', [sign]);
      await page.getByRole('list', { name: 'Files' }).getByText('Uploaded').waitFor({ timeout: 30_000 });
      await page.getByRole('radio', { name: /Visual translation/ }).check();
      await page.getByLabel('Search source language by name or code').fill('english');
      await page.getByLabel('Search target language by name or code').fill('spanish');
      await page.locator('#frame-project').selectOption('editable');
      await page.getByRole('button', { name: 'Start task' }).click();
      await page.getByRole('heading', { name: 'sign.mp4', level: 2 }).waitFor({ timeout: 30_000 });
      await page.locator('.status-pill', { hasText: 'Done' }).waitFor({ timeout: 180_000 });
      await page.getByRole('button', { name: 'Open project' }).click();
      await page.getByRole('heading', { name: 'Project: sign.mp4' }).waitFor({ timeout: 30_000 });
      const visualId = decodeURIComponent(new URL(page.url()).hash.replace('#/projects/', ''));
      expect(await page.getByLabel('Source of line 1').inputValue()).toMatch(/house/i);
      // Text on screen has no voices: no voice column, no regenerate, no speakers; its box instead.
      expect(await page.getByRole('button', { name: /Regenerate the voice/ }).count()).toBe(0);
      expect(await page.getByLabel('Voice of line 1').count()).toBe(0);
      const boxX = page.getByLabel('Box x of line 1');
      const x = Number(await boxX.inputValue());
      expect(x).toBeGreaterThan(0);
      await boxX.fill((Math.round((x - 0.02) * 100) / 100).toFixed(2));
      await boxX.blur();
      await saved(page);
      await expect
        .poll(async () => (await api(`/v1/projects/${visualId}`)).segments[0].box.x, { timeout: 10_000 })
        .toBeCloseTo(Math.round((x - 0.02) * 100) / 100, 3);
      await page.screenshot({ path: path.join(SHOTS, 'project-visual.png') });
    } finally {
      await context.close();
    }
  }, 300_000);

  it('scrolls a 1,000-line project smoothly', async () => {
    const { ffmpeg } = resolveMediaTools();
    const seconds = 1000;
    const media = path.join(harness.tempDir, 'long.mp4');
    await runProcess(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=160x90:rate=2:duration=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=300:duration=${seconds}`,
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '48k',
        '-shortest',
        media,
      ],
      { toolName: 'ffmpeg' },
    );
    const srt = path.join(harness.tempDir, 'long.srt');
    fs.writeFileSync(
      srt,
      Array.from(
        { length: 1000 },
        (_, i) =>
          `${i + 1}\n${formatSrtTime(i * 1000 + 100)} --> ${formatSrtTime(i * 1000 + 900)}\nLínea número ${i + 1} del proyecto largo.\n`,
      ).join('\n'),
    );
    const long = await proofreadingProject(media, srt, {
      subtitle_usage_type: 'final_translated',
      target_language: 'es',
    });

    const context = await harness.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await openProject(page, long.url);
      await page.getByLabel('Translation of line 1').waitFor({ timeout: 30_000 });
      expect(await page.locator('.segment-row').count()).toBeLessThan(40);
      const frames = await page.evaluate(async () => {
        const scroller = document.querySelector<HTMLElement>('.segment-scroller')!;
        const times: number[] = [];
        let last = performance.now();
        await new Promise<void>((resolve) => {
          const step = () => {
            const now = performance.now();
            times.push(now - last);
            last = now;
            scroller.scrollTop += 120;
            if (times.length < 240 && scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight)
              requestAnimationFrame(step);
            else resolve();
          };
          requestAnimationFrame(step);
        });
        return times.slice(1);
      });
      const sorted = [...frames].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
      console.log(
        `1,000-line project: ${frames.length} frames while scrolling, median ${median.toFixed(1)} ms, ` +
          `p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
      );
      expect(frames.length).toBeGreaterThan(100);
      // A table that renders every line again takes hundreds of ms on every frame; a busy machine only slows some of
      // them (p95 read 28 ms alone, 52 beside the suite, 102 beside the suite and a benchmark): the median tells
      // the two apart where the p95 does not.
      expect(median).toBeLessThan(100);
      // The rows in view follow the scroll: line numbers far down the list are rendered now.
      const shownNumber = Number(await page.locator('.segment-row .segment-number').first().textContent());
      expect(shownNumber).toBeGreaterThan(200);
      expect(await page.locator('.segment-row').count()).toBeLessThan(40);
      await page.screenshot({ path: path.join(SHOTS, 'project-1000-lines.png') });

      // Deleting the project leaves its task and goes back to the list.
      await page.getByText('Subtitles and project').click();
      await page.getByRole('button', { name: 'Delete this project' }).click();
      await page.getByRole('button', { name: 'Really delete this project' }).click();
      await page.getByRole('heading', { name: 'Tasks' }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).hash).toBe('');
      const gone = await fetch(`${harness.service.url}/v1/projects/${long.id}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(gone.status).toBe(404);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('keeps an edit made while the service is down, and saves it after a restart and a reload of the page', async () => {
    const offline = 'Buenos días, escrito sin servicio.';
    const context = await harness.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await openProject(page, projectUrl);
      await harness.service.close();
      await page.getByLabel('Translation of line 1').fill(offline);
      await page
        .getByRole('status')
        .filter({ hasText: /^Not saved yet — retrying$/ })
        .waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-index="0"]').getByText('Not saved yet — retrying').count()).toBe(1);
      await page.screenshot({ path: path.join(SHOTS, 'project-service-down.png') });
      await page.close();

      restarted = await startService(
        resolveConfig(
          {
            dataDir: path.join(harness.tempDir, 'data'),
            host: '127.0.0.1',
            port: Number(new URL(harness.service.url).port),
            concurrency: 1,
          },
          {},
        ),
        {
          log: () => {},
          rendererDir: path.join(harness.tempDir, 'build', 'renderer'),
        },
      );
      expect(restarted.url).toBe(harness.service.url);
      const again = await context.newPage();
      await openProject(again, projectUrl);
      // The edit left in localStorage is sent again with the revision it was made on.
      await expect
        .poll(async () => (await api(`/v1/projects/${projectId}`)).segments[0].target_text, { timeout: 20_000 })
        .toBe(offline);
      await saved(again);
      expect(await again.getByLabel('Translation of line 1').inputValue()).toBe(offline);
      expect(
        await again.evaluate(() => Object.keys(localStorage).filter((name) => name.startsWith('dubdesk.edit.'))),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
