// A job that ends done with a warning, for every kind: its cloud-shaped status record (GET <route>/{id}, serialised by
// the kind's status schema) and its final callback both carry the warning. Translate and visual translate warn of a
// glossary term their translator dropped (real stages, a word-list translator that lacks the term). The lip-sync
// pipelines have no warning of their own, so those two kinds run a one-stage pipeline that warns, behind their real
// kind modules, routes and status schemas: what is pinned there is the serialiser and the callback, not a pipeline.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REUSABLE_DIR,
  REUSABLE_LAYOUT_VERSION,
  REUSABLE_MANIFEST,
} from '../../src/main/engines/lipsync/reusable-data.js';
import { writeFileAtomic } from '../../src/main/files/atomic-write.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { lipsyncKind } from '../../src/main/pipelines/lipsync/kind.js';
import { reusableLipsyncKind } from '../../src/main/pipelines/reusable-lipsync/kind.js';
import type { Pipeline } from '../../src/main/pipelines/types.js';
import { makeAudio, makeMediaDir, makeTextFile, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { wordListTranslator } from '../fixtures/speech-engines.js';
import { makeTextVideo } from '../fixtures/text-video.js';
import { startReceiver, waitFor, type Receiver } from './callbacks-receiver.js';

const STAND_IN_WARNING = {
  code: 'stand_in_warning',
  message: 'A warning this test pipeline gives on purpose.',
  cue: 1,
  start: 0.5,
  end: 1.5,
};

/** One stage that warns and publishes a real video; for precision_v1 it keeps the folder a reusable model copies. */
function warningPipeline(): Pipeline {
  return {
    stages: [
      {
        name: 'warn',
        label: 'Warning',
        status: 'processing',
        async run({ request }, ctx) {
          ctx.warn(STAND_IN_WARNING);
          if (request.model === 'precision_v1') {
            await mkdir(path.join(ctx.workDir, REUSABLE_DIR), { recursive: true });
            await writeFileAtomic(
              path.join(ctx.workDir, REUSABLE_DIR, REUSABLE_MANIFEST),
              JSON.stringify({ engine: 'exemplar', version: REUSABLE_LAYOUT_VERSION }),
            );
          }
          const video = await makeVideo(ctx.workDir, { durationSec: 1, name: 'out.mp4' });
          return { video: path.relative(ctx.workDir, video) };
        },
      },
    ],
    results: (outputs) => [{ role: 'video', path: String(outputs.warn!.video), name: 'lipsync.mp4' }],
  };
}

const kinds: JobKindModule[] = [
  { ...lipsyncKind, pipeline: warningPipeline },
  { ...reusableLipsyncKind, pipeline: warningPipeline },
];

let svc: TestService;
let receiver: Receiver;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
const url = (file: string) => pathToFileURL(file).href;

/** Creates a job with the receiver as its callback, waits for its end; its status record and final callback body. */
async function runJob(route: string, body: Record<string, unknown>) {
  const created = await svc.api(route, { body: { ...body, callback_url: receiver.url } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId = created.body.task_id as string;
  const task = await svc.waitForTask(taskId, undefined, 180_000);
  expect(task.status, JSON.stringify(task)).toBe('done');
  const status = (await svc.api(`${route}/${taskId}`)).body;
  const finalOf = () =>
    receiver.accepted
      .map((request) => JSON.parse(request.body))
      .find((sent) => sent.task_id === taskId && sent.status === 'done');
  await waitFor(() => finalOf() !== undefined, 'the final callback', 20_000);
  return { taskId, task, status, callback: finalOf() };
}

async function glossary(name: string, source: string, target: string, entry: { source: string; target: string }) {
  const made = await svc.api('/v1/glossaries', {
    body: { name, source_language: source, target_language: target, entries: [entry] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.glossary_id as string;
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-warnings-');
  receiver = await startReceiver();
  // The word list says 'casa' for house: a glossary asking 'hogar' is missed, after the second try too.
  const translator = wordListTranslator({
    pairs: ['en>es'],
    words: { the: 'la', house: 'casa', is: 'es', big: 'grande', good: 'buenos', morning: 'días' },
  });
  svc = await startTestService({ service: { kinds, engines: { translators: [translator] } } });
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await receiver?.close();
  await media?.cleanup();
});

describe('a warning reaches the status record and the callback', () => {
  it('lip-sync (GET /v1/video_generation/{id})', async () => {
    const reference = await makeVideo(media.dir, { durationSec: 1, name: 'reference.mp4' });
    const job = await runJob('/v1/video_generation', {
      reference_file_url: url(reference),
      model: 'precision_v1',
      reference_file_type: 'video',
    });
    expect(job.status.warnings).toEqual([STAND_IN_WARNING]);
    expect(job.callback).toEqual(job.status);
    expect(job.task.warnings).toEqual([STAND_IN_WARNING]);

    // Its folder becomes a reusable model, which the next kind speaks with.
    const model = await svc.api('/v1/reusable_lipsync_models', { body: { task_id: job.taskId } });
    expect(model.status, JSON.stringify(model.body)).toBe(200);
    const speech = await makeAudio(media.dir, { durationSec: 1, name: 'speech.wav' });
    const reused = await runJob('/v1/reusable_lipsync_model_video_generation', {
      model_id: model.body.model_id,
      audio_url: url(speech),
    });
    expect(reused.status.warnings).toEqual([STAND_IN_WARNING]);
    expect(reused.callback).toEqual(reused.status);
  }, 120_000);

  it('translate (GET /v1/media/translate/{id}): a glossary term the translation lacks', async () => {
    const audio = await makeAudio(media.dir, { durationSec: 4, name: 'talk.wav' });
    const srt = await makeTextFile(
      media.dir,
      'talk.srt',
      `1\n${formatSrtTime(500)} --> ${formatSrtTime(1800)}\nGood morning.\n\n` +
        `2\n${formatSrtTime(2200)} --> ${formatSrtTime(3600)}\nThe house is big.\n`,
    );
    const homes = await glossary('Homes', 'en', 'es', { source: 'house', target: 'hogar' });
    const job = await runJob('/v1/media/translate', {
      media_type: 'audio',
      media_url: url(audio),
      subtitle_url: url(srt),
      source_language: 'en',
      target_language: 'es',
      selected_voice_id: 'espeak:es',
      glossary_ids: [homes],
      export_type: 'audio',
    });
    const expected = [
      {
        code: 'glossary_term_missing',
        cue: 2,
        start: 2.2,
        end: 3.6,
        message:
          "Cue 2 (00:00:02,200 --> 00:00:03,600): the translation lacks the glossary's 'hogar' for 'house', " +
          'even after a second try; check that line.',
      },
    ];
    expect(job.status.warnings).toEqual(expected);
    expect(job.callback).toEqual(job.status);
  }, 200_000);

  it('visual translate (GET /v1/media/frame_translate/{id}): a glossary term the translation lacks', async () => {
    const { file: video } = await makeTextVideo(media.dir, {
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
      ],
      durationSec: 3.5,
      name: 'house.mp4',
    });
    const homes = await glossary('Homes on screen', 'en', 'es', { source: 'house', target: 'hogar' });
    const job = await runJob('/v1/media/frame_translate', {
      video_url: url(video),
      source_language: 'en',
      target_language: 'es',
      glossary_ids: [homes],
    });
    expect(job.status.warnings).toEqual([
      expect.objectContaining({
        code: 'glossary_term_missing',
        cue: 1,
        message:
          "On-screen text 1 ('The house is big'): the translation lacks the glossary's 'hogar' for 'house', " +
          'even after a second try.',
      }),
    ]);
    expect(job.callback).toEqual(job.status);
  }, 200_000);
});
