// source_language auto with a glossary: the pair is judged once language ID has named the spoken language. The
// language-ID engine is the real one (Whisper language detection run by sherpa-onnx) on a Whisper stand-in built by code
// that hears the language it was written for; the lines come from subtitles, so nothing is transcribed. A glossary
// of the heard pair is applied; one of another source language fails the job at identify-language with the create
// call's message, before any line is translated. Without language ID a recognizer that detects the language (a
// scripted one: no real recognizer here detects languages) fails the job at transcribe the same way.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { makeAudio, makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { writeWhisperStandin } from '../fixtures/sherpa-standins.js';
import { scriptedRecognizer, scriptedVad, wordListTranslator } from '../fixtures/speech-engines.js';

let media: Awaited<ReturnType<typeof makeMediaDir>>;
let audio: string;
let subtitles: string;

/** A service whose only Whisper (tiny) hears `language`; a word list translates en and de into es. */
async function serviceHearing(language: 'en' | 'de'): Promise<TestService> {
  const translator = wordListTranslator({ pairs: ['en>es', 'de>es'], words: { house: 'casa', haus: 'casa' } });
  const svc = await startTestService({ service: { engines: { translators: [translator] } } });
  const whisper = writeWhisperStandin(path.join(media.dir, `whisper-${language}`), { prefix: 'tiny', language });
  const imported = await svc.api('/v1/models', { body: { id: 'whisper-tiny', source_path: whisper.dir } });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  return svc;
}

/** Runs an auto -> es dub of the subtitled audio with an en -> es glossary to its end. */
async function dubWithEnglishGlossary(svc: TestService) {
  const made = await svc.api('/v1/glossaries', {
    body: {
      name: 'English terms',
      source_language: 'en',
      target_language: 'es',
      entries: [{ source: 'house', target: 'hogar' }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const created = await svc.api('/v1/media/translate', {
    body: {
      media_type: 'audio',
      media_url: pathToFileURL(audio).href,
      subtitle_url: pathToFileURL(subtitles).href,
      source_language: 'auto',
      target_language: 'es',
      selected_voice_id: 'espeak:es',
      glossary_ids: [made.body.glossary_id],
      export_type: 'audio',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const task = await svc.waitForTask(created.body.task_id, undefined, 180_000);
  const status = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
  const stages = Object.fromEntries(
    task.stages.map((stage: { name: string; state: string }) => [stage.name, stage.state]),
  );
  return { glossaryId: made.body.glossary_id as string, task, status, stages };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-glossary-detected-');
  audio = await makeAudio(media.dir, { durationSec: 4, name: 'talk.wav' });
  subtitles = await makeTextFile(
    media.dir,
    'talk.srt',
    `1\n${formatSrtTime(500)} --> ${formatSrtTime(3500)}\nThe house.\n`,
  );
}, 60_000);

afterAll(async () => {
  await media?.cleanup();
});

describe('a glossary with source_language auto', () => {
  it('fails the job at identify-language when the speech is heard as another language than the glossary source', async () => {
    const svc = await serviceHearing('de');
    try {
      const job = await dubWithEnglishGlossary(svc);
      expect(job.task.status, JSON.stringify(job.task)).toBe('failed');
      const message =
        `Glossary 'English terms' (${job.glossaryId}) is for en -> es, but this job translates de -> es: ` +
        "choose glossaries of the job's language pair.";
      expect(job.status).toMatchObject({ status: 'failed', err_code: 'invalid_request', err_message: message });
      expect(job.stages['identify-language']).toBe('failed');
      expect(job.stages.translate).toBe('pending');
    } finally {
      await svc.stop();
    }
  }, 240_000);

  it('applies it when the speech is heard in its source language', async () => {
    const svc = await serviceHearing('en');
    try {
      const job = await dubWithEnglishGlossary(svc);
      expect(job.task.status, JSON.stringify(job.task)).toBe('done');
      expect(job.stages['identify-language']).toBe('done');
      // The word list says 'casa': the glossary was applied, so its 'hogar' is reported missing.
      expect(job.status.warnings).toEqual([expect.objectContaining({ code: 'glossary_term_missing', cue: 1 })]);
    } finally {
      await svc.stop();
    }
  }, 240_000);

  it('fails the job at transcribe when the recognizer detects the language itself (no language ID installed)', async () => {
    // Without an identifier the plan leaves the language to a recognizer that detects it; this one says German.
    const recognizer = scriptedRecognizer({
      languages: ['auto', 'en', 'de'],
      detectedLanguage: 'de',
      segments: [{ startMs: 500, endMs: 3500, text: 'Das Haus.' }],
    });
    const svc = await startTestService({
      service: {
        engines: {
          voiceActivityDetectors: [scriptedVad([{ startMs: 500, endMs: 3500 }])],
          speechRecognizers: [recognizer],
          languageIdentifiers: [],
          translators: [wordListTranslator({ pairs: ['en>es', 'de>es'], words: { haus: 'casa' } })],
        },
      },
    });
    try {
      const made = await svc.api('/v1/glossaries', {
        body: {
          name: 'English terms',
          source_language: 'en',
          target_language: 'es',
          entries: [{ source: 'house', target: 'hogar' }],
        },
      });
      const created = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'audio',
          media_url: pathToFileURL(audio).href,
          source_language: 'auto',
          target_language: 'es',
          selected_voice_id: 'espeak:es',
          glossary_ids: [made.body.glossary_id],
          export_type: 'audio',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const task = await svc.waitForTask(created.body.task_id, undefined, 180_000);
      const states = Object.fromEntries(
        task.stages.map((stage: { name: string; state: string }) => [stage.name, stage.state]),
      );
      expect(states['identify-language']).toBe('skipped');
      expect(states.transcribe).toBe('failed');
      expect(task).toMatchObject({
        status: 'failed',
        err_code: 'invalid_request',
        err_message:
          `Glossary 'English terms' (${made.body.glossary_id}) is for en -> es, but this job translates de -> es: ` +
          "choose glossaries of the job's language pair.",
      });
      expect(recognizer.calls).toHaveLength(1);
      expect(recognizer.calls[0]!.language).toBeUndefined();
    } finally {
      await svc.stop();
    }
  }, 240_000);
});
