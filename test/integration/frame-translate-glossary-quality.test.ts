// Visual translate's glossary_missed review item on a real job over HTTP: the same video and glossary ('house' ->
// 'hogar') through a translator that drops the term (a word list saying 'casa', asked twice) and through Apertium,
// which keeps it by placeholders. Tesseract reads the text, OpenCV erases it; the report is read off the status record.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { wordListTranslator, type WordListTranslator } from '../fixtures/speech-engines.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { makeTextVideo, type ShownText } from '../fixtures/text-video.js';

const missing = systemEngineMissing(
  'Apertium eng-spa',
  findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

const SHOWN: ShownText = {
  text: 'The house is big',
  startMs: 500,
  endMs: 3000,
  x: '(w-text_w)/2',
  y: 'h-text_h-30',
  fontSize: 28,
  colour: 'white',
};
const GLOSSARY = {
  name: 'Homes',
  source_language: 'en',
  target_language: 'es',
  entries: [{ source: 'house', target: 'hogar' }],
};
const reasonsOf = (quality: { review: { reasons: string[] }[] }) => quality.review.flatMap((item) => item.reasons);

describe.skipIf(missing)('visual translate: glossary_missed on a job', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let video: string;

  /** Runs a job with the glossary on `svc` to its end: its task, its status record, and the text it read and drew. */
  async function translate(svc: TestService, name: string) {
    const glossary = await svc.api('/v1/glossaries', { body: GLOSSARY });
    expect(glossary.status, JSON.stringify(glossary.body)).toBe(200);
    const created = await svc.api('/v1/media/frame_translate', {
      body: {
        video_url: pathToFileURL(video).href,
        source_language: 'en',
        target_language: 'es',
        glossary_ids: [glossary.body.glossary_id],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const started = Date.now();
    const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    const status = (await svc.api(`/v1/media/frame_translate/${created.body.task_id}`)).body;
    const stages = path.join(jobWorkDir(svc.service.core.paths, created.body.task_id), 'stages');
    const translated = (await fs.readdir(stages)).find((entry) => entry.endsWith('-translate-text.json'))!;
    const [block] = JSON.parse(await fs.readFile(path.join(stages, translated), 'utf8')).blocks;
    console.log(
      `[frame translate glossary] ${name}: job ${Date.now() - started} ms, '${block.sourceText}' -> '${block.targetText}'; quality ${JSON.stringify(status.quality)}`,
    );
    return { task, status, block };
  }

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-glossary-');
    ({ file: video } = await makeTextVideo(media.dir, { texts: [SHOWN], durationSec: 3.5, name: 'house.mp4' }));
  }, 60_000);

  afterAll(async () => {
    await media?.cleanup();
  });

  describe('a translator that drops the glossary term', () => {
    let svc: TestService;
    let translator: WordListTranslator;
    let job: Awaited<ReturnType<typeof translate>>;

    beforeAll(async () => {
      translator = wordListTranslator({
        pairs: ['en>es'],
        words: { the: 'la', house: 'casa', is: 'es', big: 'grande' },
      });
      svc = await startTestService({ service: { engines: { translators: [translator] } } });
      job = await translate(svc, 'dropped');
    }, 200_000);

    afterAll(async () => {
      await svc?.stop();
    });

    it('ends done with the translation lacking the term, after asking the translator again', () => {
      expect(job.task.status, JSON.stringify(job.task)).toBe('done');
      expect(job.block).toMatchObject({ sourceText: SHOWN.text, targetText: 'la casa es grande' });
      expect(translator.requests).toHaveLength(2);
      expect(translator.requests[1]!.userPrompt).toContain("'house' must be translated as 'hogar'");
    });

    it('lists the text as glossary_missed over its time on screen, beside the task warning', () => {
      const { quality, warnings } = job.status;
      const missed = quality.review.filter((item: { reasons: string[] }) => item.reasons.includes('glossary_missed'));
      expect(missed, JSON.stringify(quality.review)).toEqual([
        expect.objectContaining({ line: 1, text: 'la casa es grande' }),
      ]);
      expect(missed[0].detail).toBe("'la casa es grande' lacks the glossary's 'hogar' for 'house'.");
      expect(missed[0].start).toBeCloseTo(SHOWN.startMs / 1000, 1);
      expect(missed[0].end).toBeCloseTo(SHOWN.endMs / 1000, 1);
      expect(quality).toMatchObject({ texts: 1, texts_unchanged: 0, residual_text: 0 });
      expect(warnings).toEqual([expect.objectContaining({ code: 'glossary_term_missing', cue: 1 })]);
    });
  });

  describe('Apertium, which keeps the term', () => {
    let svc: TestService;
    let job: Awaited<ReturnType<typeof translate>>;

    beforeAll(async () => {
      svc = await startTestService();
      job = await translate(svc, 'kept');
    }, 200_000);

    afterAll(async () => {
      await svc?.stop();
    });

    it('draws the term, and lists nothing to review and warns of nothing', () => {
      expect(job.task.status, JSON.stringify(job.task)).toBe('done');
      // The text was read with the term in it, and its translation holds the glossary's word.
      expect(job.block.sourceText).toBe(SHOWN.text);
      expect(job.block.targetText).toMatch(/\bhogar\b/);
      expect(reasonsOf(job.status.quality)).not.toContain('glossary_missed');
      expect(job.status.quality).toEqual({ review: [], texts: 1, texts_unchanged: 0, residual_text: 0 });
      expect(job.status.warnings ?? []).toEqual([]);
    });
  });
});
