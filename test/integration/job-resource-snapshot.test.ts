// A dub job keeps the subtitle style and glossaries it was created with: editing or deleting them right after the
// create call changes neither the running job nor what it burns into the video.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

const { ffmpeg } = resolveMediaTools();
const FRAME = { width: 480, height: 270 };
const CUES = [{ startMs: 300, endMs: 2600, text: 'Welcome to the weather report.' }];
const DURING_CUE_SEC = 1.5;
const RED = '#FF0000';
const GREEN = '#00FF00';

let svc: TestService;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let video: string;
let subtitles: string;

/** A dark grey video speaking the cue, so the burned text's colour stands out. */
async function spokenGreyVideo(): Promise<{ video: string; srt: string }> {
  const spoken = await makeSpokenAudio(media.dir, { cues: CUES, name: 'weather', durationSec: 3 });
  const output = path.join(media.dir, 'weather.mp4');
  await runProcess(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x202020:s=${FRAME.width}x${FRAME.height}:r=25:d=3`,
    '-i',
    spoken.audioPath,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    output,
  ]);
  return { video: output, srt: spoken.srtPath };
}

/** Pixels of the result at the cue that are clearly red, and clearly green. */
async function textColourCounts(videoUrl: string): Promise<{ red: number; green: number }> {
  const file = path.join(media.dir, `result-${Date.now()}.mp4`);
  await fs.writeFile(file, Buffer.from(await (await fetch(videoUrl)).arrayBuffer()));
  const { stdout } = await runProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-ss',
      String(DURING_CUE_SEC),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { captureStdout: true },
  );
  const pixels = stdout!;
  let red = 0;
  let green = 0;
  for (let i = 0; i < pixels.length; i += 3) {
    const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    if (r > 170 && g < 90 && b < 90) red++;
    if (g > 170 && r < 90 && b < 90) green++;
  }
  return { red, green };
}

async function createStyleAndGlossary(): Promise<{ styleId: string; glossaryId: string }> {
  const style = await svc.api('/v1/subtitle_styles', {
    body: { name: 'Red and large', primary_colour: RED, font_size: 0.09, bold: true },
  });
  expect(style.status, JSON.stringify(style.body)).toBe(200);
  const glossary = await svc.api('/v1/glossaries', {
    body: {
      name: 'Weather terms',
      source_language: 'en',
      target_language: 'de',
      entries: [{ source: 'weather report', target: 'Wetterbericht' }],
    },
  });
  expect(glossary.status, JSON.stringify(glossary.body)).toBe(200);
  return { styleId: style.body.subtitle_style_id, glossaryId: glossary.body.glossary_id };
}

async function createDub(styleId: string, glossaryId: string): Promise<string> {
  const created = await svc.api('/v1/media/translate', {
    body: {
      media_type: 'video',
      media_url: pathToFileURL(video).href,
      subtitle_url: pathToFileURL(subtitles).href,
      subtitle_usage_type: 'final_translated',
      source_language: 'en',
      target_language: 'de',
      subtitle_mode: 'add',
      export_type: 'video',
      subtitle_style_id: styleId,
      glossary_ids: [glossaryId],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.task_id;
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-resource-snapshot-');
  ({ video, srt: subtitles } = await spokenGreyVideo());
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('a dub job snapshots its subtitle style and glossaries when it is created', () => {
  it('burns the style as it was at create time after the style is edited to another colour', async () => {
    const { styleId, glossaryId } = await createStyleAndGlossary();
    const taskId = await createDub(styleId, glossaryId);
    const edited = await svc.api(`/v1/subtitle_styles/${encodeURIComponent(styleId)}`, {
      method: 'PUT',
      body: { name: 'Now green', primary_colour: GREEN, font_size: 0.09, bold: true },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const changedTerms = await svc.api(`/v1/glossaries/${glossaryId}`, {
      method: 'PUT',
      body: {
        name: 'Weather terms',
        source_language: 'en',
        target_language: 'de',
        entries: [{ source: 'weather report', target: 'Wettervorhersage' }],
      },
    });
    expect(changedTerms.status, JSON.stringify(changedTerms.body)).toBe(200);

    const task = await svc.waitForTask(taskId, undefined, 120_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    const colours = await textColourCounts(task.result.video_url);
    expect(colours.red).toBeGreaterThan(200);
    expect(colours.green).toBe(0);
    // No translation engine runs on final translations, so the glossary is only kept: as it was at create time.
    const snapshot = JSON.parse(
      await fs.readFile(path.join(jobWorkDir(svc.service.core.paths, taskId), 'inputs', 'resources.json'), 'utf8'),
    );
    expect(snapshot.glossaries).toMatchObject([
      { id: glossaryId, entries: [{ source: 'weather report', target: 'Wetterbericht' }] },
    ]);
  }, 180_000);

  it('finishes with the original style after the style and the glossary are deleted right after create', async () => {
    const { styleId, glossaryId } = await createStyleAndGlossary();
    const taskId = await createDub(styleId, glossaryId);
    expect((await svc.api(`/v1/subtitle_styles/${encodeURIComponent(styleId)}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await svc.api(`/v1/glossaries/${glossaryId}`, { method: 'DELETE' })).status).toBe(204);

    const task = await svc.waitForTask(taskId, undefined, 120_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    expect((await textColourCounts(task.result.video_url)).red).toBeGreaterThan(200);
  }, 180_000);

  it('refuses to queue a job whose glossary was deleted after its checks, leaving no task or work folder behind', async () => {
    const { styleId, glossaryId } = await createStyleAndGlossary();
    expect((await svc.api(`/v1/glossaries/${glossaryId}`, { method: 'DELETE' })).status).toBe(204);
    const tasksBefore = (await svc.api('/v1/tasks')).body.tasks.length;
    const foldersBefore = await fs.readdir(svc.service.core.paths.jobs).catch(() => []);
    // The queue's own create call, as after a request passed its checks a moment before the glossary went away.
    await expect(
      svc.service.core.jobs.create('translate', { subtitle_style_id: styleId, glossary_ids: [glossaryId] }),
    ).rejects.toThrow(expect.objectContaining({ code: 'not_found', message: expect.stringContaining(glossaryId) }));
    expect((await svc.api('/v1/tasks')).body.tasks).toHaveLength(tasksBefore);
    expect(await fs.readdir(svc.service.core.paths.jobs).catch(() => [])).toEqual(foldersBefore);
  });
});
