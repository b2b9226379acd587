// The GUI's management pages in headless Chromium against a real service: API keys (shown once, revoked),
// glossaries and subtitle styles (create, edit, delete; a live style preview), voices with samples, a model
// installed from a loopback server with a moving progress bar, imported from a path and removed, and a task's
// original shown beside its result from the request the API returns.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { artifactsDir, browserMissing, buildRenderer, launchBrowser } from '../fixtures/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { startService, type RunningService } from '../../src/main/service.js';
import { makeVideo } from '../fixtures/media.js';
import { encodeStandin, lamaStandin, unpinnedFile } from '../fixtures/onnx-standins.js';
import { testKinds } from '../fixtures/test-pipelines.js';
import { startTrickleServer } from '../fixtures/trickle-server.js';

const MODEL_FILE = 'lama_fp32.onnx';
/** The stand-in arrives in this many pieces, one every TRICKLE_MS: a download a person can watch. */
const TRICKLE_PIECES = 16;
const TRICKLE_MS = 350;

/** A loopback "model hub" that sends the stand-in slowly, so the install has progress to show. */
async function startModelHub(bytes: Uint8Array): Promise<{ url: string; close(): Promise<void> }> {
  const hub = await startTrickleServer({
    pieces: TRICKLE_PIECES,
    pieceMs: TRICKLE_MS,
    body: (pathname) =>
      pathname.endsWith(MODEL_FILE) ? { bytes, contentType: 'application/octet-stream' } : undefined,
  });
  return { url: `${hub.url}/${MODEL_FILE}`, close: hub.close };
}

function sessionKeyOf(guiUrl: string): string {
  const key = new URLSearchParams(new URL(guiUrl).hash.slice(1)).get('key');
  if (!key) throw new Error(`${guiUrl} carries no #key=`);
  return key;
}

