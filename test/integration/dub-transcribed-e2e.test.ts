// A translate job with nothing but the media: speech found, transcribed, speakers told apart, cut into cues,
// translated, voiced and exported, over HTTP. The recognizer and translator are small in-test engines that answer
// what the test knows is spoken (so every cue can be checked); the speakers come from the built-in diarizer listening
// to two different eSpeak voices.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecognizedWord, TranscribedSegment } from '../../src/main/engines/asr/types.js';
import { createFeatureClusteringDiarizer } from '../../src/main/engines/diarization/feature-clustering.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { parseSrt } from '../../src/main/media/srt.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';
import {
  scriptedIdentifier,
  scriptedRecognizer,
  scriptedVad,
  wordListTranslator,
  type ScriptedRecognizer,
  type WordListTranslator,
} from '../fixtures/speech-engines.js';

const { ffmpeg } = resolveMediaTools();

const CUES: SpokenCue[] = [
  { startMs: 500, endMs: 3200, text: 'Good morning and welcome to the show.', voice: 'espeak:en+f2' },
  { startMs: 4200, endMs: 6800, text: 'Thank you, it is great to be here.', voice: 'espeak:en+m3' },
  { startMs: 7800, endMs: 10_400, text: 'Let us talk about the weather today.', voice: 'espeak:en+f2' },
];
const SPANISH: Record<string, string> = {
  good: 'buenos',
  morning: 'días',
  and: 'y',
  welcome: 'bienvenidos',
  to: 'a',
  the: 'el',
  show: 'programa',
  thank: 'gracias',
  you: 'a ti',
  it: 'ello',
  is: 'es',
  great: 'genial',
  be: 'estar',
  here: 'aquí',
  let: 'dejad',
  us: 'nos',
  talk: 'hablar',
  about: 'sobre',
  weather: 'tiempo',
  today: 'hoy',
};
const translated = (line: string) => line.replace(/\p{L}+/gu, (word) => SPANISH[word.toLowerCase()] ?? word);

let media: { dir: string; cleanup: () => Promise<void> };
let svc: TestService;
let video: { videoPath: string; spoken: { startMs: number; endMs: number }[] };
let recognizer: ScriptedRecognizer;
let translator: WordListTranslator;

/** The recogniser's confidence in each line's words: the third line is injected as heard badly. */
const CONFIDENCE = [0.92, 0.88, 0.3];

/** The words of a line spread over where it is really spoken, as a recognizer with word times and confidences gives them. */
function recognizedSegment(
  text: string,
  span: { startMs: number; endMs: number },
  confidence: number,
): TranscribedSegment {
  const words = text.split(' ');
  const step = (span.endMs - span.startMs) / words.length;
  const timed: RecognizedWord[] = words.map((word, i) => ({
    text: word,
    startMs: Math.round(span.startMs + i * step),
    endMs: Math.round(span.startMs + (i + 0.9) * step),
    confidence,
  }));
  return { startMs: span.startMs, endMs: span.endMs, text, words: timed };
}

