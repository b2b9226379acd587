// Hard-coded subtitles as the source transcript: a video with English subtitles burned into its bottom band (and a
// title above it) is dubbed into Spanish with no speech recognizer at all. The subtitles are read inside
// ocr_text_box by the built-in OCR (Tesseract), translated by Apertium and voiced by eSpeak NG.
import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { parseSrt } from '../../src/main/media/srt.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';
import { scriptedIdentifier } from '../fixtures/speech-engines.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { characterErrorRate } from '../fixtures/text-accuracy.js';
import { makeTextVideo, type ShownText } from '../fixtures/text-video.js';

const missing = systemEngineMissing(
  'Apertium eng-spa',
  findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

const FPS = 25;
const FRAME_MS = 1000 / FPS;
// Boxes are detected on every 5th frame, but each start and end is then moved to the exact frame where the text
// changes (find-text-events compares the frames between two samples): one frame step covers the rounding of
// drawtext's enable times to frames and of the SRT's milliseconds.
const TIMING_TOLERANCE_MS = FRAME_MS;
const SUBTITLE = { x: '(w-text_w)/2', y: 'h-50', fontSize: 24, colour: 'white' };
const SUBTITLES: ShownText[] = [
  { text: 'Good morning my friend', startMs: 1000, endMs: 3600, ...SUBTITLE },
  { text: 'The weather is very nice today', startMs: 4200, endMs: 6800, ...SUBTITLE },
  { text: 'We will go to the market', startMs: 7400, endMs: 10000, ...SUBTITLE },
];
const TITLE: ShownText = {
  text: 'CHAPTER ONE',
  startMs: 400,
  endMs: 10400,
  x: '20',
  y: '20',
  fontSize: 22,
  colour: 'yellow',
};
// The lower fifth of the frame, where the subtitles sit; the title is far above it.
const SUBTITLE_BAND = { x: 0, y: 0.78, width: 1, height: 0.22 };
// Above the subtitles and right of the title: only testsrc2's moving picture.
const EMPTY_BOX = { x: 0.55, y: 0.3, width: 0.4, height: 0.3 };

describe.skipIf(missing)(
  'a video with burned-in English subtitles, dubbed into Spanish from what is read on screen',
  () => {
    let media: Awaited<ReturnType<typeof makeMediaDir>>;
    let svc: TestService;
    let videoPath: string;
    let taskId: string;
    let task: any;
    let status: any;
    let log: string;

    beforeAll(async () => {
      media = await makeMediaDir('dubdesk-ocr-source-');
      const picture = await makeTextVideo(media.dir, {
        texts: [...SUBTITLES, TITLE],
        fps: FPS,
        durationSec: 10.8,
        name: 'picture.mp4',
      });
      // The same lines spoken, so the dub has speech to duck and speakers to tell apart.
      const speech = await makeSpokenAudio(media.dir, {
        cues: SUBTITLES.map(({ text, startMs, endMs }) => ({ text, startMs, endMs })),
        durationSec: 10.8,
      });
      videoPath = path.join(media.dir, 'subtitled.mp4');
      await runProcess(
        resolveMediaTools().ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-loglevel',
          'error',
          '-y',
          '-i',
          picture.file,
          '-i',
          speech.audioPath,
          '-map',
          '0:v',
          '-map',
          '1:a',
          '-c:v',
          'copy',
          '-c:a',
          'aac',
          '-b:a',
          '96k',
          '-shortest',
          videoPath,
        ],
        { toolName: 'ffmpeg' },
      );
      // No speech recognizer and no language identifier: the subtitles on screen are the only transcript there is.
      svc = await startTestService({ service: { engines: { speechRecognizers: [], languageIdentifiers: [] } } });
      const created = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: pathToFileURL(videoPath).href,
          source_language: 'en',
          target_language: 'es',
          export_type: 'video',
          bilingual_subtitle: true,
          ocr_text_box: SUBTITLE_BAND,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      taskId = created.body.task_id;
      task = await svc.waitForTask(taskId, undefined, 300_000);
      status = (await svc.api(`/v1/media/translate/${taskId}`)).body;
      log = (await svc.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines
        .map((line: { message: string }) => line.message)
        .join('\n');
    }, 400_000);

    afterAll(async () => {
      await svc?.stop();
      await media?.cleanup();
    });

    it('is done with no speech recognizer: the subtitles were read, transcription and cue making skipped', () => {
      expect(task.status, `${JSON.stringify(task)}\n${log}`).toBe('done');
      const stages = Object.fromEntries(task.stages.map((stage: any) => [stage.name, stage]));
      expect(stages['read-screen-text']).toEqual({
        name: 'read-screen-text',
        label: 'Reading on-screen subtitles',
        state: 'done',
        engine: 'Tesseract (built in)',
        worker: `${os.hostname()}:${process.pid}`,
      });
      expect(stages.transcribe).toMatchObject({
        state: 'skipped',
        reason: 'the lines are read from the on-screen subtitles',
      });
      expect(stages.segment).toMatchObject({ state: 'skipped', reason: 'the on-screen subtitles are the cues' });
      expect(stages['read-subtitles'].state).toBe('skipped');
      expect(log).toMatch(/3 lines read from the on-screen subtitles \(English\)/);
      expect(log).toMatch(/translating 3 lines English -> Spanish with Apertium/);
    });

    it('writes bilingual subtitles whose original lines are the burned-in ones, in text and timing', async () => {
      const srt = parseSrt(Buffer.from(await (await fetch(status.result.subtitle_bilingual_url)).arrayBuffer()));
      expect(
        srt.map((cue) => cue.text),
        log,
      ).toHaveLength(SUBTITLES.length);
      srt.forEach((cue, i) => {
        const shown = SUBTITLES[i]!;
        const [original, spanish] = cue.text.split('\n');
        expect(characterErrorRate(original!, shown.text), `"${original}" for "${shown.text}"`).toBeLessThanOrEqual(
          0.05,
        );
        expect(spanish, cue.text).toBeTruthy();
        expect(Math.abs(cue.startMs - shown.startMs), `start of "${shown.text}"`).toBeLessThanOrEqual(
          TIMING_TOLERANCE_MS,
        );
        expect(Math.abs(cue.endMs - shown.endMs), `end of "${shown.text}"`).toBeLessThanOrEqual(TIMING_TOLERANCE_MS);
      });
      // The title sits outside the box: none of its words became a line.
      expect(srt.map((cue) => cue.text).join('\n')).not.toMatch(/chapter|one\b|cap[ií]tulo/iu);
    });

    it('dubs the lines into Spanish', async () => {
      const srt = parseSrt(Buffer.from(await (await fetch(status.result.subtitle_url)).arrayBuffer()));
      const text = srt
        .map((cue) => cue.text)
        .join(' ')
        .toLowerCase();
      // Apertium's Spanish for each line ("market" is its "lonja").
      expect(text).toMatch(/buenos d[ií]as mi amigo/u);
      expect(text).toMatch(/el tiempo es muy bueno hoy/u);
      expect(text).toMatch(/iremos a la/u);
      expect(text).not.toMatch(/\b(morning|weather|market)\b/u);
      const video = await fetch(status.result.video_url);
      expect(video.status).toBe(200);
    });

    it('keeps what it read where, for erasing: each text with its span and pixel box inside the band, and the frame size', async () => {
      const stagesDir = path.join(svc.dataDir, 'jobs', taskId, 'stages');
      const file = (await fs.readdir(stagesDir)).find((name) => name.endsWith('-read-screen-text.json'));
      expect(file).toBeDefined();
      const saved = JSON.parse(await fs.readFile(path.join(stagesDir, file!), 'utf8'));
      expect(saved).toMatchObject({
        language: 'en',
        speakersNamed: false,
        region: SUBTITLE_BAND,
        frame: { width: 640, height: 360, fps: FPS },
        display: { width: 640, height: 360 },
      });
      expect(saved.events).toHaveLength(SUBTITLES.length);
      for (const event of saved.events) {
        expect(event.box.y).toBeGreaterThanOrEqual(SUBTITLE_BAND.y * 360);
        expect(event.box.width).toBeGreaterThan(0);
        expect(event.endMs).toBeGreaterThan(event.startMs);
      }
    });

    it('fails no_text_detected, naming the box, when nothing readable is inside it', async () => {
      const created = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: pathToFileURL(videoPath).href,
          source_language: 'en',
          target_language: 'es',
          export_type: 'video',
          ocr_text_box: EMPTY_BOX,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const failed = await svc.waitForTask(created.body.task_id, undefined, 300_000);
      expect(failed).toMatchObject({ status: 'failed', err_code: 'no_text_detected' });
      expect(failed.err_message).toBe(
        'No readable English text was found in the box at x 55 %, y 30 % of the frame, 40 % wide and 30 % tall of subtitled.mp4: ' +
          'there are no subtitles to dub. Check ocr_text_box (it must surround the burned-in subtitles) and source_language.',
      );
      expect(failed.stages.find((stage: any) => stage.name === 'read-screen-text').state).toBe('failed');
    }, 300_000);

    it('with source_language auto reads the subtitles in the language identified from the speech', async () => {
      // A stand-in for Whisper's language identification (no model is installed here); still no speech recognizer.
      const identifying = await startTestService({
        service: { engines: { speechRecognizers: [], languageIdentifiers: [scriptedIdentifier('en')] } },
      });
      try {
        const created = await identifying.api('/v1/media/translate', {
          body: {
            media_type: 'video',
            media_url: pathToFileURL(videoPath).href,
            source_language: 'auto',
            target_language: 'es',
            export_type: 'audio',
            ocr_text_box: SUBTITLE_BAND,
          },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const done = await identifying.waitForTask(created.body.task_id, undefined, 300_000);
        expect(done.status, JSON.stringify(done)).toBe('done');
        const states = Object.fromEntries(done.stages.map((stage: any) => [stage.name, stage.state]));
        expect(states).toMatchObject({
          'identify-language': 'done',
          'read-screen-text': 'done',
          transcribe: 'skipped',
          translate: 'done',
        });
        const result = (await identifying.api(`/v1/media/translate/${created.body.task_id}`)).body;
        const srt = parseSrt(Buffer.from(await (await fetch(result.result.subtitle_url)).arrayBuffer()));
        expect(
          srt
            .map((cue) => cue.text)
            .join(' ')
            .toLowerCase(),
        ).toContain('el tiempo es muy bueno hoy');
      } finally {
        await identifying.stop();
      }
    }, 300_000);

    it('names the text recognizer in the plan, and no speech recognizer', async () => {
      const planned = await svc.api('/v1/media/translate/plan', {
        body: {
          media_type: 'video',
          source_language: 'en',
          target_language: 'es',
          export_type: 'video',
          ocr_text_box: SUBTITLE_BAND,
        },
      });
      expect(planned.status, JSON.stringify(planned.body)).toBe(200);
      const steps = Object.fromEntries(planned.body.steps.map((step: any) => [step.step, step]));
      expect(planned.body.steps.map((step: any) => step.step)).toEqual([
        'detect-speech',
        'identify-language',
        'read-screen-text',
        'transcribe',
        'diarize',
        'translate',
        'separate',
        'speak',
      ]);
      expect(steps['read-screen-text']).toMatchObject({
        label: 'Reading on-screen subtitles',
        engine: { id: 'tesseract', title: expect.stringContaining('Tesseract') },
      });
      expect(steps.transcribe).toMatchObject({ skipped: 'the lines are read from the on-screen subtitles' });
      // Without source_language the language must come from the speech, and this service cannot identify it.
      const auto = await svc.api('/v1/media/translate/plan', {
        body: { media_type: 'video', target_language: 'es', export_type: 'video', ocr_text_box: SUBTITLE_BAND },
      });
      const identify = auto.body.steps.find((step: any) => step.step === 'identify-language');
      expect(identify.missing).toMatchObject({
        code: 'model_not_installed',
        message: expect.stringContaining('give source_language'),
      });
    });
  },
);
