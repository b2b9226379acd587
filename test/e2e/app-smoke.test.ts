// The smoke test the release workflow runs on each system's packaged app before it uploads the installers
// (DUBDESK_SMOKE_APP = the unpacked app's executable), and that runs here on every `npm test` against the same build
// served headless in Debian's Chromium: the window shows the Tasks view, a photo and an audio file chosen in it make
// a lip-sync job that ends done, its video plays for the audio's length with a picture, and quitting leaves no
// service behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/main/media/probe.js';
import { launchAppUnderTest, packagedApp, processAlive, type AppUnderTest } from '../fixtures/app-under-test.js';
import { browserMissing } from '../fixtures/browser.js';
import { facePhoto } from '../fixtures/faces.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

describe.skipIf(browserMissing && !packagedApp)('the desktop app, smoke-tested', () => {
  let tempDir: string;
  let app: AppUnderTest | undefined;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-smoke-'));
    app = await launchAppUnderTest(tempDir);
  }, 240_000);
  afterAll(async () => {
    await app?.quit().catch(() => {});
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('runs a lip-sync job from a photo and an audio file chosen in its window, and quits leaving no service', async () => {
    const { page } = app!;
    await page.getByRole('button', { name: 'Tasks', exact: true }).waitFor({ timeout: 60_000 });
    await page.getByText('No tasks yet.').waitFor({ timeout: 60_000 });

    const { audioPath } = await makeSpokenAudio(tempDir, {
      cues: [{ startMs: 200, endMs: 2200, text: 'Hello, and welcome to the studio.' }],
      background: 'silence',
      name: 'hello',
    });
    await page.setInputFiles('#choose-files-input', [await facePhoto(), audioPath]);
    const files = page.getByRole('list', { name: 'Files' });
    await expect.poll(() => files.getByText('Uploaded').count(), { timeout: 60_000 }).toBe(2);
    await page.getByRole('radio', { name: /Lip-sync/ }).check();
    await page.getByRole('button', { name: 'Start task' }).click();
    await page.locator('.status-pill', { hasText: 'Done' }).waitFor({ timeout: 240_000 });

    // The result a user downloads: a video with a picture and the audio, as long as the audio.
    const href = await page.getByRole('link', { name: 'Video' }).getAttribute('href');
    const download = await fetch(new URL(href!, app!.origin));
    expect(download.status).toBe(200);
    const saved = path.join(tempDir, 'result.mp4');
    fs.writeFileSync(saved, Buffer.from(await download.arrayBuffer()));
    const [result, audio] = [await probeMedia(saved), await probeMedia(audioPath)];
    expect(result.video?.width).toBeGreaterThan(0);
    expect(result.audio).toBeDefined();
    expect(Math.abs(result.durationSec - audio.durationSec)).toBeLessThan(0.3);

    // Quitting: the service's process ends, its lock is released, and nothing answers on its port.
    const { servicePid, dataDir, origin } = app!;
    expect(processAlive(servicePid)).toBe(true);
    await app!.quit();
    app = undefined;
    await expect.poll(() => processAlive(servicePid), { timeout: 30_000 }).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'service.lock'))).toBe(false);
    await expect(fetch(`${origin}/v1/meta`)).rejects.toThrow();
  }, 400_000);
});
