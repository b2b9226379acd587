// The whole translate-and-dub job for real, with no subtitles: a video of recorded English narration (LibriVox clips
// from pocketsphinx-testdata over an ffmpeg testsrc2 picture) comes out dubbed in Spanish, transcribed by
// PocketSphinx, translated by Apertium and voiced by eSpeak NG (speech found by the built-in Silero VAD), all from the engines the service builds itself.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPocketsphinx } from '../../src/main/engines/asr/pocketsphinx.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { parseSrt } from '../../src/main/media/srt.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import {
  joinLibrivoxClips,
  librivoxPresent,
  systemEngineMissing,
  type JoinedSpeech,
} from '../fixtures/system-engines.js';

const missing = systemEngineMissing(
  'PocketSphinx, Apertium eng-spa and pocketsphinx-testdata',
  findPocketsphinx() !== undefined &&
    librivoxPresent() &&
    (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false),
);

/** Apertium's Spanish for words of the narration ("young man", "selfish", "amiable woman", "respectable", "consider"). */
const SPANISH_WORDS = ['hombre', 'joven', 'egoísta', 'mujer', 'respetable', 'considerar'];

describe.skipIf(missing)('a video of English narration, dubbed into Spanish with the system engines', () => {
  const { ffmpeg } = resolveMediaTools();
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let speech: JoinedSpeech;
  let videoPath: string;
  let task: any;
  let status: any;
  let log: string;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-whole-job-');
    speech = await joinLibrivoxClips(media.dir);
    videoPath = path.join(media.dir, 'narration.mp4');
    const seconds = (speech.durationMs / 1000).toFixed(3);
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
        `testsrc2=size=320x240:rate=25:duration=${seconds}`,
        '-i',
        speech.wavFile,
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
        '-b:a',
        '96k',
        '-shortest',
        videoPath,
      ],
      { toolName: 'ffmpeg' },
    );
    svc = await startTestService();
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(videoPath).href,
        source_language: 'en',
        target_language: 'es',
        export_type: 'video',
        bilingual_subtitle: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    task = await svc.waitForTask(created.body.task_id, undefined, 300_000);
    status = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
    log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
      .map((line: { message: string }) => line.message)
      .join('\n');
  }, 400_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('is done', () => {
    expect(task.status, `${JSON.stringify(task)}\n${log}`).toBe('done');
  });

  it('writes Spanish subtitles at times inside the media', async () => {
    const srt = parseSrt(Buffer.from(await (await fetch(status.result.subtitle_url)).arrayBuffer()));
    expect(srt.length).toBeGreaterThanOrEqual(speech.clips.length - 1);
    const text = srt
      .map((cue) => cue.text)
      .join(' ')
      .toLowerCase();
    const found = SPANISH_WORDS.filter((word) => text.includes(word));
    expect(found.length, `Spanish words found: ${found.join(', ')} in: ${text}`).toBeGreaterThanOrEqual(3);
    // No English of the narration is left untranslated in the common words Apertium knows.
    expect(text).not.toMatch(/\b(young|woman|selfish)\b/);
    for (const cue of srt) {
      expect(cue.startMs).toBeGreaterThanOrEqual(0);
      expect(cue.endMs).toBeLessThanOrEqual(speech.durationMs + 100);
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
    }
    // Each cue starts where the narration speaks (within a clip, not in the pauses between clips).
    for (const cue of srt) {
      expect(
        speech.clips.some((clip) => cue.startMs >= clip.startMs - 300 && cue.startMs <= clip.endMs),
        `cue at ${cue.startMs} ms`,
      ).toBe(true);
    }
  });

  it('writes the bilingual subtitles: what PocketSphinx heard above the Spanish', async () => {
    const srt = parseSrt(Buffer.from(await (await fetch(status.result.subtitle_bilingual_url)).arrayBuffer()));
    const english = srt
      .map((cue) => cue.text.split('\n')[0])
      .join(' ')
      .toLowerCase();
    expect(english).toContain('consider how much there might be');
  });

  it('gives a video with an audio track as long as the media', async () => {
    const file = path.join(media.dir, 'narration.es.mp4');
    const response = await fetch(status.result.video_url);
    expect(response.status).toBe(200);
    await (await import('node:fs/promises')).writeFile(file, Buffer.from(await response.arrayBuffer()));
    const info = await probeMedia(file);
    expect(info.video).toBeDefined();
    expect(info.audio).toBeDefined();
    expect(info.durationSec).toBeCloseTo(speech.durationMs / 1000, 0);
  });

  it("reports its quality measured on the result: the recogniser's confidence, the real pace, the original voice pulled down", () => {
    const { quality } = status;
    expect(quality, JSON.stringify(status)).toBeDefined();
    expect(task.quality).toEqual(quality);
    // PocketSphinx's word posteriors on real narration: far from sure, and never a made-up 1.
    expect(quality.recognition_confidence).toBeGreaterThan(0.2);
    expect(quality.recognition_confidence).toBeLessThan(0.95);
    expect(quality.max_speed).toBeGreaterThan(0.7);
    // No separation model here: the original is ducked by 24 dB where the VAD heard it.
    expect(quality.original_voice_reduction_db).toBeGreaterThan(12);
    expect(quality.speakers).toBeGreaterThanOrEqual(1);
    for (const item of quality.review) {
      expect(item.end).toBeGreaterThanOrEqual(item.start);
      expect(item.end).toBeLessThanOrEqual(speech.durationMs / 1000 + 1);
      expect(item.reasons.length).toBeGreaterThan(0);
    }
    // Each low-confidence line names the line and what was heard there.
    for (const item of quality.review.filter((entry: { reasons: string[] }) =>
      entry.reasons.includes('low_confidence'),
    )) {
      expect(item.line).toBeGreaterThanOrEqual(1);
      expect(item.detail).toMatch(/the recogniser was \d+ % sure of "/);
    }
  });

  it('names the built-in speech detector, PocketSphinx, Apertium and eSpeak in the log', () => {
    expect(log).toMatch(/Silero VAD \(built in\) found \d+ stretches of speech/);
    expect(log).toContain('with PocketSphinx (English, draft), draft quality');
    expect(log).toMatch(/translating \d+ lines English -> Spanish with Apertium \(draft\), draft quality/);
    expect(log).toMatch(/espeak:es/);
  });
});
