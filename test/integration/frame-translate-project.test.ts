// A visual translate project through the HTTP API: a job with project_mode editable ends with its video and a
// project of its texts (each with its box); one translation is corrected, the project exported, and the new video
// shows the correction where the English was (an independent reader, Debian's tesseract CLI, checks the frames)
// while the untouched text keeps its translation. A stale revision is refused with 409.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { readFrames } from '../../src/main/media/frames.js';
import type { PixelBox, RgbImage } from '../../src/main/media/image/rgb-image.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { tesseractPresent, tesseractRead } from '../fixtures/text-frames.js';
import { makeTextVideo, type ShownText } from '../fixtures/text-video.js';

const missing = systemEngineMissing(
  'Apertium eng-spa and the tesseract CLI',
  (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false) && tesseractPresent(),
);

const FPS = 25;
const [WIDTH, HEIGHT] = [640, 360];
const CORRECTED = 'El perro come pan';

const grow = (box: PixelBox, by: number): PixelBox => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});

async function frameAt(file: string, seconds: number): Promise<RgbImage> {
  for await (const frame of readFrames(file, { pixelFormat: 'rgb24', startSec: seconds, durationSec: 1 / FPS })) {
    return { data: frame.data, width: WIDTH, height: HEIGHT };
  }
  throw new Error(`no frame at ${seconds} s of ${file}`);
}

