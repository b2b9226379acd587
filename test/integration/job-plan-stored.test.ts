// The plan a translate job is created with: made at create by the same planner as POST /v1/media/translate/plan,
// stored in the work folder and on the task (GET /v1/tasks/{task_id}), followed by the stages and named in the log.
// A retry keeps it: with the planned Whisper model removed in between, the retry fails model_not_installed naming
// it, and does not switch to PocketSphinx, which a fresh plan would pick.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { findPocketsphinx } from '../../src/main/engines/asr/pocketsphinx.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { writeWhisperStandin } from '../fixtures/sherpa-standins.js';
import { makeSpokenVideo } from '../fixtures/speech.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const missing = systemEngineMissing(
  'Apertium eng-spa and PocketSphinx (en-us)',
  (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false) && findPocketsphinx() !== undefined,
);

const REQUEST = {
  media_type: 'video',
  source_language: 'en',
  target_language: 'es',
  export_type: 'audio',
  speaker_number: { max: 1 },
} as const;

describe.skipIf(missing)('a job plan, made once and stored', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let mediaUrl: string;
  let taskId: string;
  let task: any;
  let log: string;

  const logOf = async (id: string) =>
    (await svc.api(`/v1/tasks/${id}/log?limit=500`)).body.lines
      .map((line: { message: string }) => line.message)
      .join('\n');

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-job-plan-');
    const video = await makeSpokenVideo(media.dir, {
      cues: [{ startMs: 300, endMs: 2500, text: 'Good morning, my friends.' }],
      background: 'silence',
    });
    mediaUrl = pathToFileURL(video.videoPath).href;
    svc = await startTestService();
    const whisper = writeWhisperStandin(path.join(media.dir, 'whisper'), {
      prefix: 'tiny',
      language: 'en',
      pieces: ['Good', ' morning', '.'],
      segment: { startSec: 0.2, endSec: 1.6 },
    });
    const imported = await svc.api('/v1/models', { body: { id: 'whisper-tiny', source_path: whisper.dir } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const created = await svc.api('/v1/media/translate', { body: { ...REQUEST, media_url: mediaUrl } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    taskId = created.body.task_id;
    await svc.waitForTask(taskId, undefined, 120_000);
    task = (await svc.api(`/v1/tasks/${taskId}`)).body;
    log = await logOf(taskId);
  }, 180_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('is stored on the task and in its work folder, as the plan route answers the same request', async () => {
    expect(task.status, log).toBe('done');
    const steps = Object.fromEntries(task.plan.steps.map((step: any) => [step.step, step]));
    expect(steps.transcribe.engine).toMatchObject({
      id: 'whisper-tiny',
      models: ['whisper-tiny'],
      quality: 'standard',
    });
    expect(steps.translate.engine.id).toBe('apertium');
    expect(steps.diarize.skipped).toBe('speaker_number.max is 1: one speaker');
    const stored = JSON.parse(await fs.readFile(path.join(svc.dataDir, 'jobs', taskId, 'inputs', 'plan.json'), 'utf8'));
    expect(stored).toEqual(task.plan);
    const answered = (await svc.api('/v1/media/translate/plan', { body: REQUEST })).body;
    expect(answered.steps).toEqual(task.plan.steps);
  });

  it('names each planned engine in the log, and each stage ran the engine the plan named', () => {
    expect(log).toMatch(
      /plan: detect-speech Silero VAD \(built in\); identify-language skipped; transcribe Whisper tiny/,
    );
    const titles = Object.fromEntries(
      task.plan.steps.filter((step: any) => step.engine).map((step: any) => [step.step, step.engine.title]),
    );
    const ran = Object.fromEntries(
      task.stages.filter((stage: any) => stage.engine).map((stage: any) => [stage.name, stage.engine]),
    );
    expect(ran.transcribe).toBe(titles.transcribe);
    expect(ran.translate).toBe(titles.translate);
    expect(ran['detect-speech']).toBe(titles['detect-speech']);
  });

  it('a retry keeps the plan: the planned model removed since fails model_not_installed naming it, never PocketSphinx', async () => {
    const created = await svc.api('/v1/media/translate', { body: { ...REQUEST, media_url: mediaUrl } });
    const first = created.body.task_id;
    const cancelled = await svc.api(`/v1/tasks/${first}/cancel`, { method: 'POST' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await svc.waitForTask(first, undefined, 60_000);
    expect((await svc.api('/v1/models/whisper-tiny', { method: 'DELETE' })).status).toBe(200);
    // A request made now would be planned with the draft English recognizer.
    const fresh = (await svc.api('/v1/media/translate/plan', { body: REQUEST })).body.steps.find(
      (step: any) => step.step === 'transcribe',
    );
    expect(fresh.engine.id).toBe('pocketsphinx');

    const retried = await svc.api(`/v1/tasks/${first}/retry`, { method: 'POST' });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const retry = await svc.waitForTask(retried.body.task_id, undefined, 120_000);
    const retryLog = await logOf(retried.body.task_id);
    expect(retry.status, retryLog).toBe('failed');
    expect(retry.err_code).toBe('model_not_installed');
    expect(retry.err_message).toContain('Whisper tiny');
    expect(retry.err_message).toContain('whisper-tiny');
    expect(retryLog).not.toContain('PocketSphinx');
    const retryTask = (await svc.api(`/v1/tasks/${retried.body.task_id}`)).body;
    expect(retryTask.plan).toEqual((await svc.api(`/v1/tasks/${first}`)).body.plan);
  });
});