async function taskLog(taskId: string): Promise<string> {
  return (await svc.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
}

async function run(body: Record<string, unknown>): Promise<{ taskId: string; task: any; status: any }> {
  const created = await svc.api('/v1/media/translate', { body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId = created.body.task_id;
  const task = await svc.waitForTask(taskId, undefined, 180_000);
  return { taskId, task, status: (await svc.api(`/v1/media/translate/${taskId}`)).body };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-transcribed-');
  video = await makeSpokenVideo(media.dir, { cues: CUES, name: 'show', durationSec: 11.5 });
  recognizer = scriptedRecognizer({
    languages: ['en'],
    segments: CUES.map((cue, i) => recognizedSegment(cue.text, video.spoken[i]!, CONFIDENCE[i]!)),
  });
  translator = wordListTranslator({ pairs: ['en>es'], words: SPANISH });
  svc = await startTestService({
    service: {
      engines: {
        voiceActivityDetectors: [
          scriptedVad(video.spoken.map((span) => ({ startMs: span.startMs - 50, endMs: span.endMs + 50 }))),
        ],
        speechRecognizers: [recognizer],
        languageIdentifiers: [scriptedIdentifier('en')],
        diarizers: [createFeatureClusteringDiarizer()],
        translators: [translator],
      },
    },
  });
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('translate and dub without subtitles', () => {
  let done: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    done = await run({
      media_type: 'video',
      media_url: pathToFileURL(video.videoPath).href,
      source_language: 'en',
      target_language: 'es',
      export_type: 'all',
      bilingual_subtitle: true,
    });
  }, 200_000);

  it('finishes with every stage of the no-subtitle path run, and the subtitle-only ones skipped', () => {
    expect(done.task.status, JSON.stringify(done.task)).toBe('done');
    const stages = Object.fromEntries(done.task.stages.map((stage: any) => [stage.name, stage.state]));
    expect(stages).toEqual({
      'fetch-inputs': 'done',
      'prepare-media': 'done',
      'detect-speech': 'done',
      'read-subtitles': 'skipped',
      'identify-language': 'skipped',
      'read-screen-text': 'skipped',
      transcribe: 'done',
      diarize: 'done',
      segment: 'done',
      translate: 'done',
      separate: 'skipped',
      synthesize: 'done',
      mix: 'done',
      'erase-subtitles': 'skipped',
      export: 'done',
      'make-project': 'skipped',
      'check-quality': 'done',
    });
    expect(done.task.stages.find((stage: any) => stage.name === 'identify-language').reason).toBe(
      'source_language is English',
    );
  });

  it("reports the recogniser's confidence, and names only the line heard with injected low-confidence words", () => {
    const { quality } = done.status;
    const words = CUES.map((cue) => cue.text.split(' ').length);
    const expected =
      words.reduce((sum, count, i) => sum + count * CONFIDENCE[i]!, 0) / words.reduce((sum, count) => sum + count, 0);
    expect(quality.recognition_confidence).toBeCloseTo(expected, 3);
    const unsure = quality.review.filter((item: { reasons: string[] }) => item.reasons.includes('low_confidence'));
    expect(unsure, JSON.stringify(quality.review)).toEqual([
      expect.objectContaining({ line: 3, detail: `the recogniser was 30 % sure of "${CUES[2]!.text}"` }),
    ]);
    // Every line was translated and no glossary was given.
    expect(
      quality.review.some(
        (item: { reasons: string[] }) =>
          item.reasons.includes('not_translated') || item.reasons.includes('glossary_missed'),
      ),
    ).toBe(false);
  });

  it('writes the translated cues at the times they are spoken', async () => {
    const srt = parseSrt(Buffer.from(await (await fetch(done.status.result.subtitle_url)).arrayBuffer()));
    expect(srt.map((cue) => cue.text)).toEqual(CUES.map((cue) => translated(cue.text)));
    srt.forEach((cue, i) => {
      expect(cue.startMs).toBe(video.spoken[i]!.startMs);
      // The cue stays up at least while its words are spoken, and ends before the next one starts.
      expect(cue.endMs).toBeGreaterThanOrEqual(video.spoken[i]!.endMs - 200);
      if (i + 1 < srt.length) expect(cue.endMs).toBeLessThanOrEqual(srt[i + 1]!.startMs);
    });
    // The translator was told how long each line may be for its time (15 characters a second in Spanish).
    const request = translator.requests.at(-1)!;
    expect(request.maxChars).toHaveLength(3);
    request.maxChars!.forEach((max, i) =>
      expect(max).toBeCloseTo(((video.spoken[i]!.endMs - video.spoken[i]!.startMs) / 1000) * 15, -1),
    );
    // Transcription listened only where speech was found.
    expect(recognizer.calls.at(-1)!.regions).toHaveLength(3);
  });

  it('gives the two voices two speakers, as the diarizer heard them', async () => {
    const vtt = await (await fetch(done.status.result.subtitle_vtt_url)).text();
    const speakers = [...vtt.matchAll(/<v ([^>]+)>/g)].map((match) => match[1]);
    expect(speakers).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
    expect(await taskLog(done.taskId)).toMatch(/told 2 speakers apart in 3 lines/);
  });

  it('writes the bilingual SRT: the English line above the Spanish one', async () => {
    const srt = parseSrt(Buffer.from(await (await fetch(done.status.result.subtitle_bilingual_url)).arrayBuffer()));
    expect(srt.map((cue) => cue.text)).toEqual(CUES.map((cue) => `${cue.text}\n${translated(cue.text)}`));
  });

  it('names each engine that ran in the log', async () => {
    const log = await taskLog(done.taskId);
    expect(log).toContain('Scripted VAD (test) found 3 stretches of speech');
    expect(log).toContain('with Scripted ASR (test), standard quality');
    expect(log).toContain('Built-in speaker clustering (MFCC and pitch), draft quality, told 2 speakers apart');
    expect(log).toMatch(/translating 3 lines English -> Spanish with Word list \(test\), draft quality/);
  });

  it('with source_language auto identifies the language first, then transcribes it', async () => {
    const auto = await run({
      media_type: 'video',
      media_url: pathToFileURL(video.videoPath).href,
      source_language: 'auto',
      target_language: 'es',
      export_type: 'audio',
    });
    expect(auto.task.status, JSON.stringify(auto.task)).toBe('done');
    expect(auto.task.stages.find((stage: any) => stage.name === 'identify-language').state).toBe('done');
    expect(await taskLog(auto.taskId)).toMatch(
      /Scripted language ID \(test\) identified the language as English \(97 %\) from \d+\.\d s of speech/,
    );
    expect(recognizer.calls.at(-1)!.language).toBe('en');
    expect(auto.status.result.subtitle_bilingual_url).toBeUndefined();
  });
});

describe('glossary terms and bilingual subtitles', () => {
  it('warns, naming the cue, when a translation still lacks a glossary term after the retry', async () => {
    const glossary = await svc.api('/v1/glossaries', {
      body: {
        name: 'Show',
        source_language: 'en',
        target_language: 'es',
        entries: [{ source: 'weather', target: 'clima' }],
      },
    });
    expect(glossary.status, JSON.stringify(glossary.body)).toBe(200);
    const job = await run({
      media_type: 'video',
      media_url: pathToFileURL(video.videoPath).href,
      source_language: 'en',
      target_language: 'es',
      export_type: 'audio',
      glossary_ids: [glossary.body.glossary_id],
    });
    expect(job.task.status, JSON.stringify(job.task)).toBe('done');
    // The word list says "tiempo" for weather: cue 3 misses "clima" twice.
    expect(job.status.warnings).toEqual([
      expect.objectContaining({
        code: 'glossary_term_missing',
        cue: 3,
        message: expect.stringContaining("lacks the glossary's 'clima' for 'weather'"),
      }),
    ]);
    expect(translator.requests.at(-1)!.texts).toEqual([CUES[2]!.text]);
    // The report names the same line, read off the result's subtitles.
    const missed = job.status.quality.review.filter((item: { reasons: string[] }) =>
      item.reasons.includes('glossary_missed'),
    );
    expect(missed).toEqual([expect.objectContaining({ line: 3, text: 'dejad nos hablar sobre el tiempo hoy.' })]);
    expect(missed[0].detail).toContain("the glossary's 'clima' for 'weather' is missing");
  });

  it('refuses a bilingual SRT of subtitles that are already the translation', async () => {
    const refused = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(video.videoPath).href,
        subtitle_url: pathToFileURL(video.videoPath.replace(/\.mp4$/, '.srt')).href,
        subtitle_usage_type: 'final_translated',
        target_language: 'es',
        export_type: 'auto',
        bilingual_subtitle: true,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'conflicting_fields',
      message: expect.stringMatching(/^bilingual_subtitle needs the original lines/),
    });
  });
});

