// The GUI shows a finished job's warnings: a summary near the status, and a marker with the text on the very subtitle
// line that was spoken too fast (headless Chromium against a real service and a real dub).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { trimSilence } from '../../src/main/media/dsp/envelope.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import type { RunningService } from '../../src/main/service.js';
import { artifactsDir, browserMissing, startGuiHarness, type GuiHarness } from '../fixtures/browser.js';
import { makeAudio, makeTextFile } from '../fixtures/media.js';

const VOICE = 'espeak:de+f2';
const LONG_LINE = 'Hallo und einen wunderschönen guten Tag an alle Zuschauerinnen und Zuschauer zu Hause.';

describe.skipIf(browserMissing)('the GUI: warnings of a finished dub', () => {
  let harness: GuiHarness;
  let tempDir: string;
  let service: RunningService;
  let browser: Browser;
  let taskId: string;

  beforeAll(async () => {
    harness = await startGuiHarness('dubdesk-gui-warnings-');
    ({ tempDir, service, browser } = harness);
    const engine = createEspeakEngine();
    let longLineMs: number;
    try {
      const speech = await engine.synthesize({ text: LONG_LINE, voiceId: VOICE, rate: 1 });
      longLineMs = (trimSilence(speech.samples, speech.sampleRate).samples.length / speech.sampleRate) * 1000;
    } finally {
      await engine.dispose();
    }
    // Cue 2 gets room for 1.8x its normal-rate speech: over the stretch cap, under the 2.0x bound.
    const end2 = 2500 + Math.round(longLineMs / 1.8);
    const cues = [
      [500, 2000, 'Guten Morgen.'],
      [2500, end2, LONG_LINE],
      [end2 + 100, end2 + 1600, 'Danke.'],
    ] as const;
    const srt = await makeTextFile(
      tempDir,
      'warn.srt',
      cues
        .map(([from, to, text], i) => `${i + 1}\n${formatSrtTime(from)} --> ${formatSrtTime(to)}\n${text}\n`)
        .join('\n'),
    );
    const audio = await makeAudio(tempDir, { durationSec: 10, name: 'warn.wav' });
    const key = new URLSearchParams(new URL(service.guiUrl).hash.slice(1)).get('key')!;
    const created = await fetch(`${service.url}/v1/media/translate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        media_type: 'audio',
        media_url: pathToFileURL(audio).href,
        subtitle_url: pathToFileURL(srt).href,
        subtitle_usage_type: 'final_translated',
        target_language: 'de',
        selected_voice_id: VOICE,
        export_type: 'audio',
      }),
    });
    expect(created.status).toBe(200);
    taskId = ((await created.json()) as { task_id: string }).task_id;
  }, 180_000);

  afterAll(async () => harness?.close());

  it('summarises the warning near the status and marks the line spoken too fast in the subtitles, with its text', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    const page = await context.newPage();
    try {
      await page.goto(service.guiUrl);
      await page.getByText(/· Live$/).waitFor({ timeout: 30_000 });
      const row = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: 'warn.wav' });
      await row.getByText('Done', { exact: true }).waitFor({ timeout: 120_000 });
      await row.locator('.task-open').click();

      const summary = page.getByRole('status', { name: 'Warnings' });
      await summary.waitFor({ timeout: 30_000 });
      expect(await summary.innerText()).toMatch(
        /Finished with a warning:\s*Cue 2 \(00:00:02,500 --> [\d:,]+\) is spoken at 1\.\d\dx normal speed/,
      );

      const lines = page.getByRole('list', { name: 'Subtitles' }).getByRole('listitem');
      await lines.first().waitFor({ timeout: 30_000 });
      expect(await lines.count()).toBe(3);
      const marked = lines.filter({ has: page.getByRole('img', { name: 'Warning' }) });
      expect(await marked.count()).toBe(1);
      expect(await marked.getAttribute('data-warning')).toBe('line_too_fast');
      expect(await marked.innerText()).toContain('Zuschauerinnen');
      expect(await marked.innerText()).toMatch(/is spoken at 1\.\d\dx normal speed .* shorten its text/);
      expect(await lines.nth(0).getByRole('img', { name: 'Warning' }).count()).toBe(0);
      await page.screenshot({ path: path.join(artifactsDir, 'gui-line-warning.png') });
    } finally {
      await context.close();
    }
    expect(taskId).toBeTruthy();
  }, 180_000);
});
