// The formats people have, as the GUI offers them, in headless Chromium against a real service: the file picker and the
// drop zone list every extension of src/shared/media-formats.ts (the list the API checks), and a FLAC recording and an
// MPEG transport stream chosen together upload and are offered translate-and-dub, one task each.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionsOf } from '../../src/shared/media-formats.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { makeAudioFormat, makeVideoFormat } from '../fixtures/format-media.js';

/** The formats issue 27 added, each of which the GUI once refused. */
const NEWLY_TAKEN = ['flac', 'ogg', 'opus', 'aac', 'weba', 'mpg', 'mpeg', 'ts', 'mts', 'flv', 'm4v', '3gp'];

describe.skipIf(browserMissing)('the GUI: media formats from the one list', () => {
  let harness: GuiHarness;
  let files: string[];

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-formats-');
    files = [
      await makeAudioFormat(harness.tempDir, 'flac', { durationSec: 2, name: 'interview.flac' }),
      await makeVideoFormat(harness.tempDir, 'ts', { durationSec: 2, name: 'broadcast.ts' }),
    ];
  }, 180_000);

  afterAll(async () => harness?.close());

  const shared = ['video', 'image', 'audio', 'subtitle'].flatMap((kind) =>
    extensionsOf(kind as Parameters<typeof extensionsOf>[0]),
  );

  it('lists the same extensions in the picker and the drop zone, and offers a FLAC and a .ts file a dub', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    try {
      await page.goto(harness.service.guiUrl);
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });

      // The system dialog's filter: exactly the shared list.
      const accept = (await page.locator('#choose-files-input').getAttribute('accept')) ?? '';
      const picked = accept.split(',').map((extension) => extension.replace(/^\./, ''));
      expect(new Set(picked)).toEqual(new Set(shared));
      for (const extension of NEWLY_TAKEN) expect(picked).toContain(extension);

      // The drop zone, shown while files are dragged over the window, says the same.
      const transfer = await page.evaluateHandle(() => {
        const dragged = new DataTransfer();
        dragged.items.add(new File([new Uint8Array(4)], 'interview.flac', { type: 'audio/flac' }));
        return dragged;
      });
      await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
      const said = await page.locator('.drop-formats').innerText({ timeout: 10_000 });
      for (const extension of shared) expect(said.split(/[\s·]+/)).toContain(`.${extension}`);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-media-formats-drop.png') });
      await page.dispatchEvent('main', 'dragleave', { dataTransfer: transfer });

      // Chosen: both upload and translate-and-dub is offered for each.
      await page.setInputFiles('#choose-files-input', files);
      const uploaded = page.getByRole('list', { name: 'Files' }).getByText('Uploaded');
      await expect.poll(() => uploaded.count(), { timeout: 30_000 }).toBe(2);
      const offers = await page.getByRole('group', { name: 'What to make' }).locator('.offer-title').allInnerTexts();
      expect(offers).toContain('Translate and dub · 2 tasks');
      await page.getByRole('radio', { name: /Translate and dub/ }).check();
      // Each goes as what its content is: the service's probe of the upload, not the name's extension.
      await page.getByText('media type: audio (from the file)').waitFor({ timeout: 10_000 });
      await page.getByText('media type: video (from the file)').waitFor({ timeout: 10_000 });
      for (const name of ['interview.flac', 'broadcast.ts']) await page.getByLabel(`Subtitles for ${name}`).waitFor();
      await page.screenshot({ path: path.join(artifactsDir, 'gui-media-formats-offer.png') });
    } finally {
      await context.close();
    }
  }, 120_000);
});
