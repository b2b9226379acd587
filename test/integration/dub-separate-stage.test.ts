// Separation is a stage of its own: its stems are made once per job, the mix reads them, a retry of a failed mix
// does not separate again, the large vocal stem is gone once the job is done, and without a separation model the
// stage is skipped with its reason.
import os from 'node:os';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { jobWorkDir } from '../../src/main/config.js';
import { MDX_NET_MODEL } from '../../src/main/engines/separation/mdx-net.js';
import { decodeAudioPcm, encodeWav } from '../../src/main/media/audio.js';
import { toDb, toneLevel } from '../../src/main/media/dsp/envelope.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { translateKind } from '../../src/main/pipelines/translate/kind.js';
import type { TranslateRequest } from '../../src/main/pipelines/translate/types.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { mdxNetMaskStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const RATE = 48000;
const VOICE_HZ = 2500;
const MUSIC_HZ = 440;
const VOICE = [
  { startMs: 1000, endMs: 3500 },
  { startMs: 5000, endMs: 7500 },
];
const DURATION_MS = 8500;
const SEPARATOR = 'UVR MDX-Net Inst HQ 3 (ONNX)';

let dir: string;
let cleanup: () => Promise<void>;
let original: string;
let subtitles: string;
let standin: string;

beforeAll(async () => {
  ({ dir, cleanup } = await makeMediaDir('dubdesk-separate-stage-'));
  original = path.join(dir, 'original.wav');
  // "Music" everywhere, a "voice" tone where the lines are (the stand-in separator silences its frequency).
  await fs.writeFile(
    original,
    encodeWav(
      Float32Array.from({ length: (DURATION_MS * RATE) / 1000 }, (_, i) => {
        const ms = (i / RATE) * 1000;
        const voice = VOICE.some((r) => ms >= r.startMs && ms < r.endMs)
          ? 0.3 * Math.sin((2 * Math.PI * VOICE_HZ * i) / RATE)
          : 0;
        return 0.2 * Math.sin((2 * Math.PI * MUSIC_HZ * i) / RATE) + voice;
      }),
      RATE,
    ),
  );
  // One short line at the start of each stretch of speech: the rest of the original speech is left without dub.
  subtitles = await makeTextFile(
    dir,
    'original.de.srt',
    VOICE.map(
      (r, i) => `${i + 1}\n${formatSrtTime(r.startMs)} --> ${formatSrtTime(r.startMs + 800)}\n<v Anna>Ja.\n`,
    ).join('\n'),
  );
  standin = writeStandin(dir, 'mdx-standin.onnx', mdxNetMaskStandin({ silencedHz: VOICE_HZ }));
});
afterAll(() => cleanup());

const body = () => ({
  media_type: 'audio',
  media_url: pathToFileURL(original).href,
  subtitle_url: pathToFileURL(subtitles).href,
  subtitle_usage_type: 'final_translated',
  source_language: 'en',
  target_language: 'de',
  export_type: 'auto',
});

