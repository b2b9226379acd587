// The WebVTT and ASS exports of a dubbed track over the HTTP API: published, downloadable, and readable by ffmpeg.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { assColour } from '../../src/main/media/subtitles/ass.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';

const { ffmpeg } = resolveMediaTools();
let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };

const CUES: SpokenCue[] = [
  { startMs: 500, endMs: 2600, text: 'Good morning and welcome to the show.', speaker: 'Anna', voice: 'espeak:en+f2' },
  { startMs: 3400, endMs: 5600, text: 'Thank you, it is great to be here.', speaker: 'Ben', voice: 'espeak:en+m3' },
];
const GERMAN = ['Guten Morgen & willkommen <in> der Sendung.', 'Danke, schön hier zu sein.'];

async function germanSrt(name: string): Promise<string> {
  const body = CUES.map(
    (cue, i) =>
      `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n<v ${cue.speaker}>${GERMAN[i]}\n`,
  ).join('\n');
  return makeTextFile(media.dir, name, body);
}

async function dub(body: Record<string, unknown>): Promise<any> {
  const created = await svc.api('/v1/media/translate', { body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
  expect(task.status, JSON.stringify(task)).toBe('done');
  return (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
}

async function download(url: string, name: string): Promise<{ file: string; text: string; type: string | null }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const text = await response.text();
  const file = path.join(media.dir, name);
  await fs.writeFile(file, text);
  return { file, text, type: response.headers.get('content-type') };
}

/** The file converted by ffmpeg to SRT, as ffmpeg's own reading of it. */
async function ffmpegAsSrt(file: string): Promise<string> {
  const result = await runProcess(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'srt', 'pipe:1'], {
    captureStdout: true,
  });
  return result.stdout!.toString('utf8');
}

const cueCount = (srt: string) => srt.split('\n').filter((line) => line.includes(' --> ')).length;
const styleLine = (ass: string) => /^Style: (.*)$/m.exec(ass)![1]!.split(',');

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-subexports-');
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('a dubbed video with a named subtitle style', () => {
  let result: any;

  beforeAll(async () => {
    const { videoPath } = await makeSpokenVideo(media.dir, { cues: CUES, width: 320, height: 240, name: 'duo' });
    result = await dub({
      media_type: 'video',
      media_url: pathToFileURL(videoPath).href,
      subtitle_url: pathToFileURL(await germanSrt('duo.de.srt')).href,
      subtitle_usage_type: 'final_translated',
      source_language: 'en',
      target_language: 'de',
      export_type: 'video',
      subtitle_style_id: 'builtin:yellow',
    });
  }, 180_000);

  it('publishes subtitle_vtt_url and subtitle_ass_url beside subtitle_url, on the cloud route and the task route', async () => {
    expect(result.result.subtitle_url).toMatch(/\/v1\/files\/.+\?token=/);
    expect(result.result.subtitle_vtt_url).toMatch(/\/v1\/files\/.+\?token=/);
    expect(result.result.subtitle_ass_url).toMatch(/\/v1\/files\/.+\?token=/);
    const summary = (await svc.api(`/v1/tasks/${result.task_id}`)).body;
    expect(Object.keys(summary.result)).toEqual(expect.arrayContaining(['subtitle_vtt_url', 'subtitle_ass_url']));
  });

  it('writes WebVTT with each speaker as a voice tag and escaped text, which ffmpeg reads cue for cue', async () => {
    const vtt = await download(result.result.subtitle_vtt_url, 'duo.de.vtt');
    expect(vtt.type).toMatch(/^text\/vtt/);
    expect(vtt.text.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt.text).toContain('<v Anna>Guten Morgen &amp; willkommen');
    expect(vtt.text).toContain('<v Ben>Danke, schön hier zu sein.');
    expect(vtt.text).toMatch(/^00:00:00\.500 --> 00:00:02\.600$/m);
    const read = await ffmpegAsSrt(vtt.file);
    expect(cueCount(read)).toBe(2);
    expect(read).toContain('Guten Morgen & willkommen');
  });

  it('writes ASS in the named style on the video frame, which ffmpeg reads cue for cue', async () => {
    const ass = await download(result.result.subtitle_ass_url, 'duo.de.ass');
    expect(ass.text).toMatch(/^PlayResX: 320$/m);
    expect(ass.text).toMatch(/^PlayResY: 240$/m);
    const style = styleLine(ass.text);
    expect(style[1]).toBe('DejaVu Sans');
    expect(style[3]).toBe(assColour('#FFE14D'));
    expect(ass.text).toMatch(/^Dialogue: 0,0:00:00\.50,0:00:02\.60,Default,Anna,/m);
    expect(ass.text).toMatch(/^Dialogue: 0,0:00:03\.40,0:00:05\.60,Default,Ben,/m);
    expect(cueCount(await ffmpegAsSrt(ass.file))).toBe(2);
  });
});

describe('a dubbed audio file', () => {
  it('lays the ASS export out on 1920x1080 in the default style', async () => {
    const { audioPath } = await makeSpokenAudio(media.dir, { cues: CUES, name: 'radio' });
    const result = await dub({
      media_type: 'audio',
      media_url: pathToFileURL(audioPath).href,
      subtitle_url: pathToFileURL(await germanSrt('radio.de.srt')).href,
      subtitle_usage_type: 'final_translated',
      source_language: 'en',
      target_language: 'de',
      export_type: 'auto',
    });
    const ass = await download(result.result.subtitle_ass_url, 'radio.de.ass');
    expect(ass.text).toMatch(/^PlayResX: 1920$/m);
    expect(ass.text).toMatch(/^PlayResY: 1080$/m);
    expect(styleLine(ass.text)[3]).toBe('&H00FFFFFF');
    expect(cueCount(await ffmpegAsSrt(ass.file))).toBe(2);
    const vtt = await download(result.result.subtitle_vtt_url, 'radio.de.vtt');
    expect(cueCount(await ffmpegAsSrt(vtt.file))).toBe(2);
  }, 180_000);
});
