// text_remains on real plain jobs over HTTP: a white, black-outlined title over a real photograph (Debian's
// opencv-doc), translated with the default engines. Over a chessboard held up to the camera (left01.jpg) both the
// title's colours are also the background's, so the glyph mask finds little to erase and the English stays under the
// drawn Spanish; the report names it text_remains at the title's time. Over a brick street (leuvenA.jpg) the same job
// erases it, and the report stays silent. The check judges the erase on the render's erase samples (the frame erased,
// the translation not drawn yet): over the final video the drawn translation hid the remains and the report was [].
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { ERASE_SAMPLES_DIR, readEraseSample } from '../../src/main/engines/inpaint/video-text/erase-sample-files.js';
import { makeMediaDir } from '../fixtures/media.js';
import { psnr } from '../fixtures/image-metrics.js';
import { OPENCV_DATA_DIR, realMediaMissing } from '../fixtures/real-media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { characterErrorRate } from '../fixtures/text-accuracy.js';
import { DEJAVU_BOLD } from '../fixtures/text-video.js';

const missing =
  realMediaMissing() ||
  systemEngineMissing('Apertium eng-spa', findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false);

const TITLE = 'Open every morning';
const SHOWN_SEC = 2;

describe.skipIf(missing)('visual translate: text_remains on a plain job', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;

  /** A still of the photograph, 640x360, with the title in white outlined black, 44 px, 40 px from the top, for 2 s. */
  async function titledPhoto(photo: string): Promise<string> {
    const file = path.join(media.dir, `${path.parse(photo).name}-titled.mp4`);
    const filter =
      `scale=640:360:force_original_aspect_ratio=increase,crop=640:360,setsar=1,drawtext=fontfile='${DEJAVU_BOLD}':text='${TITLE}'` +
      ':fontsize=44:fontcolor=white:borderw=2:bordercolor=black:x=(w-text_w)/2:y=40';
    await runProcess(
      resolveMediaTools().ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-loop',
        '1',
        '-framerate',
        '25',
        '-t',
        String(SHOWN_SEC),
        '-i',
        path.join(OPENCV_DATA_DIR, photo),
        '-vf',
        filter,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '18',
        '-pix_fmt',
        'yuv420p',
        file,
      ],
      { toolName: 'ffmpeg' },
    );
    return file;
  }

  /**
   * The job, its status record, and, as a check on the check, the PSNR of the erased frame against the original in
   * the title's box, from the one erase sample the render kept (high where the erase left the title as it was).
   */
  async function translate(photo: string) {
    const video = await titledPhoto(photo);
    const created = await svc.api('/v1/media/frame_translate', {
      body: { video_url: pathToFileURL(video).href, source_language: 'en', target_language: 'es' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    const status = (await svc.api(`/v1/media/frame_translate/${created.body.task_id}`)).body;
    const samplesDir = path.join(jobWorkDir(svc.service.core.paths, created.body.task_id), ERASE_SAMPLES_DIR);
    const files = await fs.readdir(samplesDir);
    expect(files).toHaveLength(1);
    const [frame, x, y, size] = files[0]!.replace('.sample', '').split('-');
    const [width, height] = size!.split('x').map(Number);
    const sample = await readEraseSample(samplesDir, Number(frame), {
      x: Number(x),
      y: Number(y),
      width: width!,
      height: height!,
    });
    const box = {
      x: sample.box.x - sample.region.x,
      y: sample.box.y - sample.region.y,
      right: sample.box.x - sample.region.x + sample.box.width,
      bottom: sample.box.y - sample.region.y + sample.box.height,
    };
    const inBox = (pixel: number) => {
      const [px, py] = [pixel % sample.region.width, Math.floor(pixel / sample.region.width)];
      return px >= box.x && px < box.right && py >= box.y && py < box.bottom;
    };
    const titleKept = psnr(sample.erased.data, sample.original.data, inBox);
    console.log(
      `[text_remains] ${photo}: the erased frame against the input in the title's box: ${titleKept.toFixed(1)} dB; the job's report ${JSON.stringify(status.quality)}`,
    );
    return { task, status, titleKept };
  }

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-text-remains-');
    svc = await startTestService();
  }, 60_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('names the title left on the chessboard under its translation text_remains, at its time', async () => {
    const { task, status, titleKept } = await translate('left01.jpg');
    expect(task.status, JSON.stringify(task)).toBe('done');
    // The erase left the title's box much as it was in the input (it reads 'Open every morning' to the eye).
    expect(titleKept).toBeGreaterThan(20);
    const remains = status.quality.review.filter((item: { reasons: string[] }) =>
      item.reasons.includes('text_remains'),
    );
    expect(remains, JSON.stringify(status.quality)).toHaveLength(1);
    expect(remains[0]).toMatchObject({ line: 1, start: 0, end: SHOWN_SEC });
    // The item names the title as the job read it (the chessboard costs the reader a word or a letter).
    expect(characterErrorRate(remains[0].text.toLowerCase().split(' ')[0], 'open')).toBeLessThan(0.3);
    expect(remains[0].detail).toMatch(/^The original '.+' (still reads|keeps \d+ % of its stroke contrast)/);
    expect(status.quality).toMatchObject({ texts: 1, residual_text: 1 });
  }, 200_000);

  it('stays silent where the same job erases the title (a brick street)', async () => {
    const { task, status, titleKept } = await translate('leuvenA.jpg');
    expect(task.status, JSON.stringify(task)).toBe('done');
    expect(titleKept).toBeLessThan(15);
    expect(status.quality.review.flatMap((item: { reasons: string[] }) => item.reasons)).not.toContain('text_remains');
    expect(status.quality).toMatchObject({ texts: 1, residual_text: 0 });
  }, 200_000);
});