describe.skipIf(missing)('visual translate project: edit a translation and export the video again', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let texts: ShownText[];
  let status: any;
  let project: any;

  const subtitleOf = (segments: any[]) => segments.find((segment) => /house/i.test(segment.source_text));
  // Tesseract reads the yellow title as 'The black caB' (see frame-translate-e2e): found by its first words.
  const titleOf = (segments: any[]) => segments.find((segment) => /black/i.test(segment.source_text));

  async function download(url: string, name: string): Promise<string> {
    const file = path.join(media.dir, name);
    await fs.writeFile(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
    return file;
  }

  async function logOf(taskId: string): Promise<string> {
    return (await svc.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines.map((line: any) => line.message).join('\n');
  }

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-project-');
    const made = await makeTextVideo(media.dir, {
      texts: [
        {
          text: 'The house is big',
          startMs: 500,
          endMs: 3000,
          x: '(w-text_w)/2',
          y: 'h-text_h-30',
          fontSize: 28,
          colour: 'white',
        },
        { text: 'The black cat', startMs: 0, endMs: 3500, x: '20', y: '20', fontSize: 28, colour: 'yellow' },
      ],
      fps: FPS,
      durationSec: 3.5,
      name: 'notice.mp4',
    });
    texts = made.texts;
    svc = await startTestService();
    const created = await svc.api('/v1/media/frame_translate', {
      body: {
        video_url: pathToFileURL(made.file).href,
        source_language: 'en',
        target_language: 'es',
        project_mode: 'editable',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await svc.waitForTask(created.body.task_id, undefined, 300_000);
    expect(task.status, `${JSON.stringify(task)}\n${await logOf(created.body.task_id)}`).toBe('done');
    status = (await svc.api(`/v1/media/frame_translate/${created.body.task_id}`)).body;
  }, 400_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('ends done with the translated video and a project_url', () => {
    expect(status.result.video_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//);
    expect(status.result.project_url).toMatch(new RegExp(`^${svc.url}/#/projects/[\\w-]+$`));
  });

  it('has one segment per text, with its time, both texts and its box in fractions of the frame', async () => {
    const projectId = status.result.project_url.split('/').pop();
    const answer = await svc.api(`/v1/projects/${projectId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    project = answer.body;
    expect(project).toMatchObject({
      kind: 'frame_translate',
      source_language: 'en',
      target_language: 'es',
      segment_count: 2,
    });
    expect(project.media_duration).toBeCloseTo(3.5, 1);
    expect(project.segments).toHaveLength(2);
    const subtitle = subtitleOf(project.segments);
    const title = titleOf(project.segments);
    expect(subtitle).toMatchObject({ target_text: expect.stringMatching(/casa es grande/i), status: 'ok' });
    expect(title).toMatchObject({ target_text: expect.stringMatching(/negro/i), status: 'ok' });
    expect(subtitle.start).toBeCloseTo(0.5, 1);
    expect(subtitle.end).toBeCloseTo(3.0, 1);
    // Each box holds the centre of the text as drawn, and is not much larger than it.
    for (const [segment, shown] of [
      [subtitle, texts[0]!],
      [title, texts[1]!],
    ] as const) {
      const centreX = (shown.box!.x + shown.box!.width / 2) / WIDTH;
      const centreY = (shown.box!.y + shown.box!.height / 2) / HEIGHT;
      expect(segment.box.x).toBeLessThan(centreX);
      expect(segment.box.x + segment.box.width).toBeGreaterThan(centreX);
      expect(segment.box.y).toBeLessThan(centreY);
      expect(segment.box.y + segment.box.height).toBeGreaterThan(centreY);
      expect(segment.box.width).toBeLessThan((shown.box!.width + 40) / WIDTH);
      expect(segment.box.height).toBeLessThan((shown.box!.height + 30) / HEIGHT);
    }
  });

  it('exports a corrected translation: the new video shows it where the English was, the other text unchanged', async () => {
    const subtitle = subtitleOf(project.segments);
    const edited = await svc.api(`/v1/projects/${project.project_id}/segments/${subtitle.segment_id}`, {
      method: 'PATCH',
      body: { revision: subtitle.revision, target_text: CORRECTED },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ target_text: CORRECTED, status: 'edited' });
    expect(edited.body.revision).toBeGreaterThan(subtitle.revision);

    const stale = await svc.api(`/v1/projects/${project.project_id}/segments/${subtitle.segment_id}`, {
      method: 'PATCH',
      body: { revision: subtitle.revision, target_text: 'El gato duerme' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');

    const exported = await svc.api(`/v1/projects/${project.project_id}/export`, { body: {} });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const task = await svc.waitForTask(exported.body.task_id, undefined, 300_000);
    const log = await logOf(exported.body.task_id);
    expect(task.status, `${JSON.stringify(task)}\n${log}`).toBe('done');
    expect(log).toMatch(/drawing the project's 2 lines, 1 of them edited/);
    expect(log).not.toMatch(/texts read with/); // the text was found once, by the job: the export only renders

    const result = (await svc.api(`/v1/media/frame_translate/${exported.body.task_id}`)).body.result;
    expect(result.video_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//);
    expect(result.video_url).not.toBe(status.result.video_url);
    const video = await download(result.video_url, 'exported.mp4');
    const before = await download(status.result.video_url, 'first.mp4');

    const band = grow(texts[0]!.box!, 12);
    const wideBand = { ...band, x: band.x - 60, width: band.width + 120 };
    const shownFirst = (
      await tesseractRead(media.dir, await frameAt(before, 1.5), 'first-band', wideBand)
    ).toLowerCase();
    expect(shownFirst).toMatch(/grande/);
    const shown = (await tesseractRead(media.dir, await frameAt(video, 1.5), 'band', wideBand)).toLowerCase();
    // Its start lies over testsrc2's yellow bar, where tesseract cannot read white letters: its end is read.
    expect(shown).toMatch(/come pan/);
    expect(shown).not.toMatch(/casa|grande/);
    expect(shown).not.toMatch(/house|big/);
    const title = grow(texts[1]!.box!, 12);
    // Cropped short of the yellow bar, over which tesseract cannot read the yellow title.
    const top = (
      await tesseractRead(media.dir, await frameAt(video, 1.5), 'title', { ...title, width: title.width + 10 })
    ).toLowerCase();
    expect(top).toMatch(/negro/);
    expect(top).not.toMatch(/black/);
    const after = (await tesseractRead(media.dir, await frameAt(video, 3.2), 'band-after', wideBand)).toLowerCase();
    expect(after).not.toMatch(/come pan|house/);

    const listed = await svc.api(`/v1/projects/${project.project_id}`);
    expect(listed.body.export_task_ids).toEqual([exported.body.task_id]);
  }, 400_000);

  it('exports a split text with each half shown in its own time, the English erased under both', async () => {
    const title = titleOf((await svc.api(`/v1/projects/${project.project_id}`)).body.segments);
    const split = await svc.api(`/v1/projects/${project.project_id}/segments/${title.segment_id}/split`, {
      body: { at: 1.75, revision: title.revision },
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const [first, second] = split.body.segments;
    expect(first).toMatchObject({ start: title.start, end: 1.75, box: title.box });
    expect(second).toMatchObject({ start: 1.75, end: title.end, box: title.box });
    const [firstWord, lastWord] = [
      first.target_text.split(' ').pop().toLowerCase(),
      second.target_text.split(' ').pop().toLowerCase(),
    ];
    expect(firstWord).not.toBe(lastWord);

    const exported = await svc.api(`/v1/projects/${project.project_id}/export`, { body: {} });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const task = await svc.waitForTask(exported.body.task_id, undefined, 300_000);
    const log = await logOf(exported.body.task_id);
    expect(task.status, `${JSON.stringify(task)}\n${log}`).toBe('done');
    expect(log).toMatch(/drawing the project's 3 lines, 3 of them edited/);
    const video = await download(
      (await svc.api(`/v1/media/frame_translate/${exported.body.task_id}`)).body.result.video_url,
      'split.mp4',
    );
    const area = grow(texts[1]!.box!, 12);
    const titleArea = { ...area, width: area.width + 10 };
    const early = (await tesseractRead(media.dir, await frameAt(video, 1.0), 'early', titleArea)).toLowerCase();
    const late = (await tesseractRead(media.dir, await frameAt(video, 2.5), 'late', titleArea)).toLowerCase();
    expect(early).toContain(firstWord);
    expect(early).not.toContain(lastWord);
    expect(late).toContain(lastWord);
    expect(late).not.toContain(firstWord);
    expect(`${early} ${late}`).not.toMatch(/black|the/);
  }, 400_000);
});

describe.skipIf(missing)('visual translate project: a re-export renders only the chunk whose text changed', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let texts: ShownText[];

  async function exportLog(projectId: string): Promise<{ log: string; video: string }> {
    const exported = await svc.api(`/v1/projects/${projectId}/export`, { body: {} });
    const task = await svc.waitForTask(exported.body.task_id, undefined, 300_000);
    const log = (await svc.api(`/v1/tasks/${exported.body.task_id}/log?limit=500`)).body.lines
      .map((line: any) => line.message)
      .join('\n');
    expect(task.status, `${JSON.stringify(task)}\n${log}`).toBe('done');
    const url = (await svc.api(`/v1/media/frame_translate/${exported.body.task_id}`)).body.result.video_url;
    const video = path.join(media.dir, `${exported.body.task_id}.mp4`);
    await fs.writeFile(video, Buffer.from(await (await fetch(url)).arrayBuffer()));
    return { log, video };
  }

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-chunks-');
    const made = await makeTextVideo(media.dir, {
      texts: [
        {
          text: 'The house is big',
          startMs: 1000,
          endMs: 4000,
          x: '(w-text_w)/2',
          y: 'h-text_h-30',
          fontSize: 28,
          colour: 'white',
        },
        { text: 'The black cat', startMs: 21_000, endMs: 24_000, x: '20', y: '20', fontSize: 28, colour: 'yellow' },
      ],
      fps: FPS,
      durationSec: 25,
      name: 'long-notice.mp4',
    });
    texts = made.texts;
    svc = await startTestService();
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('keeps the chunk with the untouched text, and shows the correction in the other', async () => {
    const created = await svc.api('/v1/media/frame_translate', {
      body: {
        video_url: pathToFileURL(path.join(media.dir, 'long-notice.mp4')).href,
        source_language: 'en',
        target_language: 'es',
        project_mode: 'editable',
      },
    });
    const job = await svc.waitForTask(created.body.task_id, undefined, 400_000);
    expect(job.status).toBe('done');
    const projectId = (await svc.api(`/v1/media/frame_translate/${created.body.task_id}`)).body.result.project_url
      .split('/')
      .pop();
    expect((await exportLog(projectId)).log).toContain('video rendered in 2 chunks of about 20 s, 0 of them reused');

    const house = (await svc.api(`/v1/projects/${projectId}`)).body.segments.find((segment: any) =>
      /house/i.test(segment.source_text),
    );
    await svc.api(`/v1/projects/${projectId}/segments/${house.segment_id}`, {
      method: 'PATCH',
      body: { revision: house.revision, target_text: CORRECTED },
    });
    const again = await exportLog(projectId);
    expect(again.log).toContain('video rendered in 2 chunks of about 20 s, 1 of them reused');
    const band = grow(texts[0]!.box!, 12);
    const shown = (
      await tesseractRead(media.dir, await frameAt(again.video, 2.5), 'chunked-band', {
        ...band,
        x: band.x - 60,
        width: band.width + 120,
      })
    ).toLowerCase();
    expect(shown).toMatch(/come pan/);
    const area = grow(texts[1]!.box!, 12);
    const title = (
      await tesseractRead(media.dir, await frameAt(again.video, 22.5), 'chunked-title', {
        ...area,
        width: area.width + 10,
      })
    ).toLowerCase();
    expect(title).toMatch(/negro/);
    expect(title).not.toMatch(/black/);
  }, 600_000);
});
