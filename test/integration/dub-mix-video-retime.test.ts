// align_video on real media: slowed spans lengthen the video by exactly the added time, keep the frame
// rate, and keep picture and sound together; the mixed dub follows the same output timeline.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { toneLevel } from '../../src/main/media/dsp/envelope.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { writeDubTrack } from '../../src/main/dubbing/dub-track.js';
import { mixDub } from '../../src/main/media/audio-mix.js';
import { planDubTiming } from '../../src/main/dubbing/timing-plan.js';
import { createTimeMap, retimeVideo, type SlowdownSegment } from '../../src/main/media/video-retime.js';
import { makeMediaDir } from '../fixtures/media.js';

const FPS = 25;
const RATE = 48000;
// A white flash and a 1 kHz beep together, 200 ms each, on frame boundaries.
const MARKERS_MS = [2720, 4000];
const BEEP_HZ = 1000;

async function ffmpeg(args: string[], captureStdout = false): Promise<Buffer> {
  const result = await runProcess(
    resolveMediaTools().ffmpeg,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args],
    { toolName: 'ffmpeg', captureStdout },
  );
  return result.stdout ?? Buffer.alloc(0);
}

/** 6 s, 25 fps, black with flashes, a quiet 300 Hz hum with beeps at the same instants. */
async function makeMarkedVideo(dir: string): Promise<string> {
  const output = path.join(dir, 'marked.mp4');
  const during = (variable: string) =>
    MARKERS_MS.map((ms) => `between(${variable},${ms / 1000},${(ms + 190) / 1000})`).join('+');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=64x48:r=${FPS}:d=6,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='${during('t')}'`,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='if(${during('t')},0.5*sin(2*PI*${BEEP_HZ}*t),0.05*sin(2*PI*300*t))':s=${RATE}:d=6`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    output,
  ]);
  return output;
}

/** Times (ms) at which the picture turns white: frame index / fps of each first bright frame. */
async function flashTimes(file: string): Promise<{ frames: number; flashes: number[] }> {
  const raw = await ffmpeg(['-i', file, '-vf', 'scale=8:6,format=gray', '-f', 'rawvideo', 'pipe:1'], true);
  const frameSize = 48;
  const frames = raw.length / frameSize;
  const flashes: number[] = [];
  let wasBright = false;
  for (let f = 0; f < frames; f++) {
    const mean = raw.subarray(f * frameSize, (f + 1) * frameSize).reduce((sum, value) => sum + value, 0) / frameSize;
    if (mean > 128 && !wasBright) flashes.push((f * 1000) / FPS);
    wasBright = mean > 128;
  }
  return { frames, flashes };
}

/** Times (ms) at which the 1 kHz beep starts, in 10 ms steps; "on" is within 20 dB of its loudest (a ducked beep counts). */
function beepTimes(samples: Float32Array): number[] {
  const levels: number[] = [];
  for (let ms = 0; (ms + 10) * (RATE / 1000) <= samples.length; ms += 10) {
    levels.push(toneLevel(samples, RATE, BEEP_HZ, (ms * RATE) / 1000, ((ms + 10) * RATE) / 1000));
  }
  const threshold = Math.max(...levels) * 0.1;
  return levels.flatMap((level, w) => (level > threshold && !(levels[w - 1] > threshold) ? [w * 10] : []));
}

async function durationSec(file: string, stream: 'v' | 'a'): Promise<number> {
  const { stdout } = await runProcess(
    resolveMediaTools().ffprobe,
    ['-v', 'error', '-select_streams', `${stream}:0`, '-show_entries', 'stream=duration', '-of', 'csv=p=0', file],
    { toolName: 'ffprobe', captureStdout: true },
  );
  return Number(stdout!.toString().trim());
}

