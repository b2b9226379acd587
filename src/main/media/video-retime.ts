// align_video: slow chosen segments of the video and its original audio so a long dubbed line fits
// without over-speeding the voice. Pure time map and filter builders, plus one runner.
import { ffmpegPreamble, h264EncodeArgs } from './ffmpeg-args.js';
import { runFfmpeg, type FfmpegProgressEvent } from './run-ffmpeg.js';

/** A source-timeline span played `factor` times slower (factor > 1: the output lasts (toMs - fromMs) · factor). */
export interface SlowdownSegment {
  fromMs: number;
  toMs: number;
  factor: number;
}

/** Source time <-> output time once the segments are slowed; every other span keeps its speed. */
export interface TimeMap {
  segments: readonly SlowdownSegment[];
  /** Total time the slowdowns add. */
  addedMs: number;
  toOutputMs(sourceMs: number): number;
  toSourceMs(outputMs: number): number;
}

/** Validates the segments (sorted, disjoint, factor >= 1) and builds the piecewise-linear map. */
export function createTimeMap(segments: readonly SlowdownSegment[]): TimeMap {
  const sorted = [...segments]
    .filter((segment) => segment.factor !== 1 && segment.toMs > segment.fromMs)
    .sort((a, b) => a.fromMs - b.fromMs);
  sorted.forEach((segment, i) => {
    if (!(segment.factor >= 1) || !Number.isFinite(segment.factor))
      throw new RangeError(`slowdown factor must be >= 1, got ${segment.factor}`);
    if (segment.fromMs < 0) throw new RangeError(`slowdown segment starts before 0 ms (${segment.fromMs})`);
    if (i > 0 && segment.fromMs < sorted[i - 1].toMs)
      throw new RangeError(`slowdown segments overlap at ${segment.fromMs} ms`);
  });
  const added = (segment: SlowdownSegment): number => (segment.toMs - segment.fromMs) * (segment.factor - 1);
  return {
    segments: sorted,
    addedMs: sorted.reduce((sum, segment) => sum + added(segment), 0),
    toOutputMs(sourceMs) {
      let shift = 0;
      for (const segment of sorted) {
        if (sourceMs <= segment.fromMs) break;
        shift += (Math.min(sourceMs, segment.toMs) - segment.fromMs) * (segment.factor - 1);
      }
      return sourceMs + shift;
    },
    toSourceMs(outputMs) {
      let shift = 0;
      for (const segment of sorted) {
        const outFrom = segment.fromMs + shift;
        if (outputMs <= outFrom) break;
        const outTo = outFrom + (segment.toMs - segment.fromMs) * segment.factor;
        if (outputMs < outTo) return segment.fromMs + (outputMs - outFrom) / segment.factor;
        shift += added(segment);
      }
      return outputMs - shift;
    },
  };
}

const seconds = (ms: number): string => (ms / 1000).toFixed(6).replace(/\.?0+$/, '') || '0';

/**
 * Video chain: one setpts expression (output = T + the time each earlier or current slowed span adds),
 * then fps to duplicate frames so the slowed spans keep the frame rate. Streams: no trim/concat buffering.
 */
export function videoRetimeFilter(segments: readonly SlowdownSegment[], fps: string | number): string {
  const map = createTimeMap(segments);
  if (map.segments.length === 0) return 'null';
  const terms = map.segments.map(
    (s) => `${(s.factor - 1).toFixed(6)}*min(max(T-${seconds(s.fromMs)},0),${seconds(s.toMs - s.fromMs)})`,
  );
  return `setpts=PTS-STARTPTS,setpts='(T+${terms.join('+')})/TB',fps=fps=${fps}`;
}

/** How many atempo stages a slowdown needs: ffmpeg 4.1's atempo accepts tempos from 0.5 to 2. */
function tempoStages(factor: number): number {
  return Math.max(1, Math.ceil(Math.log(factor) / Math.log(2) - 1e-9));
}

/**
 * Audio chain: 10 ms frames so commands land on time, asendcmd switching chained atempo filters to
 * 1/factor for each slowed span and back to 1 after it (pitch kept; accurate to about one frame).
 */
export function audioRetimeFilter(segments: readonly SlowdownSegment[], sampleRate = 48000): string {
  const map = createTimeMap(segments);
  if (map.segments.length === 0) return 'anull';
  const stages = Math.max(...map.segments.map((s) => tempoStages(s.factor)));
  const names = Array.from({ length: stages }, (_, i) => `atempo@retime${i}`);
  const set = (tempo: number, count: number): string =>
    names.map((name, i) => `${name} tempo ${(i < count ? tempo : 1).toFixed(6)}`).join(',');
  const commands = map.segments.flatMap((s, i) => {
    const count = tempoStages(s.factor);
    const tempo = (1 / s.factor) ** (1 / count);
    const start = `${seconds(s.fromMs)} ${set(tempo, count)}`;
    // Back-to-back spans: the next span's own command follows at the same instant, so no reset in between.
    const next = map.segments[i + 1];
    return next && next.fromMs === s.toMs ? [start] : [start, `${seconds(s.toMs)} ${set(1, stages)}`];
  });
  return [
    // Silence-fill to time 0 (and over gaps), so the command times below are media times.
    `aresample=${sampleRate}:async=1:first_pts=0`,
    `asetnsamples=n=${Math.round(sampleRate / 100)}`,
    `asendcmd=c='${commands.join(';')}'`,
    ...names.map((name) => `${name}=tempo=1`),
  ].join(',');
}

export interface RetimeVideoOptions {
  input: string;
  output: string;
  segments: readonly SlowdownSegment[];
  /** The input's frame rate (probe's r_frame_rate, e.g. "30000/1001"). */
  fps: string | number;
  /** false for a video without an audio track. */
  withAudio?: boolean;
  /** x264 preset; the final render re-encodes anyway, so intermediates favour speed. */
  preset?: string;
}

/** input -> output (mp4, x264 + AAC) with the segments slowed in both picture and sound. */
export function retimeVideoArgs(options: RetimeVideoOptions): string[] {
  const withAudio = options.withAudio ?? true;
  const graph = [`[0:v:0]${videoRetimeFilter(options.segments, options.fps)}[v]`];
  if (withAudio) graph.push(`[0:a:0]${audioRetimeFilter(options.segments)}[a]`);
  return [
    ...ffmpegPreamble(),
    '-i',
    options.input,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[v]',
    ...(withAudio ? ['-map', '[a]'] : []),
    ...h264EncodeArgs(options.preset),
    ...(withAudio ? ['-c:a', 'aac', '-b:a', '192k'] : []),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    options.output,
  ];
}

export interface RetimeRunOptions {
  signal?: AbortSignal;
  /** Input duration, to turn progress into a fraction of the (longer) output. */
  sourceDurationMs?: number;
  onProgress?: (event: FfmpegProgressEvent) => void;
}

export async function retimeVideo(options: RetimeVideoOptions, run: RetimeRunOptions = {}): Promise<void> {
  const addedMs = createTimeMap(options.segments).addedMs;
  await runFfmpeg(retimeVideoArgs(options), {
    signal: run.signal,
    onProgress: run.onProgress,
    durationSec: run.sourceDurationMs !== undefined ? (run.sourceDurationMs + addedMs) / 1000 : undefined,
  });
}