async function logOf(svc: TestService, taskId: string): Promise<string> {
  return (await svc.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
}

const stateOf = (stages: { name: string; state: string; reason?: string }[], name: string) =>
  stages.find((stage) => stage.name === name);

/** The built-in translate kind whose mix fails once (as a full disk or a killed ffmpeg would), then works. */
function mixFailingOnce(): JobKindModule<TranslateRequest> {
  let failed = false;
  return {
    ...translateKind,
    pipeline: (deps) => {
      const pipeline = translateKind.pipeline(deps);
      return {
        ...pipeline,
        stages: pipeline.stages.map((stage) =>
          stage.name !== 'mix'
            ? stage
            : {
                ...stage,
                run: async (input, ctx) => {
                  if (!failed) {
                    failed = true;
                    throw new DubDeskError('internal', 'The mix failed (test).');
                  }
                  return stage.run(input, ctx);
                },
              },
        ),
      };
    },
  };
}

describe('separate stage', () => {
  it('separates once; the mix uses the background stem; a retry of the failed mix does not separate again; both stems are gone after the job', async () => {
    const svc = await startTestService({ service: { kinds: [mixFailingOnce()] } });
    try {
      await svc.service.core.models.importFrom(MDX_NET_MODEL, standin);
      const created = await svc.api('/v1/media/translate', { body: body() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const failed = await svc.waitForTask(created.body.task_id, undefined, 120_000);
      expect(failed.status).toBe('failed');
      const first = (await svc.api(`/v1/tasks/${created.body.task_id}`)).body;
      expect(stateOf(first.stages, 'separate')).toEqual({
        name: 'separate',
        label: 'Separating speech from music',
        state: 'done',
        engine: SEPARATOR,
        worker: `${os.hostname()}:${process.pid}`,
      });
      expect(stateOf(first.stages, 'mix')?.state).toBe('failed');
      expect(first.stages.map((stage: { name: string }) => stage.name).slice(-8)).toEqual([
        'translate',
        'separate',
        'synthesize',
        'mix',
        'erase-subtitles',
        'export',
        'make-project',
        'check-quality',
      ]);
      expect(await logOf(svc, created.body.task_id)).toContain(
        `separating the original voice from music and ambience with ${SEPARATOR}`,
      );

      const retried = (await svc.api(`/v1/tasks/${created.body.task_id}/retry`, { method: 'POST' })).body;
      const done = await svc.waitForTask(retried.task_id, undefined, 120_000);
      expect(done.status, JSON.stringify(done)).toBe('done');
      const record = (await svc.api(`/v1/tasks/${retried.task_id}`)).body;
      // Not run again: the separator is named from the first task's saved output.
      expect(stateOf(record.stages, 'separate')).toMatchObject({ state: 'done', engine: SEPARATOR });
      const log = await logOf(svc, retried.task_id);
      expect(log).toContain('stage separate already finished in an earlier run; resuming after it');
      expect(log).not.toContain('separating the original voice');
      expect(log).toContain(`mix: separated background (${SEPARATOR}) under the dub`);

      // The separated background is under the dub: the original voice is gone where no line is spoken.
      const result = (await svc.api(`/v1/media/translate/${retried.task_id}`)).body;
      const dubbed = path.join(dir, 'dubbed.audio');
      await fs.writeFile(dubbed, Buffer.from(await (await fetch(result.result.audio_url)).arrayBuffer()));
      const audio = await decodeAudioPcm(dubbed, { sampleRate: RATE });
      const band = (hz: number, from: number, to: number) =>
        toDb(toneLevel(audio, RATE, hz, (from * RATE) / 1000, (to * RATE) / 1000));
      expect(band(VOICE_HZ, 2200, 3400)).toBeLessThan(band(MUSIC_HZ, 2200, 3400) - 25);

      // The stems were made in the first task's work dir and copied; the retry removes the vocals after its mix and the
      // background after the export (each as large as the input's audio).
      const separated = path.join(jobWorkDir(svc.service.core.paths, retried.task_id), 'audio/separated');
      expect(await fs.readdir(separated).catch(() => [])).toEqual([]);
    } finally {
      await svc.stop();
    }
  }, 300_000);

  it('is skipped with its reason when no separation model is installed, and the mix ducks the original voice', async () => {
    const svc = await startTestService();
    try {
      const created = await svc.api('/v1/media/translate', { body: body() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
      expect(task.status, JSON.stringify(task)).toBe('done');
      const record = (await svc.api(`/v1/tasks/${created.body.task_id}`)).body;
      expect(stateOf(record.stages, 'separate')).toEqual({
        name: 'separate',
        label: 'Separating speech from music',
        state: 'skipped',
        reason: 'no separation model installed: the original audio is ducked under the dubbed speech',
      });
      const log = await logOf(svc, created.body.task_id);
      expect(log).toContain(
        'no separation model installed: the original voice is ducked where voice activity detection heard it',
      );
      expect(existsSync(path.join(jobWorkDir(svc.service.core.paths, created.body.task_id), 'audio/separated'))).toBe(
        false,
      );
    } finally {
      await svc.stop();
    }
  }, 180_000);
});
