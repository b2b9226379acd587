// text_remains on real jobs over HTTP: a white, black-outlined title over a real photograph (Debian's opencv-doc),
// translated with the default engines, its translation moved in the project to another place, and the project
// exported. Over a chessboard held up to the camera (left01.jpg) both the title's colours are also the background's,
// so the glyph mask finds little to erase and the English stays; the export's report names it text_remains at the
// title's time. Over a brick street (leuvenA.jpg) the same steps erase it, and the report stays silent. The move lets
// the report's re-read see what the erase left on its own: a translation drawn over the remains garbles that read.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { makeMediaDir } from '../fixtures/media.js';
import { psnr } from '../fixtures/image-metrics.js';
import { frameAt, OPENCV_DATA_DIR, realMediaMissing } from '../fixtures/real-media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { characterErrorRate } from '../fixtures/text-accuracy.js';
import { DEJAVU_BOLD } from '../fixtures/text-video.js';

const missing = realMediaMissing() || systemEngineMissing('Apertium eng-spa', findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false);

const TITLE = 'Open every morning';
const SHOWN_SEC = 2;
const SIZE = { width: 640, height: 360, fps: 25 };
/** Where the translation is moved to in the project: a band near the bottom, away from the title. */
const MOVED_BOX = { x: 0.1, y: 0.8, width: 0.8, height: 0.14 };

describe.skipIf(missing)('visual translate: text_remains on an exported project', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;

  /** A still of the photograph, 640x360, with the title in white outlined black, 44 px, 40 px from the top, for 2 s. */
  async function titledPhoto(photo: string): Promise<string> {
    const file = path.join(media.dir, `${path.parse(photo).name}-titled.mp4`);
    const filter = `scale=640:360:force_original_aspect_ratio=increase,crop=640:360,setsar=1,drawtext=fontfile='${DEJAVU_BOLD}':text='${TITLE}'`
      + ':fontsize=44:fontcolor=white:borderw=2:bordercolor=black:x=(w-text_w)/2:y=40';
    await runProcess(resolveMediaTools().ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-loop', '1', '-framerate', '25', '-t', String(SHOWN_SEC),
      '-i', path.join(OPENCV_DATA_DIR, photo), '-vf', filter, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', file], { toolName: 'ffmpeg' });
    return file;
  }

  /**
   * The job (with a project), its project's one segment moved to MOVED_BOX, and the export: both status records, and
   * the PSNR of the export against the input inside the title's box (high where the title is still there).
   */
  async function translateAndMove(photo: string) {
    const video = await titledPhoto(photo);
    const created = await svc.api('/v1/media/frame_translate', { body: { video_url: pathToFileURL(video).href, source_language: 'en', target_language: 'es', project_mode: 'editable' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const job = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    expect(job.status, JSON.stringify(job)).toBe('done');
    const first = (await svc.api(`/v1/media/frame_translate/${created.body.task_id}`)).body;
    const project = (await svc.api(`/v1/projects/${first.result.project_url.split('/').pop()}`)).body;
    expect(project.segments).toHaveLength(1);
    const [segment] = project.segments;
    const moved = await svc.api(`/v1/projects/${project.project_id}/segments/${segment.segment_id}`, { method: 'PATCH', body: { revision: segment.revision, box: MOVED_BOX } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const exported = await svc.api(`/v1/projects/${project.project_id}/export`, { body: {} });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const task = await svc.waitForTask(exported.body.task_id, undefined, 120_000);
    const status = (await svc.api(`/v1/media/frame_translate/${exported.body.task_id}`)).body;
    const output = path.join(media.dir, `${path.parse(photo).name}-exported.mp4`);
    await fs.writeFile(output, Buffer.from(await (await fetch(status.result.video_url)).arrayBuffer()));
    const title = { x: segment.box.x * SIZE.width, y: segment.box.y * SIZE.height, right: (segment.box.x + segment.box.width) * SIZE.width, bottom: (segment.box.y + segment.box.height) * SIZE.height };
    const inTitle = (pixel: number) => {
      const [x, y] = [pixel % SIZE.width, Math.floor(pixel / SIZE.width)];
      return x >= title.x && x < title.right && y >= title.y && y < title.bottom;
    };
    const titleKept = psnr((await frameAt(output, 1, SIZE)).data, (await frameAt(video, 1, SIZE)).data, inTitle);
    console.log(`[text_remains] ${photo}: read '${segment.source_text}' -> '${segment.target_text}'; the export against the input in the title's box: ${titleKept.toFixed(1)} dB; `
      + `the job's report ${JSON.stringify(first.quality)}; the export's ${JSON.stringify(status.quality)}`);
    return { segment, task, status, titleKept };
  }

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-text-remains-');
    svc = await startTestService();
  }, 60_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('names the title left on the chessboard text_remains, at its time, with what was read there', async () => {
    const { segment, task, status, titleKept } = await translateAndMove('left01.jpg');
    expect(task.status, JSON.stringify(task)).toBe('done');
    // The title's box is much as it was in the input (it reads 'Open every morning' to the eye).
    expect(titleKept).toBeGreaterThan(20);
    const remains = status.quality.review.filter((item: { reasons: string[] }) => item.reasons.includes('text_remains'));
    expect(remains, JSON.stringify(status.quality)).toHaveLength(1);
    expect(remains[0]).toMatchObject({ line: 1, start: 0, end: SHOWN_SEC });
    expect(characterErrorRate(remains[0].text.toLowerCase(), 'open')).toBeLessThan(0.3);
    expect(remains[0].detail).toContain(`The original '${segment.source_text}' still reads in the result`);
    expect(status.quality).toMatchObject({ texts: 1, residual_text: 1 });
  }, 200_000);

  it('stays silent where the same steps erase the title (a brick street)', async () => {
    const { task, status, titleKept } = await translateAndMove('leuvenA.jpg');
    expect(task.status, JSON.stringify(task)).toBe('done');
    expect(titleKept).toBeLessThan(15);
    expect(status.quality.review.flatMap((item: { reasons: string[] }) => item.reasons)).not.toContain('text_remains');
    expect(status.quality).toMatchObject({ texts: 1, residual_text: 0 });
  }, 200_000);
});