describe('align_video retiming on a real video', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let source: string;
  // A 1.5x span, and a 2.4x span (beyond one atempo's 2x) holding the first marker.
  const segments: SlowdownSegment[] = [
    { fromMs: 1000, toMs: 2000, factor: 1.5 },
    { fromMs: 2500, toMs: 3000, factor: 2.4 },
  ];
  const map = createTimeMap(segments);

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-retime-'));
    source = await makeMarkedVideo(dir);
  });
  afterAll(() => cleanup());

  it('lengthens the video by the added time (±1 frame), keeps 25 fps, and keeps flashes and beeps together where the map says', async () => {
    const output = path.join(dir, 'retimed.mp4');
    const fractions: number[] = [];
    await retimeVideo(
      { input: source, output, segments, fps: FPS, preset: 'ultrafast' },
      { sourceDurationMs: 6000, onProgress: (event) => event.fraction !== null && fractions.push(event.fraction) },
    );
    expect(map.addedMs).toBe(1200);
    expect(Math.abs((await durationSec(output, 'v')) - 7.2)).toBeLessThanOrEqual(1 / FPS + 1e-6);
    expect(Math.abs((await durationSec(output, 'a')) - 7.2)).toBeLessThanOrEqual(0.05);
    expect(fractions.at(-1)).toBeCloseTo(1, 1);

    const { frames, flashes } = await flashTimes(output);
    expect(Math.abs(frames - 7.2 * FPS)).toBeLessThanOrEqual(1);
    const beeps = beepTimes(await decodeAudioPcm(output, { sampleRate: RATE }));
    const expected = MARKERS_MS.map((ms) => map.toOutputMs(ms)); // 3528 ms (inside the 2.4x span) and 5200 ms
    expect(expected.map(Math.round)).toEqual([3528, 5200]);
    expect(flashes).toHaveLength(2);
    expect(beeps).toHaveLength(2);
    expected.forEach((ms, i) => expect(Math.abs(flashes[i] - ms)).toBeLessThanOrEqual(1000 / FPS));
    // After the slowed spans sound and picture agree within a frame; inside a 2.4x span two chained
    // atempo stages soften the beep's onset, which reads up to about 60 ms late.
    expect(Math.abs(beeps[1] - expected[1])).toBeLessThanOrEqual(40);
    expect(Math.abs(beeps[0] - expected[0])).toBeLessThanOrEqual(60);
  });

  it('mixes an align_video dub on the output timeline: the slowed original under the dub lasts as long as the video', async () => {
    // A line far too long for its cue: with alignVideo the plan slows [1000, 2400) instead of over-speeding.
    const cues = [
      { index: 1, startMs: 1000, endMs: 2000 },
      { index: 2, startMs: 2500, endMs: 3500 },
    ];
    const plan = planDubTiming(
      { cues, speechMs: [3000, 500], mediaDurationMs: 6000 },
      { alignVideo: true, minGapMs: 100 },
    );
    const [line] = plan.lines;
    expect(line.videoSlowdown).toBeDefined();
    expect(line.stretch).toBeCloseTo(1.3, 6);
    const clipMs = 3000 / line.rate;
    const clip = Float32Array.from(
      { length: Math.round((clipMs * 24000) / 1000) },
      (_, i) => 0.4 * Math.sin((2 * Math.PI * 1800 * i) / 24000),
    );
    const dub = path.join(dir, 'dub-aligned.wav');
    const track = await writeDubTrack(dub, [{ index: 1, samples: clip, sampleRate: 24000 }], plan.lines, {
      durationMs: plan.outputDurationMs,
    });
    expect(track.placed[0].endMs).toBeCloseTo(line.placedEndMs, 0);

    const output = path.join(dir, 'mix-aligned.wav');
    await mixDub(
      { dub, background: { kind: 'duck', file: source }, durationMs: plan.outputDurationMs, slowdowns: plan.slowdowns },
      output,
    );
    const mix = await decodeAudioPcm(output, { sampleRate: RATE });
    expect(Math.abs(mix.length / RATE - plan.outputDurationMs / 1000)).toBeLessThan(0.03);
    // The original's beeps moved with the slowed video.
    const beeps = beepTimes(mix);
    const expected = MARKERS_MS.map((ms) => plan.toOutputMs(ms));
    expect(beeps).toHaveLength(2);
    expected.forEach((ms, i) => expect(Math.abs(beeps[i] - ms)).toBeLessThanOrEqual(40));
  });
});
