// A face restoration model that is installed but whose file no longer loads (damaged on disk after a verified
// install): a precision_v1 job planned with the restoration fails engine_failed naming the model and how to reinstall
// it, instead of rendering an unrestored mouth.
import fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GFPGAN_MODEL, GFPGAN_MODEL_FILE } from '../../src/main/engines/face-restore/gfpgan.js';
import { faceVideo } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';
import { faceRestoreStandin, wav2lipInvertingStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

const TITLE = 'GFPGAN v1.4 face restoration (ONNX)';

describe('precision_v1 with a face restoration model whose file is damaged', () => {
  let svc: TestService;
  let media: { dir: string; cleanup: () => Promise<void> };
  let speech: string;
  let reference: string;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-restore-broken-');
    speech = (
      await makeSpokenAudio(media.dir, {
        cues: [{ startMs: 200, endMs: 1200, text: 'Hello there.' }],
        background: 'silence',
        name: 'speech',
        durationSec: 1.5,
      })
    ).audioPath;
    reference = await faceVideo(media.dir, { durationSec: 1.5, fps: 25, width: 640, height: 360, name: 'face.mp4' });
    svc = await startTestService();
    const models = svc.service.core.models;
    await models.importFrom('wav2lip-gan-96', writeStandin(media.dir, 'wav2lip.onnx', wav2lipInvertingStandin()));
    // The import verifies the file loads; the damage comes after, as a disk or a partial copy would do it.
    await models.importFrom(GFPGAN_MODEL, writeStandin(media.dir, 'gfpgan.onnx', faceRestoreStandin()));
    const installed = models.requireInstalled(GFPGAN_MODEL).file(GFPGAN_MODEL_FILE);
    const bytes = await fs.readFile(installed);
    await fs.writeFile(installed, bytes.subarray(0, Math.floor(bytes.length / 3)));
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('fails the job engine_failed naming the model and how to reinstall it, with no video', async () => {
    const created = await svc.api('/v1/video_generation', {
      body: {
        reference_file_url: pathToFileURL(reference).href,
        audio_url: pathToFileURL(speech).href,
        model: 'precision_v1',
        reference_file_type: 'video',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.task_id;
    const plan = (await svc.api(`/v1/tasks/${taskId}`)).body.plan;
    expect(plan.steps.find((step: { step: string }) => step.step === 'restore-face').engine).toMatchObject({
      id: 'gfpgan',
      title: TITLE,
    });

    const task = await svc.waitForTask(taskId, undefined, 240_000);
    expect(task.status, JSON.stringify(task)).toBe('failed');
    expect(task.err_code).toBe('engine_failed');
    expect(task.err_message).toContain(`${TITLE} could not be used (ONNX Runtime could not load`);
    expect(task.err_message).toContain(`remove the model (\`dubdesk models remove ${GFPGAN_MODEL}\``);
    expect(task.err_message).toContain('install it again');
    expect(task.video_url ?? null).toBeNull();
    const log = (await svc.api(`/v1/tasks/${taskId}/log`)).body.lines.map((line: { message: string }) => line.message);
    expect(log.some((line: string) => /mouth not sharpened/.test(line))).toBe(false);
  }, 300_000);
});
