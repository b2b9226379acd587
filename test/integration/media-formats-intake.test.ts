// The audio and video formats people have, over HTTP on loopback: every format of src/shared/media-formats.ts is
// taken where its kind is, judged by content (sniffed, then ffprobe), whatever the file is named.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/main/media/probe.js';
import {
  makeAudioFormat,
  makeVideoFormat,
  type AudioFormatFixture,
  type VideoFormatFixture,
} from '../fixtures/format-media.js';
import { makeImage, makeMediaDir, makeTextFile, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const VOICE = 'espeak:de+f2';
const url = (file: string) => pathToFileURL(file).href;

let media: Awaited<ReturnType<typeof makeMediaDir>>;
/** Takes tasks but runs none: create checks only. */
let intake: TestService;
let srt: string;

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-formats-');
  srt = await makeTextFile(media.dir, 'lines.srt', '1\n00:00:00,100 --> 00:00:00,800\nHallo.\n');
  intake = await startTestService({ config: { concurrency: 0 } });
}, 60_000);

afterAll(async () => {
  await intake?.stop();
  await media?.cleanup();
});

const translate = (mediaType: 'audio' | 'video', file: string, extra: Record<string, unknown> = {}) => ({
  media_type: mediaType,
  media_url: url(file),
  subtitle_url: url(srt),
  subtitle_usage_type: 'final_translated',
  source_language: 'de',
  target_language: 'de',
  selected_voice_id: VOICE,
  speaker_number: { max: 1 },
  export_type: 'auto',
  ...extra,
});

async function createTranslate(body: Record<string, unknown>) {
  return intake.api('/v1/media/translate', { body });
}

describe('translate takes the audio and video formats people have', () => {
  it.each<AudioFormatFixture>(['flac', 'ogg', 'opus', 'aac', 'weba'])(
    'accepts %s audio as media_type audio',
    async (format) => {
      const file = await makeAudioFormat(media.dir, format);
      const created = await createTranslate(translate('audio', file, { export_type: 'audio' }));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.task_id).toEqual(expect.any(String));
    },
    30_000,
  );

  it.each<VideoFormatFixture>(['mpg', 'ts', 'mts', 'flv', 'm4v', '3gp'])(
    'accepts a %s video as media_type video',
    async (format) => {
      const file = await makeVideoFormat(media.dir, format);
      const created = await createTranslate(translate('video', file));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    },
    30_000,
  );

  it('takes a file named .mp3 that holds FLAC for what it is', async () => {
    const file = await makeAudioFormat(media.dir, 'flac', { name: 'interview.mp3' });
    const created = await createTranslate(translate('audio', file, { export_type: 'audio' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }, 30_000);

  it('takes Opus in a file named .ogg, and WebM audio in a file named .webm', async () => {
    for (const [format, name] of [
      ['opus', 'voice.ogg'],
      ['weba', 'voice.webm'],
    ] as const) {
      const file = await makeAudioFormat(media.dir, format, { name });
      const created = await createTranslate(translate('audio', file, { export_type: 'audio' }));
      expect(created.status, `${name}: ${JSON.stringify(created.body)}`).toBe(200);
    }
  }, 30_000);

  it('refuses a file named .wav that holds a PNG, naming what it is and what is taken', async () => {
    const png = await makeImage(media.dir, { name: 'voice.wav' });
    const created = await createTranslate(translate('audio', png, { export_type: 'audio' }));
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('unsupported_media');
    expect(created.body.message).toBe(
      'media_url (voice.wav) is a PNG image; accepted types: .wav, .mp3, .m4a, .aac, .flac, .ogg, .oga, .opus, .weba.',
    );
  }, 30_000);

  it('refuses a video without an audio stream given as media_type audio, saying it has no audio', async () => {
    const silent = await makeVideo(media.dir, { withAudio: false, name: 'screen.mp4' });
    const created = await createTranslate(translate('audio', silent, { export_type: 'audio' }));
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('no_audio');
    expect(created.body.message).toBe('media_url (screen.mp4) has no audio track; there is no speech to translate.');
  }, 30_000);

  it('refuses WebM audio named .webm given as media_type video, naming what it is', async () => {
    const file = await makeAudioFormat(media.dir, 'weba', { name: 'talk.webm' });
    const created = await createTranslate(translate('video', file));
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('unsupported_media');
    expect(created.body.message).toBe(
      'media_url (talk.webm) is a WebM audio file; accepted types: ' +
        '.mp4, .mov, .m4v, .3gp, .3g2, .webm, .mkv, .avi, .wmv, .mpg, .mpeg, .ts, .mts, .m2ts, .flv.',
    );
  }, 30_000);
});

describe('lip-sync takes the same audio formats', () => {
  it.each<AudioFormatFixture>(['flac', 'opus'])(
    'accepts %s as audio_url',
    async (format) => {
      const [face, audio] = await Promise.all([
        makeImage(media.dir, { name: `face-${format}.png` }),
        makeAudioFormat(media.dir, format, { name: `drive.${format}` }),
      ]);
      const created = await intake.api('/v1/video_generation', {
        body: {
          reference_file_url: url(face),
          audio_url: url(audio),
          reference_file_type: 'image',
          model: 'standard_v1',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    },
    30_000,
  );
});

describe('a FLAC recording dubbed end to end', () => {
  let runner: TestService;
  beforeAll(async () => {
    runner = await startTestService();
  }, 60_000);
  afterAll(() => runner?.stop());

  it('runs to done and exports the dub as FLAC (its own format) as long as the recording', async () => {
    const flac = await makeAudioFormat(media.dir, 'flac', { durationSec: 2, name: 'recording.flac' });
    const created = await runner.api('/v1/media/translate', {
      body: translate('audio', flac, { export_type: 'audio' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await runner.waitForTask(created.body.task_id, undefined, 120_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    const status = (await runner.api(`/v1/media/translate/${created.body.task_id}`)).body;
    const response = await fetch(status.result.audio_url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/flac');
    const output = path.join(media.dir, 'recording.de.flac');
    await fs.writeFile(output, Buffer.from(await response.arrayBuffer()));
    const info = await probeMedia(output);
    expect(info.audio?.codec).toBe('flac');
    expect(info.durationSec).toBeGreaterThan(1.9);
    expect(info.durationSec).toBeLessThan(2.2);
  }, 150_000);
});