describe('source_language auto and a pair no engine translates', () => {
  it('accepts the job (a translator reaches the target) and fails it model_not_installed once German is identified', async () => {
    const germanSvc = await startTestService({
      service: {
        engines: {
          voiceActivityDetectors: [scriptedVad([{ startMs: 400, endMs: 10_500 }])],
          languageIdentifiers: [scriptedIdentifier('de')],
          speechRecognizers: [
            scriptedRecognizer({
              languages: ['de', 'en'],
              segments: [{ startMs: 500, endMs: 3000, text: 'Guten Morgen.' }],
            }),
          ],
          translators: [translator],
        },
      },
    });
    try {
      const created = await germanSvc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: pathToFileURL(video.videoPath).href,
          source_language: 'auto',
          target_language: 'es',
          export_type: 'auto',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const task = await germanSvc.waitForTask(created.body.task_id, undefined, 120_000);
      expect(task).toMatchObject({ status: 'failed', err_code: 'model_not_installed' });
      expect(task.err_message).toMatch(/^Translating German to Spanish needs a translation model/);
      expect(task.stages.find((stage: any) => stage.name === 'translate').state).toBe('failed');
    } finally {
      await germanSvc.stop();
    }
  });
});

describe('media without speech', () => {
  async function silentVideo(source: string, name: string): Promise<string> {
    const file = path.join(media.dir, name);
    await runProcess(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=160x120:rate=10:duration=3',
        '-f',
        'lavfi',
        '-t',
        '3',
        '-i',
        source,
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        file,
      ],
      { toolName: 'ffmpeg' },
    );
    return file;
  }

  it('fails no_speech_detected when the recognizer writes nothing, saying what to check', async () => {
    // Noise the scripted detector takes for speech, in which the recognizer finds no words.
    const noisy = await silentVideo('anoisesrc=color=pink:amplitude=0.3', 'noise.mp4');
    const silentSvc = await startTestService({
      service: {
        engines: {
          voiceActivityDetectors: [scriptedVad([{ startMs: 0, endMs: 3000 }])],
          speechRecognizers: [
            scriptedRecognizer({ languages: ['en'], segments: [{ startMs: 0, endMs: 3000, text: '  ' }] }),
          ],
          translators: [translator],
        },
      },
    });
    try {
      const created = await silentSvc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: pathToFileURL(noisy).href,
          source_language: 'en',
          target_language: 'es',
          export_type: 'auto',
        },
      });
      expect(created.status).toBe(200);
      const task = await silentSvc.waitForTask(created.body.task_id);
      expect(task).toMatchObject({ status: 'failed', err_code: 'no_speech_detected' });
      expect(task.err_message).toBe(
        'No speech was found in noise.mp4: Scripted ASR (test) recognized no words in it. Check that its audio track holds the speech (not only music or noise), or give the lines as subtitle_url (an SRT file).',
      );
    } finally {
      await silentSvc.stop();
    }
  });

  it('fails no_speech_detected before transcribing when the detector hears no one', async () => {
    const silent = await silentVideo('anullsrc=r=44100:cl=mono', 'silence.mp4');
    // The real voice activity detector when this build has one (built in), else one that hears nothing.
    const probe = await startTestService();
    const builtIn = probe.service.core.engines.set.voiceActivityDetectors.length > 0;
    await probe.stop();
    const asr = scriptedRecognizer({ languages: ['en'], segments: [{ startMs: 0, endMs: 3000, text: 'not heard' }] });
    const silentSvc = await startTestService({
      service: {
        engines: {
          ...(builtIn ? {} : { voiceActivityDetectors: [scriptedVad([], 'Silent VAD (test)')] }),
          speechRecognizers: [asr],
          translators: [translator],
        },
      },
    });
    try {
      const created = await silentSvc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: pathToFileURL(silent).href,
          source_language: 'en',
          target_language: 'es',
          export_type: 'auto',
        },
      });
      expect(created.status).toBe(200);
      const task = await silentSvc.waitForTask(created.body.task_id);
      expect(task).toMatchObject({ status: 'failed', err_code: 'no_speech_detected' });
      expect(task.err_message).toMatch(
        /^No speech was found in silence\.mp4: .+ heard no one speaking\. Check that its audio track holds the speech/,
      );
      expect(asr.calls).toHaveLength(0);
      expect(task.stages.find((stage: any) => stage.name === 'transcribe').state).toBe('failed');
    } finally {
      await silentSvc.stop();
    }
  });
});

afterAll(async () => {
  await fs.rm(media?.dir ?? '', { recursive: true, force: true });
});
