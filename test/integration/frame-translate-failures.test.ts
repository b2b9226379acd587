// Visual translate through the real service when the request or its video is wrong, and with the request's options:
// a video without text, truncated videos, a source language without OCR data, too many glossaries, and a glossary
// term and a user prompt the translation must honour. Each failure is a clear code and message, never a 500.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { makeTextVideo } from '../fixtures/text-video.js';

const missing = systemEngineMissing(
  'Apertium eng-spa',
  findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

describe.skipIf(missing)('visual translate: bad inputs and request options', () => {
  const { ffmpeg } = resolveMediaTools();
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let houseVideo: string;
  const create = (body: Record<string, unknown>) => svc.api('/v1/media/frame_translate', { body });
  const urlOf = (file: string) => pathToFileURL(file).href;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-failures-');
    houseVideo = (
      await makeTextVideo(media.dir, {
        texts: [
          {
            text: 'The house is big',
            startMs: 500,
            endMs: 2500,
            x: '(w-text_w)/2',
            y: 'h-text_h-30',
            fontSize: 28,
            colour: 'white',
          },
        ],
        durationSec: 3,
        name: 'house.mp4',
      })
    ).file;
    svc = await startTestService();
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('fails a video without any text with no_text_detected, naming the file, and makes no result', async () => {
    const { file } = await makeTextVideo(media.dir, { texts: [], durationSec: 2, name: 'no-words-here.mp4' });
    const created = await create({ video_url: urlOf(file), source_language: 'en', target_language: 'es' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    expect(task).toMatchObject({ status: 'failed', err_code: 'no_text_detected', stage: 'find-text' });
    expect(task.err_message).toBe(
      'No readable English text was found in no-words-here.mp4: nothing to translate. Check source_language.',
    );
    const status = (await svc.api(`/v1/media/frame_translate/${created.body.task_id}`)).body;
    expect(status).toMatchObject({ status: 'failed', err_code: 'no_text_detected' });
    expect(status.result).toBeUndefined();
  }, 150_000);

  it('refuses an mp4 cut in half whose index was at its end at create time, with media_unreadable naming it', async () => {
    // ffmpeg writes the moov box after the media data unless told to move it: half the file has no index at all.
    const whole = await fs.readFile(houseVideo);
    expect(whole.indexOf('moov')).toBeGreaterThan(whole.indexOf('mdat'));
    const cut = path.join(media.dir, 'cut-index-at-end.mp4');
    await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const tasksBefore = (await svc.api('/v1/tasks')).body.tasks.length;
    const created = await create({ video_url: urlOf(cut), source_language: 'en', target_language: 'es' });
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body.code).toBe('media_unreadable');
    expect(created.body.message).toMatch(/cut-index-at-end\.mp4/);
    expect((await svc.api('/v1/tasks')).body.tasks).toHaveLength(tasksBefore);
  });

  // The index promises 75 frames, ffmpeg decodes 38, logs "Invalid data found when processing input" and exits 0:
  // the job must not end done with a video half as long.
  it('ends a faststart mp4 cut in the middle with a clear media error, never a quietly shorter video', async () => {
    const faststart = path.join(media.dir, 'faststart.mp4');
    await runProcess(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-i',
        houseVideo,
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        faststart,
      ],
      { toolName: 'ffmpeg' },
    );
    const whole = await fs.readFile(faststart);
    expect(whole.indexOf('moov')).toBeLessThan(whole.indexOf('mdat'));
    const cut = path.join(media.dir, 'cut-mid-data.mp4');
    await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const created = await create({ video_url: urlOf(cut), source_language: 'en', target_language: 'es' });
    // The index promises frames that are not there: the create call or the job says so, about this file.
    if (created.status !== 200) {
      expect(created.status, JSON.stringify(created.body)).toBe(400);
      expect(['media_unreadable', 'unsupported_media']).toContain(created.body.code);
      expect(created.body.message).toMatch(/cut-mid-data\.mp4/);
      return;
    }
    const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    console.log(
      `[frame translate] faststart mp4 cut in the middle: ${task.status} ${task.err_code ?? ''} ${task.err_message ?? ''}`,
    );
    expect(task.status).toBe('failed');
    expect(task.err_code).toBe('media_unreadable');
    expect(task.err_message).toMatch(/cut-mid-data\.mp4/);
  }, 150_000);

  it('names the missing OCR data at create time for a source language Tesseract has no data for here', async () => {
    const created = await create({ video_url: urlOf(houseVideo), source_language: 'fr', target_language: 'es' });
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body.code).toBe('model_not_installed');
    expect(created.body.message).toMatch(/French/);
  });

  it('refuses four glossaries with too_many_glossaries', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await svc.api('/v1/glossaries', {
        body: {
          name: `terms ${i}`,
          source_language: 'en',
          target_language: 'es',
          entries: [{ source: `word${i}`, target: `palabra${i}` }],
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids.push(made.body.glossary_id);
    }
    const created = await create({
      video_url: urlOf(houseVideo),
      source_language: 'en',
      target_language: 'es',
      glossary_ids: ids,
    });
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('too_many_glossaries');
    expect(created.body.message).toMatch(/4 entries; at most 3/);
  });

  it('translates with the glossary term and accepts a user prompt, and draws a video', async () => {
    const glossary = await svc.api('/v1/glossaries', {
      body: {
        name: 'home words',
        source_language: 'en',
        target_language: 'es',
        entries: [{ source: 'house', target: 'hogar' }],
      },
    });
    expect(glossary.status, JSON.stringify(glossary.body)).toBe(200);
    const prompt = 'Warm, familiar register.';
    const created = await create({
      video_url: urlOf(houseVideo),
      source_language: 'en',
      target_language: 'es',
      glossary_ids: [glossary.body.glossary_id],
      user_prompt: prompt,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await svc.waitForTask(created.body.task_id, undefined, 150_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    expect(task.request).toMatchObject({ user_prompt: prompt, glossary_ids: [glossary.body.glossary_id] });
    const stages = path.join(jobWorkDir(svc.service.core.paths, created.body.task_id), 'stages');
    const outputName = (await fs.readdir(stages)).find((file) => file.endsWith('-translate-text.json'))!;
    const translated = JSON.parse(await fs.readFile(path.join(stages, outputName), 'utf8'));
    expect(translated.blocks).toHaveLength(1);
    expect(translated.blocks[0].sourceText).toMatch(/house/i);
    expect(translated.blocks[0].targetText).toMatch(/\bhogar\b/i);
    expect(translated.blocks[0].targetText).not.toMatch(/\bcasa\b/i);
    // Apertium translated it, and says it could not follow the prompt (issue 27: never dropped silently).
    expect((task.warnings ?? []).map((warning: { code: string }) => warning.code)).toEqual(['user_prompt_not_used']);
    const log = (await svc.api(`/v1/tasks/${created.body.task_id}/log`)).body.lines.map(
      (line: { message: string }) => line.message,
    );
    expect(log.some((message: string) => /1 glossary terms/.test(message))).toBe(true);
    const status = (await svc.api(`/v1/media/frame_translate/${created.body.task_id}`)).body;
    expect(status.result.video_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//);
  }, 200_000);
});
