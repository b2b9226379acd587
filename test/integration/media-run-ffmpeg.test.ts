import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAudioArgs, ffmpegPreamble } from '../../src/main/media/ffmpeg-args.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { ProcessError } from '../../src/main/media/run-process.js';
import { runFfmpeg, type FfmpegProgressEvent } from '../../src/main/media/run-ffmpeg.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';

describe('runFfmpeg', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeMediaDir()));
  afterAll(() => cleanup());

  it('reports progress while a real encode runs, ending at 1', async () => {
    const output = `${dir}/encoded.mp4`;
    const events: FfmpegProgressEvent[] = [];
    // -re paces the 3 s source at real time, so ffmpeg has time to write several reports (every 0.5 s).
    await runFfmpeg(
      [
        ...ffmpegPreamble(),
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=25:duration=3',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        output,
      ],
      { durationSec: 3, onProgress: (event) => events.push(event) },
    );
    const running = events.filter((event) => !event.done);
    expect(running.length).toBeGreaterThanOrEqual(2);
    expect(running.some((event) => event.fraction !== null && event.fraction > 0 && event.fraction < 1)).toBe(true);
    const fractions = events.map((event) => event.fraction ?? 0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ done: true, fraction: 1, frame: 75 });
    expect(events.at(-1)?.outTimeSec).toBeCloseTo(3, 0);
    expect((await probeMedia(output)).durationSec).toBeCloseTo(3, 1);
  });

  it('extracts the audio track of a video to 16 kHz mono WAV', async () => {
    const video = await makeVideo(dir, { durationSec: 2 });
    const wav = `${dir}/speech.wav`;
    await runFfmpeg(extractAudioArgs({ input: video, output: wav, sampleRate: 16000 }));
    const info = await probeMedia(wav);
    expect(info).toMatchObject({ hasVideo: false, audio: { codec: 'pcm_s16le', sampleRate: 16000, channels: 1 } });
    expect(info.durationSec).toBeCloseTo(2, 1);
  });

  it('fails with ffmpeg, its exit code and its complaint in the message', async () => {
    const missing = `${dir}/missing.mov`;
    const error = await runFfmpeg(
      extractAudioArgs({ input: missing, output: `${dir}/out.wav`, sampleRate: 16000 }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessError);
    expect((error as Error).message).toMatch(/^ffmpeg exited with code 1: .*missing\.mov: No such file or directory/);
  });

  it('stops an encode when its signal aborts', async () => {
    const controller = new AbortController();
    const run = runFfmpeg(
      [
        ...ffmpegPreamble(),
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=25:duration=600',
        '-f',
        'null',
        '-',
      ],
      {
        signal: controller.signal,
        durationSec: 600,
        onProgress: () => controller.abort(),
      },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
