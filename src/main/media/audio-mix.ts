// Mixes the dub track over the original sound: the separated background stem as is, or the original with its voice
// ducked where voice activity detection heard speech (or, for jobs without speech regions, ducked under the dub);
// then normalizes loudness to an EBU R128 target. Pure builders, then one runner.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPreamble } from './ffmpeg-args.js';
import { resolveMediaTools } from './ffmpeg-paths.js';
import { createProgressParser, progressFraction } from './ffmpeg-progress.js';
import { runFfmpeg, type FfmpegProgressEvent } from './run-ffmpeg.js';
import { runProcess } from './run-process.js';
import {
  DEFAULT_SPEECH_DUCKING,
  duckedSpans,
  writeDuckingEnvelope,
  type SpeechDucking,
  type SpeechSpan,
} from './dsp/speech-ducking.js';
import { audioRetimeFilter, type SlowdownSegment } from './video-retime.js';

export interface LoudnessTarget {
  /** Integrated loudness, LUFS (EBU R128 streaming practice: -16; broadcast: -23). */
  integratedLufs: number;
  /** Ceiling for peaks, dBFS (held by a limiter on sample peaks, 0.5 dB under this for inter-sample peaks). */
  truePeakDb: number;
}

export const DEFAULT_LOUDNESS: LoudnessTarget = { integratedLufs: -16, truePeakDb: -1.5 };

export interface DuckingOptions {
  /** How far the background is pulled down under speech, dB (about; quiet voices duck a little less). */
  depthDb?: number;
  /** Dub level (linear) above which ducking starts. */
  threshold?: number;
  attackMs?: number;
  releaseMs?: number;
}

export const DEFAULT_DUCKING: Required<DuckingOptions> = { depthDb: 12, threshold: 0.01, attackMs: 15, releaseMs: 350 };

/**
 * What plays under the dub: a separated background stem mixed as is; the original audio pulled down where its own
 * voice speaks (`duck-speech`, regions on the input timeline); the original ducked by the dub (sidechain; jobs
 * saved before speech detection existed); or nothing (the media has no sound).
 */
export type MixBackground =
  | { kind: 'stem'; file: string; /** The separator's title, for the log. */ separator?: string }
  | {
      kind: 'duck-speech';
      file: string;
      regions: readonly SpeechSpan[];
      /** The VAD's title, for the log. */ detector: string;
      ducking?: SpeechDucking;
    }
  | { kind: 'duck'; file: string; ducking?: DuckingOptions }
  | { kind: 'none' };

export interface MixSpec {
  dub: string;
  background: MixBackground;
  /** Output timeline length: both inputs are padded or cut to it. */
  durationMs: number;
  /** align_video slowdowns, applied to the background (the dub is already on the output timeline). */
  slowdowns?: readonly SlowdownSegment[];
  /** Gains before summing, dB. */
  dubGainDb?: number;
  backgroundGainDb?: number;
  /** Where the duck-speech gain envelope is written (mixDub's default: beside the output, removed afterwards). */
  envelopeFile?: string;
}