describe.skipIf(browserMissing)('the GUI: keys, glossaries, styles, voices, models, task originals', () => {
  let tempDir: string;
  let service: RunningService;
  let browser: Browser;
  let hub: { url: string; close(): Promise<void> };
  let apiKey: string;
  let video: string;
  const modelBytes = encodeStandin(lamaStandin());

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-gui-manage-'));
    fs.mkdirSync(artifactsDir, { recursive: true });
    const rendererDir = await buildRenderer(path.join(tempDir, 'build'));
    video = await makeVideo(tempDir, { durationSec: 2, width: 640, height: 360, name: 'local-ref.mp4' });
    hub = await startModelHub(modelBytes);
    const lama = BUILTIN_CATALOGUE.find((entry) => entry.id === 'lama')!;
    const standin = {
      ...lama,
      id: 'standin-lama',
      title: 'Stand-in LaMa',
      usedBy: 'the tests',
      sizeBytes: modelBytes.length,
      files: [{ ...unpinnedFile(lama.files[0]!), url: hub.url, sizeBytes: modelBytes.length }],
    };
    service = await startService(
      resolveConfig({ dataDir: path.join(tempDir, 'data'), host: '127.0.0.1', port: 0, concurrency: 1 }, {}),
      {
        log: () => {},
        rendererDir,
        kinds: testKinds({ encodeSeconds: 1 }),
        models: { catalogue: createCatalogue([standin]), progressIntervalMs: 50 },
      },
    );
    apiKey = sessionKeyOf(service.guiUrl);
    browser = await launchBrowser({ autoplay: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await hub?.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  async function api<T>(
    method: string,
    route: string,
    body?: unknown,
    key = apiKey,
  ): Promise<{ status: number; json: T }> {
    const response = await fetch(`${service.url}${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
  }

  async function openPage(name: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(service.guiUrl);
    await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
    return page;
  }

  /** The window scrolls inside <main>, so a tall viewport stands in for a full-page shot. */
  async function shot(page: Page, name: string, height = 860): Promise<void> {
    const size = page.viewportSize()!;
    if (height !== size.height) await page.setViewportSize({ width: size.width, height });
    await page.screenshot({ path: path.join(artifactsDir, `gui-${name}.png`) });
    if (height !== size.height) await page.setViewportSize(size);
  }

  it('creates an API key shown once with a copy button, and revokes it after a confirmation', async () => {
    const page = await openPage('Settings');
    try {
      await page.getByText('Webhook signing secret').waitFor({ timeout: 30_000 });
      const settings = (await api<{ webhook_secret: string; base_url: string }>('GET', '/v1/settings')).json;
      // The secret is hidden until revealed.
      expect(await page.locator('.settings-list').textContent()).not.toContain(settings.webhook_secret);
      await page.getByRole('button', { name: 'Reveal the webhook signing secret' }).click();
      expect(await page.locator('.settings-list').textContent()).toContain(settings.webhook_secret);
      expect(await page.locator('.settings-list').textContent()).toContain(settings.base_url);
      expect(await page.locator('.settings-list').textContent()).toContain('DUBDESK_CONCURRENCY');

      await page.getByLabel('New key name').fill('render script');
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByLabel('New API key');
      await shown.waitFor({ timeout: 10_000 });
      const key = (await shown.textContent())!.trim();
      expect(key.length).toBeGreaterThan(20);
      expect(await page.getByRole('button', { name: 'Copy key' }).count()).toBe(1);
      expect((await api('GET', '/v1/tasks?limit=1', undefined, key)).status).toBe(200);
      const keys = page.getByRole('table', { name: 'API keys' });
      await keys.getByText('render script').waitFor();
      await shot(page, 'settings-keys', 1100);

      // Once dismissed, the key is nowhere on the page any more; the list shows only its first characters.
      await page.getByRole('button', { name: 'Done' }).click();
      expect(await page.locator('main').textContent()).not.toContain(key);
      expect(await keys.textContent()).toContain(`${key.slice(0, 8)}…`);

      await page.getByRole('button', { name: 'Revoke render script' }).click();
      expect((await api('GET', '/v1/tasks?limit=1', undefined, key)).status).toBe(200);
      await page.getByRole('button', { name: 'Confirm revoking render script' }).click();
      await expect.poll(() => keys.getByText('render script').count(), { timeout: 10_000 }).toBe(0);
      expect((await api('GET', '/v1/tasks?limit=1', undefined, key)).status).toBe(401);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('creates, edits and deletes a glossary with its terms table', async () => {
    const page = await openPage('Glossaries');
    try {
      await page.getByText('No glossaries yet.').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'New glossary' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Product names');
      await page.getByLabel('Target language', { exact: true }).selectOption('de');
      await page.getByLabel('Source term 1').fill('DubDesk');
      await page.getByLabel('Translation 1').fill('DubDesk');
      await page.getByLabel('Source term 2').fill('lip-sync');
      await page.getByLabel('Translation 2').fill('Lippensynchronisation');
      await page.getByText('Paste terms from a spreadsheet').click();
      await page.getByLabel('Terms to paste').fill('voice\tStimme\nsubtitle\tUntertitel');
      await page.getByRole('button', { name: 'Add these terms' }).click();
      expect(await page.getByLabel('Source term 4').inputValue()).toBe('subtitle');
      // A term given twice is caught beside its row before anything is sent.
      await page.getByLabel('Source term 5').fill('Voice');
      await page.getByLabel('Translation 5').fill('Sprecher');
      await page.getByRole('button', { name: 'Create glossary' }).click();
      await page.getByText('“Voice” is already in row 3.').waitFor({ timeout: 10_000 });
      await shot(page, 'glossaries', 1100);
      await page.getByRole('button', { name: 'Remove term 5' }).click();
      await page.getByRole('button', { name: 'Create glossary' }).click();

      const list = page.getByRole('list', { name: 'Glossaries' });
      await list.getByText('Product names').waitFor({ timeout: 10_000 });
      expect(await list.textContent()).toContain('English → German · 4 terms');
      const created = (
        await api<{ glossaries: { glossary_id: string; entries: unknown[] }[] }>('GET', '/v1/glossaries')
      ).json.glossaries;
      expect(created).toHaveLength(1);
      expect(created[0].entries).toEqual([
        { source: 'DubDesk', target: 'DubDesk' },
        { source: 'lip-sync', target: 'Lippensynchronisation' },
        { source: 'voice', target: 'Stimme' },
        { source: 'subtitle', target: 'Untertitel' },
      ]);

      await page.getByRole('button', { name: 'Edit Product names' }).click();
      await page.getByLabel('Translation 2').fill('Lippensynchronität');
      await page.getByRole('button', { name: 'Remove term 1' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(async () => list.textContent(), { timeout: 10_000 }).toContain('3 terms');
      const edited = (await api<{ entries: unknown[] }>('GET', `/v1/glossaries/${created[0].glossary_id}`)).json;
      expect(edited.entries).toEqual([
        { source: 'lip-sync', target: 'Lippensynchronität' },
        { source: 'voice', target: 'Stimme' },
        { source: 'subtitle', target: 'Untertitel' },
      ]);

      await page.getByRole('button', { name: 'Delete Product names' }).click();
      await page.getByRole('button', { name: 'Confirm deleting Product names' }).click();
      await page.getByText('No glossaries yet.').waitFor({ timeout: 10_000 });
      expect((await api<{ glossaries: unknown[] }>('GET', '/v1/glossaries')).json.glossaries).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('duplicates a built-in subtitle style, previews size changes live, saves and deletes it', async () => {
    const page = await openPage('Subtitle styles');
    try {
      const list = page.getByRole('list', { name: 'Subtitle styles' });
      const boxed = list.getByRole('listitem').filter({ hasText: 'Boxed: white on a translucent black box' });
      await boxed.waitFor({ timeout: 30_000 });
      // Built-in styles are read-only: no Edit or Delete, only Duplicate.
      expect(await boxed.textContent()).toContain('Built-in · read-only');
      expect(await boxed.getByRole('button').allTextContents()).toEqual(['Duplicate']);
      await boxed.getByRole('button', { name: /^Duplicate/ }).click();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Copy of Boxed');

      const canvas = page.locator('.style-preview canvas');
      await expect.poll(() => canvas.getAttribute('data-font-px'), { timeout: 10_000 }).toBe('36');
      /** Rows of the frame crossed by the dark subtitle box: what a user sees grow when the text grows. */
      const boxRows = () =>
        canvas.evaluate((element: HTMLCanvasElement) => {
          const { width, height } = element;
          const pixels = element.getContext('2d')!.getImageData(0, 0, width, height).data;
          let rows = 0;
          for (let y = 0; y < height; y++) {
            let dark = 0;
            for (let x = 0; x < width; x += 2) {
              const at = (y * width + x) * 4;
              if (pixels[at] + pixels[at + 1] + pixels[at + 2] < 110) dark++;
            }
            if (dark > 40) rows++;
          }
          return rows;
        });
      const before = await boxRows();
      const beforeImage = await canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());
      expect(before).toBeGreaterThan(40);
      await page.getByLabel('Size', { exact: true }).fill('8');
      await expect.poll(() => canvas.getAttribute('data-font-px'), { timeout: 10_000 }).toBe('58');
      expect(await canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL())).not.toBe(beforeImage);
      expect(await boxRows()).toBeGreaterThan(before * 1.3);

      // The preview can sit on a frame of the user's own video (read in the page, not uploaded).
      await page.setInputFiles('input[aria-label="Video or picture to preview on"]', video);
      await page.getByText('640×360 frame of local-ref.mp4').waitFor({ timeout: 20_000 });
      await expect.poll(() => canvas.getAttribute('data-font-px'), { timeout: 10_000 }).toBe('29');
      await page.getByLabel('Text colour').fill('#ffe14d');
      await shot(page, 'styles', 1200);

      await page.getByRole('button', { name: 'Create style' }).click();
      const mine = list.getByRole('listitem').filter({ hasText: 'Copy of Boxed' });
      await mine.waitFor({ timeout: 10_000 });
      expect(await mine.textContent()).not.toContain('Built-in');
      const styles = (
        await api<{
          subtitle_styles: {
            name: string;
            builtin: boolean;
            font_size: number;
            box: boolean;
            primary_colour: string;
          }[];
        }>('GET', '/v1/subtitle_styles')
      ).json.subtitle_styles;
      expect(styles.find((style) => style.name === 'Copy of Boxed')).toMatchObject({
        builtin: false,
        font_size: 0.08,
        box: true,
        primary_colour: '#FFE14D',
      });

      await mine.getByRole('button', { name: 'Delete Copy of Boxed' }).click();
      await page.getByRole('button', { name: 'Confirm deleting Copy of Boxed' }).click();
      await expect.poll(() => mine.count(), { timeout: 10_000 }).toBe(0);
      expect(
        (
          await api<{ subtitle_styles: { builtin: boolean }[] }>('GET', '/v1/subtitle_styles')
        ).json.subtitle_styles.every((style) => style.builtin),
      ).toBe(true);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('lists the built-in voices by language and plays a sample', async () => {
    const page = await openPage('Voices');
    try {
      await page.getByText(/^\d+ of \d+ voices$/).waitFor({ timeout: 30_000 });
      await page.getByLabel('Language', { exact: true }).selectOption('de');
      const rows = page.locator('.voices-table tbody tr');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const languages = await rows.locator('td:nth-child(2)').allTextContents();
      expect(languages.every((text) => text.startsWith('German'))).toBe(true);
      const play = rows.first().getByRole('button', { name: /^Play a sample of / });
      await play.click();
      await rows
        .first()
        .getByRole('button', { name: /^Stop a sample of / })
        .waitFor({ timeout: 30_000 });
      await shot(page, 'voices');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('installs a model from a loopback server with a moving progress bar, removes it, and imports it from a path', async () => {
    const page = await openPage('Models');
    try {
      const row = page.getByRole('list', { name: 'Models' }).getByRole('listitem').filter({ hasText: 'Stand-in LaMa' });
      await row.waitFor({ timeout: 30_000 });
      // What the model is for, its size and license, and that it is not installed.
      const text = await row.textContent();
      expect(text).toContain('Text removal');
      expect(text).toContain('license Apache-2.0');
      expect(text).toContain('Not installed');

      await row.getByRole('button', { name: 'Install Stand-in LaMa' }).click();
      const bar = row.getByRole('progressbar', { name: 'Install progress of Stand-in LaMa' });
      const seen = new Set<number>();
      let shotTaken = false;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(await row.getByText(/^Installed/).count())) {
        const value = await bar.getAttribute('value', { timeout: 1000 }).catch(() => null);
        if (value !== null && Number(value) > 0 && Number(value) < 100) {
          seen.add(Number(value));
          if (!shotTaken && seen.size >= 2) {
            await shot(page, 'models-installing');
            shotTaken = true;
          }
        }
        await page.waitForTimeout(40);
      }
      await row.getByText(/^Installed · 228 B on disk/).waitFor({ timeout: 10_000 });
      // The bar moved: it showed several values between empty and full.
      expect(seen.size).toBeGreaterThanOrEqual(2);
      expect((await api<{ installed: boolean; source: string }>('GET', '/v1/models/standin-lama')).json).toMatchObject({
        installed: true,
        source: 'download',
      });
      await shot(page, 'models', 1000);

      await row.getByRole('button', { name: 'Remove Stand-in LaMa' }).click();
      expect((await api<{ installed: boolean }>('GET', '/v1/models/standin-lama')).json.installed).toBe(true);
      await row.getByRole('button', { name: 'Confirm removing Stand-in LaMa' }).click();
      await row.getByText('Not installed').waitFor({ timeout: 10_000 });
      expect((await api<{ installed: boolean }>('GET', '/v1/models/standin-lama')).json.installed).toBe(false);

      // In a browser the import takes a path on the service's machine.
      const copy = path.join(tempDir, 'offline-copy', MODEL_FILE);
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.writeFileSync(copy, modelBytes);
      await row.getByRole('button', { name: 'Import Stand-in LaMa from a file or folder' }).click();
      await row.getByLabel("Path on the service's machine").fill('relative/path.onnx');
      await row.getByRole('button', { name: 'Import', exact: true }).click();
      await row.getByText(/Give an absolute path/).waitFor({ timeout: 10_000 });
      await row.getByLabel("Path on the service's machine").fill(copy);
      await row.getByRole('button', { name: 'Import', exact: true }).click();
      await row.getByText(/^Installed.*imported/).waitFor({ timeout: 30_000 });
      expect((await api<{ installed: boolean; source: string }>('GET', '/v1/models/standin-lama')).json).toMatchObject({
        installed: true,
        source: 'import',
      });
      await row.getByRole('button', { name: 'Remove Stand-in LaMa' }).click();
      await row.getByRole('button', { name: 'Confirm removing Stand-in LaMa' }).click();
      await row.getByText('Not installed').waitFor({ timeout: 10_000 });
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it("shows a task's original beside its result from the request the API returns; a file:// original is explained", async () => {
    const upload = await fetch(`${service.url}/v1/files`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/octet-stream',
        'X-File-Name': 'uploaded-ref.mp4',
      },
      body: fs.readFileSync(video),
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const uploaded = await api<{ task_id: string }>('POST', '/v1/video_generation', {
      reference_file_url: url,
      model: 'standard_v1',
      reference_file_type: 'video',
    });
    const local = await api<{ task_id: string }>('POST', '/v1/video_generation', {
      reference_file_url: pathToFileURL(video).href,
      model: 'standard_v1',
      reference_file_type: 'video',
    });
    expect([uploaded.status, local.status]).toEqual([200, 200]);

    const page = await openPage('Tasks');
    try {
      const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
      await rows
        .filter({ hasText: 'uploaded-ref.mp4' })
        .getByText('Done', { exact: true })
        .waitFor({ timeout: 120_000 });
      await rows.filter({ hasText: 'local-ref.mp4' }).getByText('Done', { exact: true }).waitFor({ timeout: 120_000 });

      await rows.filter({ hasText: 'uploaded-ref.mp4' }).locator('.task-open').click();
      const original = page.getByLabel('Original', { exact: true });
      await original.waitFor({ timeout: 30_000 });
      expect(await original.getAttribute('src')).toBe(url);
      await expect
        .poll(() => original.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      const request = await page.locator('.api-request pre').textContent();
      expect(request).toContain('/v1/video_generation');
      expect(request).toContain('"model": "standard_v1"');
      expect(request).toContain(url);
      await shot(page, 'task-original', 1100);

      await page.getByRole('button', { name: '← All tasks' }).click();
      await rows.filter({ hasText: 'local-ref.mp4' }).locator('.task-open').click();
      await page.getByText(/a browser page cannot play/).waitFor({ timeout: 30_000 });
      expect(await page.getByLabel('Original', { exact: true }).count()).toBe(0);
      expect(await page.locator('.original-note').textContent()).toContain(video);
      expect(await page.locator('.api-request pre').textContent()).toContain(pathToFileURL(video).href);
    } finally {
      await page.context().close();
    }
  }, 240_000);
});
