// What a listener hears from the dub path: lines at their cues, the original background kept but
// ducked under speech, loudness at the target. Synthetic "speech" (a warbling 1.5 kHz tone) over the
// fixture video's continuous 440 Hz tone; decoded back and measured per frequency band.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { toDb, toneLevel } from '../../src/main/media/dsp/envelope.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { writeDubTrack, type DubClip } from '../../src/main/dubbing/dub-track.js';
import { encodeWav } from '../../src/main/media/audio.js';
import {
  loudnessScanArgs,
  mixDub,
  mixFilterGraph,
  parseEbur128Summary,
  type MixSpec,
} from '../../src/main/media/audio-mix.js';
import { planDubTiming, type TimingCue, type TimingPlan } from '../../src/main/dubbing/timing-plan.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';

const RATE = 48000;
const TTS_RATE = 22050;
const SPEECH_HZ = 1500;
const BACKGROUND_HZ = 440;

/** A TTS stand-in: a clip of exactly `ms` of warbling tone, as if spoken at the asked rate. */
function speechClip(index: number, ms: number): DubClip {
  const samples = Float32Array.from({ length: Math.round((ms * TTS_RATE) / 1000) }, (_, i) => {
    const t = i / TTS_RATE;
    return 0.4 * (0.7 + 0.3 * Math.sin(2 * Math.PI * 4 * t)) * Math.sin(2 * Math.PI * SPEECH_HZ * t);
  });
  return { index, samples, sampleRate: TTS_RATE };
}

/** Level (dBFS) of one frequency between two times: the band a listener picks out. */
function bandDb(samples: Float32Array, frequency: number, fromMs: number, toMs: number): number {
  return toDb(toneLevel(samples, RATE, frequency, (fromMs * RATE) / 1000, (toMs * RATE) / 1000));
}

/** Start and end (ms) of each run of 10 ms windows where the speech band is within 30 dB of its loudest. */
function speechSpans(samples: Float32Array, totalMs: number): { startMs: number; endMs: number }[] {
  const levels: number[] = [];
  for (let ms = 0; ms + 10 <= totalMs; ms += 10) levels.push(bandDb(samples, SPEECH_HZ, ms, ms + 10));
  const threshold = Math.max(...levels) - 30;
  const spans: { startMs: number; endMs: number }[] = [];
  levels.forEach((level, w) => {
    const loud = level > threshold;
    const last = spans.at(-1);
    if (loud && last && last.endMs === w * 10) last.endMs = (w + 1) * 10;
    else if (loud) spans.push({ startMs: w * 10, endMs: (w + 1) * 10 });
  });
  return spans;
}

/** A stereo 48 kHz WAV (both sides equal, so decoding to mono keeps the levels) of samples made by `at(t)`. */
async function writeStereoTrack(dir: string, name: string, ms: number, at: (t: number) => number): Promise<string> {
  const mono = path.join(dir, `${name}.mono.wav`);
  await fs.writeFile(
    mono,
    encodeWav(
      Float32Array.from({ length: Math.round((ms * RATE) / 1000) }, (_, i) => at(i / RATE)),
      RATE,
    ),
  );
  const stereo = path.join(dir, `${name}.wav`);
  await runProcess(
    resolveMediaTools().ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      mono,
      '-af',
      'pan=stereo|c0=c0|c1=c0',
      '-c:a',
      'pcm_s16le',
      stereo,
    ],
    { toolName: 'ffmpeg' },
  );
  return stereo;
}

const inside = (t: number, regions: readonly { startMs: number; endMs: number }[]) =>
  regions.some((r) => t * 1000 >= r.startMs && t * 1000 < r.endMs);

async function integratedLoudness(file: string): Promise<number> {
  const { stderrTail } = await runProcess(
    resolveMediaTools().ffmpeg,
    ['-hide_banner', '-nostdin', '-i', file, '-af', 'ebur128=framelog=verbose', '-f', 'null', '-'],
    { toolName: 'ffmpeg' },
  );
  return parseEbur128Summary(stderrTail)!.integratedLufs;
}