const MIX_RATE = 48000;
const STEREO = `aresample=${MIX_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

/** filter_complex that ends in the label [mix]: 48 kHz stereo, dub plus background, not yet normalized. */
export function mixFilterGraph(spec: MixSpec): string {
  const seconds = (spec.durationMs / 1000).toFixed(3);
  // apad + atrim: both inputs last exactly the output duration, whatever their own lengths.
  const fit = `apad,atrim=0:${seconds}`;
  const dub = `[0:a:0]${STEREO},volume=${spec.dubGainDb ?? 0}dB,${fit}`;
  const { background } = spec;
  if (background.kind === 'none') return `${dub}[mix]`;
  // async + first_pts: an original whose audio starts late (or has gaps) stays in sync with its picture.
  const retime = spec.slowdowns?.length
    ? `${audioRetimeFilter(spec.slowdowns, MIX_RATE)},`
    : `aresample=${MIX_RATE}:async=1:first_pts=0,`;
  const bed = `[1:a:0]${retime}${STEREO},volume=${spec.backgroundGainDb ?? 0}dB,${fit}`;
  // amerge + pan sums exactly; amix would rescale each input by 1/n and again when one ends.
  const sum = 'amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[mix]';
  if (background.kind === 'stem') return `${dub}[dub];${bed}[bed];[bed][dub]${sum}`;
  if (background.kind === 'duck-speech') {
    return [
      `${dub}[dub]`,
      `${bed}[bed]`,
      // The envelope (input 2) is already on the output timeline; pan copies it to both sides at full gain (an
      // automatic mono-to-stereo conversion would lower it by 3 dB).
      `[2:a:0]aresample=${MIX_RATE},pan=stereo|c0=c0|c1=c0,aformat=sample_fmts=fltp,atrim=0:${seconds}[gain]`,
      `[bed][gain]amultiply[ducked]`,
      `[ducked][dub]${sum}`,
    ].join(';');
  }
  const d = { ...DEFAULT_DUCKING, ...background.ducking };
  return [
    `${dub},asplit=2[dub][key]`,
    `${bed}[bed]`,
    // A hard compressor blended with the dry signal: the depth stays near depthDb whatever the voice's level.
    `[bed][key]sidechaincompress=threshold=${d.threshold}:ratio=20:attack=${d.attackMs}:release=${d.releaseMs}:detection=rms:mix=${duckingMix(d.depthDb).toFixed(4)}[ducked]`,
    `[ducked][dub]${sum}`,
  ].join(';');
}

/** sidechaincompress `mix`: the dry share (1 - mix) is what remains under fully compressed speech. */
export function duckingMix(depthDb: number): number {
  return Math.min(1, Math.max(0, 1 - 10 ** (-depthDb / 20)));
}

function inputArgs(spec: MixSpec): string[] {
  const args = ['-i', spec.dub, ...(spec.background.kind === 'none' ? [] : ['-i', spec.background.file])];
  if (spec.background.kind !== 'duck-speech') return args;
  if (!spec.envelopeFile) throw new Error('A duck-speech mix needs the envelope file (mixDub writes it).');
  return [...args, '-i', spec.envelopeFile];
}

/** What the log says played under the dub. */
export function backgroundDescription(background: MixBackground): string {
  switch (background.kind) {
    case 'stem':
      return `separated background${background.separator ? ` (${background.separator})` : ''} under the dub, original voice removed`;
    case 'duck-speech': {
      const depth = background.ducking?.depthDb ?? DEFAULT_SPEECH_DUCKING.depthDb;
      return (
        `original voice ducked by ${depth} dB where it speaks ` +
        `(VAD: ${background.detector}, ${background.regions.length} ` +
        `region${background.regions.length === 1 ? '' : 's'})`
      );
    }
    case 'duck':
      return 'original audio ducked under the dub';
    case 'none':
      return 'dub only (no original audio)';
  }
}

/** Pass 1: measure the mix's integrated loudness (ebur128 summary on stderr), writing nothing. */
export function loudnessScanArgs(spec: MixSpec): string[] {
  return [
    // info level: ebur128 prints its summary there (per-frame lines go to verbose, so they stay quiet).
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'info',
    '-y',
    '-progress',
    'pipe:1',
    '-nostats',
    ...inputArgs(spec),
    '-filter_complex',
    `${mixFilterGraph(spec)};[mix]ebur128=framelog=verbose[scanned]`,
    '-map',
    '[scanned]',
    '-f',
    'null',
    '-',
  ];
}

export interface LoudnessMeasurement {
  integratedLufs: number;
  lra: number;
}

/** The "Integrated loudness" and "Loudness range" of ebur128's summary. */
export function parseEbur128Summary(stderr: string): LoudnessMeasurement | undefined {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary);
  const range = /LRA:\s+(-?[\d.]+)\s+LU/.exec(summary);
  if (!integrated) return undefined;
  return {
    integratedLufs: integrated[1] === '-inf' ? -Infinity : Number(integrated[1]),
    lra: range ? Number(range[1]) : 0,
  };
}

/** Gain that brings the measured loudness to the target; silence (-inf, or under -70 LUFS) gets none. */
export function normalizationGainDb(measured: LoudnessMeasurement, target: LoudnessTarget): number {
  if (!Number.isFinite(measured.integratedLufs) || measured.integratedLufs < -70) return 0;
  return target.integratedLufs - measured.integratedLufs;
}

export type MixFormat = 'wav' | 'm4a';

/** Half a dB: well inside the ±1 LU a streaming loudness target allows. */
export const KEPT_GAIN_TOLERANCE_DB = 0.5;

/** Pass 2: the mix with a linear gain and a peak limiter, encoded to 48 kHz stereo WAV or AAC in m4a. */
export function mixArgs(
  spec: MixSpec,
  output: string,
  gainDb: number,
  target: LoudnessTarget = DEFAULT_LOUDNESS,
  format: MixFormat = 'wav',
): string[] {
  const limit = Math.min(1, Math.max(0.0625, 10 ** ((target.truePeakDb - 0.5) / 20)));
  // level=disabled: alimiter would otherwise re-normalize its output to the limit.
  const master = `[mix]volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit.toFixed(4)}:attack=5:release=50:level=disabled,aresample=${MIX_RATE}[out]`;
  return [
    ...ffmpegPreamble(),
    ...inputArgs(spec),
    '-filter_complex',
    `${mixFilterGraph(spec)};${master}`,
    '-map',
    '[out]',
    '-ar',
    String(MIX_RATE),
    '-ac',
    '2',
    ...(format === 'wav'
      ? ['-c:a', 'pcm_s16le', '-f', 'wav']
      : ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '-f', 'ipod']),
    output,
  ];
}

export interface MixRunOptions {
  target?: LoudnessTarget;
  /**
   * The gain an earlier mix of almost the same audio used (a project's last export): kept while the measured gain is
   * within KEPT_GAIN_TOLERANCE_DB of it, so every stretch the edit did not touch comes out the same, sample for sample.
   */
  keepGainDb?: number;
  format?: MixFormat;
  signal?: AbortSignal;
  /** 0..1 over both passes. */
  onProgress?: (fraction: number) => void;
  ffmpeg?: string;
}

export interface MixResult {
  output: string;
  measured: LoudnessMeasurement;
  gainDb: number;
  log: string[];
}

/**
 * Two passes over audio only: measure the mix (ebur128, fast), then write it with one linear gain and a
 * peak limiter. Chosen over ffmpeg's loudnorm, which resamples to 192 kHz and took 16 s per 10 minutes here.
 */
export async function mixDub(spec: MixSpec, output: string, options: MixRunOptions = {}): Promise<MixResult> {
  if (spec.background.kind !== 'duck-speech') return mixPasses(spec, output, options);
  const envelopeFile = spec.envelopeFile ?? path.join(path.dirname(output), `${path.basename(output)}.ducking.wav`);
  const { regions, ducking } = spec.background;
  await writeDuckingEnvelope(envelopeFile, duckedSpans(regions, spec.slowdowns, ducking), spec.durationMs, ducking);
  try {
    return await mixPasses({ ...spec, envelopeFile }, output, options);
  } finally {
    if (!spec.envelopeFile) await fs.rm(envelopeFile, { force: true });
  }
}

async function mixPasses(spec: MixSpec, output: string, options: MixRunOptions): Promise<MixResult> {
  const target = options.target ?? DEFAULT_LOUDNESS;
  const ffmpeg = options.ffmpeg ?? resolveMediaTools().ffmpeg;
  const durationSec = spec.durationMs / 1000;
  const progress = (offset: number) => (event: FfmpegProgressEvent) => {
    if (event.fraction !== null) options.onProgress?.(offset + event.fraction / 2);
  };
  let summary = '';
  const collect = (line: string): void => {
    // Only the summary matters; it follows the "Summary:" line at the end of the run.
    if (summary !== '' || line.includes('Summary:')) summary += `${line}\n`;
  };
  await runProcess(ffmpeg, loudnessScanArgs(spec), {
    toolName: 'ffmpeg',
    signal: options.signal,
    onStderrLine: collect,
    onStdoutLine: options.onProgress ? progressLines(durationSec, progress(0)) : undefined,
  });
  const measured = parseEbur128Summary(summary);
  if (!measured) throw new Error('ffmpeg ebur128 printed no loudness summary');
  const measuredGain = normalizationGainDb(measured, target);
  const kept =
    options.keepGainDb !== undefined && Math.abs(measuredGain - options.keepGainDb) <= KEPT_GAIN_TOLERANCE_DB;
  const gainDb = kept ? options.keepGainDb! : measuredGain;
  await runFfmpeg(mixArgs(spec, output, gainDb, target, options.format), {
    ffmpeg,
    signal: options.signal,
    durationSec,
    onProgress: options.onProgress ? progress(0.5) : undefined,
  });
  options.onProgress?.(1);
  const log = [
    `mix: ${backgroundDescription(spec.background)}; ` +
      `measured ${measured.integratedLufs.toFixed(1)} LUFS (LRA ${measured.lra.toFixed(1)} LU), ` +
      `gain ${gainDb >= 0 ? '+' : ''}${gainDb.toFixed(1)} dB ` +
      `to ${target.integratedLufs} LUFS${kept ? " (the last export's gain, kept)" : ''}, peaks limited to ${target.truePeakDb} dB`,
  ];
  return { output, measured, gainDb, log };
}

function progressLines(durationSec: number, onEvent: (event: FfmpegProgressEvent) => void): (line: string) => void {
  const parse = createProgressParser();
  return (line) => {
    const event = parse(line);
    if (event) onEvent({ ...event, fraction: progressFraction(event, durationSec) });
  };
}
