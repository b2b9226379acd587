// The dubbed audio's format follows the input's content, not its name: a FLAC named .mp3 and a real .flac both come
// back as FLAC, an Ogg Opus named .ogg as Opus (docs/api.md, "Translate and dub results").
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from '../../src/main/files/file-names.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { inputFormatOf } from '../../src/main/pipelines/translate/input-format.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, type SpokenCue } from '../fixtures/speech.js';

const tools = resolveMediaTools();
const CUES: SpokenCue[] = [{ startMs: 300, endMs: 2300, text: 'Good morning and welcome.', voice: 'espeak:en+f2' }];

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let speech: string;
let subtitles: string;

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-audio-export-format-');
  speech = (await makeSpokenAudio(media.dir, { cues: CUES, name: 'speech', durationSec: 3 })).audioPath;
  const cue = `1\n${formatSrtTime(CUES[0]!.startMs)} --> ${formatSrtTime(CUES[0]!.endMs)}\nGuten Morgen und willkommen.\n`;
  subtitles = await makeTextFile(media.dir, 'speech.de.srt', cue);
  svc = await startTestService();
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

/** The spoken WAV encoded with `codecArgs`, saved under `name` whatever the codec. */
async function encoded(name: string, codecArgs: string[]): Promise<string> {
  const file = path.join(media.dir, name);
  await runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', speech, ...codecArgs, file]);
  return file;
}

/** ffprobe's container and audio codec of a file. */
async function probed(file: string): Promise<{ container: string; codec: string; duration: number }> {
  const { stdout } = await runProcess(
    tools.ffprobe,
    ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_name', '-of', 'json', file],
    { captureStdout: true },
  );
  const json = JSON.parse(stdout!.toString()) as {
    format: { format_name: string; duration: string };
    streams: { codec_name: string }[];
  };
  return {
    container: json.format.format_name,
    codec: json.streams[0]!.codec_name,
    duration: Number(json.format.duration),
  };
}

/** Dubs `input` as audio and downloads the result: the name it is served under, its content type and ffprobe's reading. */
async function dubbedAudio(input: string) {
  const created = await svc.api('/v1/media/translate', {
    body: {
      media_type: 'audio',
      media_url: pathToFileURL(input).href,
      subtitle_url: pathToFileURL(subtitles).href,
      subtitle_usage_type: 'final_translated',
      target_language: 'de',
      export_type: 'auto',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
  expect(task.status, JSON.stringify(task)).toBe('done');
  const { result } = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
  expect(result.video_url).toBeUndefined();
  const response = await fetch(result.audio_url);
  expect(response.status).toBe(200);
  const name = fileNameFromContentDisposition(response.headers.get('content-disposition') ?? undefined)!;
  const file = path.join(media.dir, `out-${name}`);
  await fs.writeFile(file, Buffer.from(await response.arrayBuffer()));
  return { name, type: response.headers.get('content-type'), ...(await probed(file)) };
}

describe('the audio export of a dub', () => {
  it('is FLAC for a FLAC named .mp3, as the content says', async () => {
    const input = await encoded('voice.mp3', ['-c:a', 'flac', '-f', 'flac']);
    expect((await probed(input)).codec).toBe('flac');
    const out = await dubbedAudio(input);
    expect(out).toMatchObject({ name: 'voice.de.flac', type: 'audio/flac', container: 'flac', codec: 'flac' });
    expect(out.duration).toBeCloseTo(3, 0);
  }, 180_000);

  it('is FLAC for a real .flac (lossless in, lossless out)', async () => {
    const out = await dubbedAudio(await encoded('voice.flac', ['-c:a', 'flac']));
    expect(out).toMatchObject({ name: 'voice.de.flac', type: 'audio/flac', container: 'flac', codec: 'flac' });
  }, 180_000);

  it('is Opus for an Ogg Opus named .ogg', async () => {
    const out = await dubbedAudio(await encoded('talk.ogg', ['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg']));
    expect(out).toMatchObject({ name: 'talk.de.opus', type: 'audio/opus', container: 'ogg', codec: 'opus' });
  }, 180_000);
});

describe('the input format of a run prepared before it was recorded (a project re-exported)', () => {
  it('is judged again from the content, not the name', async () => {
    const input = await encoded('older.mp3', ['-c:a', 'flac', '-f', 'flac']);
    const prepared = {
      path: input,
      name: 'older.mp3',
      durationSec: 3,
      hasVideo: false,
      orientation: 'landscape' as const,
    };
    const ctx = { workDir: media.dir, signal: new AbortController().signal };
    expect(await inputFormatOf(prepared, ctx, tools)).toBe('flac');
    expect(await inputFormatOf({ ...prepared, format: 'mp3' }, ctx, tools)).toBe('mp3');
  });
});