describe('dub mix: lines at their cues over the ducked original background', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let media: string;
  let plan: TimingPlan;
  let dubFile: string;
  const mediaMs = 8000;
  // Cue 2 abuts cue 3 and is too long for it: rate then stretch. Cue 1 borrows silence after its cue
  // (and is more than a pause of 1 s before cue 2, so its rate is not smoothed up).
  const cues: TimingCue[] = [
    { index: 1, startMs: 500, endMs: 1500 },
    { index: 2, startMs: 2600, endMs: 3600 },
    { index: 3, startMs: 3600, endMs: 4600 },
  ];
  const speechMs = [1400, 1500, 800];

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-dub-mix-'));
    media = await makeVideo(dir, { durationSec: mediaMs / 1000, width: 160, height: 120 });
    // The pipeline's two passes: pick rates from normal-rate lengths, "synthesize" at them, fit what came out.
    const first = planDubTiming({ cues, speechMs, mediaDurationMs: mediaMs });
    const clips = cues.map((cue, i) => speechClip(cue.index, speechMs[i] / first.lines[i].rate));
    plan = planDubTiming({
      cues,
      speechMs: clips.map((clip) => (clip.samples.length / TTS_RATE) * 1000),
      synthesizedRates: first.lines.map((line) => line.rate),
      mediaDurationMs: mediaMs,
    });
    dubFile = path.join(dir, 'dub.wav');
    await writeDubTrack(dubFile, clips, plan.lines, { durationMs: plan.outputDurationMs });
  });
  afterAll(() => cleanup());

  it('plans the expected fits: borrowing for cue 1, rate 1.25 and a 1.2x stretch for cue 2', () => {
    expect(plan.lines[0]).toMatchObject({
      rate: 1,
      stretch: 1,
      placedStartMs: 500,
      placedEndMs: 1900,
      borrowedMs: 400,
    });
    expect(plan.lines[1].rate).toBe(1.25);
    expect(plan.lines[1].stretch).toBeCloseTo(1.2, 2);
    expect(plan.lines[1].placedEndMs).toBeCloseTo(3600, 0);
    expect(plan.lines[2].rate).toBeCloseTo(1.15, 6); // smoothed towards its neighbour's 1.25
  });

  it('plays each line from its cue start (±40 ms) to its planned end, with the original ducked under it and loudness at -16 LUFS', async () => {
    const output = path.join(dir, 'mix.wav');
    const fractions: number[] = [];
    const result = await mixDub(
      { dub: dubFile, background: { kind: 'duck', file: media }, durationMs: plan.outputDurationMs },
      output,
      {
        onProgress: (fraction) => fractions.push(fraction),
      },
    );
    expect(result.log[0]).toMatch(/^mix: original audio ducked under the dub; measured -?\d+\.\d LUFS/);
    expect(fractions.at(-1)).toBe(1);

    const mix = await decodeAudioPcm(output, { sampleRate: RATE });
    expect(Math.abs(mix.length - (mediaMs * RATE) / 1000)).toBeLessThan(RATE * 0.03);

    // Lines 2 and 3 touch (abutting cues), so they sound as one run from cue 2 to the end of line 3.
    const spans = speechSpans(mix, mediaMs);
    const heard = [spans[0], spans[1]];
    expect(spans).toHaveLength(2);
    expect(Math.abs(heard[0].startMs - 500)).toBeLessThanOrEqual(40);
    expect(Math.abs(heard[0].endMs - plan.lines[0].placedEndMs)).toBeLessThanOrEqual(40);
    expect(Math.abs(heard[1].startMs - 2600)).toBeLessThanOrEqual(40);
    expect(Math.abs(heard[1].endMs - plan.lines[2].placedEndMs)).toBeLessThanOrEqual(40);

    // Between lines the speech band is silent (60 dB under the lines).
    const speechLevel = bandDb(mix, SPEECH_HZ, 700, 1700);
    for (const [from, to] of [
      [0, 450],
      [2000, 2550],
      [4400, 8000],
    ])
      expect(bandDb(mix, SPEECH_HZ, from, to)).toBeLessThan(speechLevel - 60);

    // The background stays audible but is pulled down under speech (measured after the release settles).
    const free = bandDb(mix, BACKGROUND_HZ, 5000, 8000);
    const ducked = bandDb(mix, BACKGROUND_HZ, 900, 1800);
    // The default depth is 12 dB: clearly under the voice, never gone.
    expect(ducked).toBeLessThan(free - 8);
    expect(ducked).toBeGreaterThan(free - 16);
    expect(speechLevel).toBeGreaterThan(free + 6);

    expect(await integratedLoudness(output)).toBeGreaterThan(-17);
    expect(await integratedLoudness(output)).toBeLessThan(-15);
  });

  it('with a separated background stem keeps the background level under speech, at a configured -23 LUFS, as AAC', async () => {
    const stem = path.join(dir, 'stem.wav');
    await runProcess(
      resolveMediaTools().ffmpeg,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', media, '-vn', '-c:a', 'pcm_s16le', stem],
      { toolName: 'ffmpeg' },
    );
    const spec: MixSpec = { dub: dubFile, background: { kind: 'stem', file: stem }, durationMs: plan.outputDurationMs };
    const output = path.join(dir, 'mix-stem.m4a');
    await mixDub(spec, output, { target: { integratedLufs: -23, truePeakDb: -1 }, format: 'm4a' });
    const mix = await decodeAudioPcm(output, { sampleRate: RATE });
    const free = bandDb(mix, BACKGROUND_HZ, 5000, 8000);
    expect(Math.abs(bandDb(mix, BACKGROUND_HZ, 900, 1800) - free)).toBeLessThan(1.5);
    const loudness = await integratedLoudness(output);
    expect(loudness).toBeGreaterThan(-24);
    expect(loudness).toBeLessThan(-22);
  });

  it('stops the mix when cancelled', async () => {
    const controller = new AbortController();
    const run = mixDub(
      { dub: dubFile, background: { kind: 'duck', file: media }, durationMs: plan.outputDurationMs },
      path.join(dir, 'cancelled.wav'),
      { signal: controller.signal },
    );
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('dub mix: the original voice ducked where voice activity detection heard it', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const VOICE_HZ = 2500;
  const MUSIC_HZ = 440;
  const mediaMs = 9000;
  // Where the original speaks (the VAD's regions), and the dub's lines, which end well before the original's speech.
  const regions = [
    { startMs: 1000, endMs: 3000 },
    { startMs: 4500, endMs: 6500 },
  ];
  const lines = [
    { startMs: 1000, endMs: 2000 },
    { startMs: 4500, endMs: 5200 },
  ];
  let original: string;
  let dub: string;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-voice-duck-'));
    original = await writeStereoTrack(
      dir,
      'original',
      mediaMs,
      (t) =>
        0.1 * Math.sin(2 * Math.PI * MUSIC_HZ * t) +
        (inside(t, regions)
          ? 0.3 * (0.8 + 0.2 * Math.sin(2 * Math.PI * 5 * t)) * Math.sin(2 * Math.PI * VOICE_HZ * t)
          : 0),
    );
    dub = path.join(dir, 'dub.wav');
    await fs.writeFile(
      dub,
      encodeWav(
        Float32Array.from({ length: (mediaMs * TTS_RATE) / 1000 }, (_, i) =>
          inside(i / TTS_RATE, lines) ? 0.3 * Math.sin((2 * Math.PI * SPEECH_HZ * i) / TTS_RATE) : 0,
        ),
        TTS_RATE,
      ),
    );
  });
  afterAll(() => cleanup());

  it('pulls the original voice down at least 20 dB inside its regions, also where the dub is silent, and keeps the music at its level elsewhere', async () => {
    const output = path.join(dir, 'mix.wav');
    const result = await mixDub(
      {
        dub,
        background: { kind: 'duck-speech', file: original, regions, detector: 'Silero VAD' },
        durationMs: mediaMs,
      },
      output,
    );
    expect(result.log[0]).toMatch(
      /^mix: original voice ducked by 24 dB where it speaks \(VAD: Silero VAD, 2 regions\); measured/,
    );
    // The envelope is a scratch file: gone once the mix is written.
    expect((await fs.readdir(dir)).filter((name) => name.includes('ducking'))).toEqual([]);

    const source = await decodeAudioPcm(original, { sampleRate: RATE });
    const mix = await decodeAudioPcm(output, { sampleRate: RATE });
    // What the loudness normalization did to everything: the level a band keeps when nothing ducks it.
    const expected = (samples: Float32Array, hz: number, from: number, to: number) =>
      bandDb(samples, hz, from, to) + result.gainDb;

    // The voice: under the dub's lines and after them, where the dub is silent (the sidechain ducking let it back up there).
    for (const [from, to] of [
      [1050, 1950],
      [2100, 2950],
      [4550, 5150],
      [5300, 6450],
    ]) {
      expect(bandDb(mix, VOICE_HZ, from, to), `voice ${from}-${to} ms`).toBeLessThan(
        expected(source, VOICE_HZ, from, to) - 20,
      );
    }
    // The music away from speech, and 150 ms after each region ends or before it starts (short fades): at its level.
    for (const [from, to] of [
      [100, 800],
      [3150, 4300],
      [6650, 8800],
      [700, 850],
      [3150, 3300],
      [6650, 6800],
    ]) {
      expect(
        Math.abs(bandDb(mix, MUSIC_HZ, from, to) - expected(source, MUSIC_HZ, from, to)),
        `music ${from}-${to} ms`,
      ).toBeLessThan(1);
    }
    // And the dub itself plays at full level over it.
    expect(bandDb(mix, SPEECH_HZ, 1100, 1900)).toBeGreaterThan(bandDb(mix, MUSIC_HZ, 7000, 8000) + 6);
  });

  it('follows align_video slowdowns: a region after a slowed span is ducked where it now plays', async () => {
    // 500..1000 ms played 2x slower: everything after it comes 500 ms later, as the retimed original does.
    const slowdowns = [{ fromMs: 500, toMs: 1000, factor: 2 }];
    const output = path.join(dir, 'mix-slowed.wav');
    const result = await mixDub(
      {
        dub,
        background: { kind: 'duck-speech', file: original, regions, detector: 'Silero VAD' },
        durationMs: mediaMs + 500,
        slowdowns,
      },
      output,
    );
    const source = await decodeAudioPcm(original, { sampleRate: RATE });
    const mix = await decodeAudioPcm(output, { sampleRate: RATE });
    const voice = bandDb(source, VOICE_HZ, 2100, 2900) + result.gainDb;
    expect(bandDb(mix, VOICE_HZ, 1600, 3400)).toBeLessThan(voice - 20);
    expect(bandDb(mix, VOICE_HZ, 5100, 6900)).toBeLessThan(voice - 20);
    const music = bandDb(source, MUSIC_HZ, 7000, 8500) + result.gainDb;
    expect(Math.abs(bandDb(mix, MUSIC_HZ, 3650, 4800) - music)).toBeLessThan(1);
  });

  it('keeps the filter graph the same size for thousands of regions, and ducks each of them', async () => {
    const many = Array.from({ length: 2000 }, (_, k) => ({ startMs: 1000 + k * 150, endMs: 1060 + k * 150 }));
    const durationMs = 1000 + 2000 * 150 + 1000;
    const spec = (list: typeof many): MixSpec => ({
      dub,
      background: {
        kind: 'duck-speech',
        file: original,
        regions: list,
        detector: 'Silero VAD',
        ducking: { fadeMs: 20, bridgeMs: 40 },
      },
      durationMs,
      envelopeFile: 'env.wav',
    });
    expect(mixFilterGraph(spec(many))).toBe(mixFilterGraph(spec(many.slice(0, 2))));
    expect(loudnessScanArgs(spec(many)).join(' ').length).toBe(
      loudnessScanArgs(spec(many.slice(0, 2))).join(' ').length,
    );

    const music = path.join(dir, 'long-music.wav');
    await runProcess(
      resolveMediaTools().ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${MUSIC_HZ}:sample_rate=${RATE}:duration=${durationMs / 1000}`,
        '-af',
        'pan=stereo|c0=c0|c1=c0',
        '-c:a',
        'pcm_s16le',
        music,
      ],
      { toolName: 'ffmpeg' },
    );
    const output = path.join(dir, 'mix-many.wav');
    const { background } = spec(many);
    const result = await mixDub(
      { dub, background: { ...background, file: music } as MixSpec['background'], durationMs },
      output,
    );
    expect(result.log[0]).toContain('2000 regions');
    const source = await decodeAudioPcm(music, { sampleRate: RATE, durationSec: 2 });
    const level = bandDb(source, MUSIC_HZ, 0, 1000) + result.gainDb;
    const mix = await decodeAudioPcm(output, { sampleRate: RATE });
    for (const k of [0, 1, 999, 1998, 1999]) {
      const { startMs, endMs } = many[k];
      expect(bandDb(mix, MUSIC_HZ, startMs + 5, endMs - 5), `region ${k}`).toBeLessThan(level - 20);
      expect(Math.abs(bandDb(mix, MUSIC_HZ, endMs + 25, endMs + 65) - level), `after region ${k}`).toBeLessThan(1);
    }
  }, 120_000);
});
