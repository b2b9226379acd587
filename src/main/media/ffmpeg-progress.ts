/** One `-progress` report of ffmpeg; a report ends with a `progress=continue|end` line. */
export interface FfmpegProgress {
  /** Output position in seconds; null before the first frame (ffmpeg then prints N/A or a negative time). */
  outTimeSec: number | null;
  /** Encoding speed as a multiple of real time; null when ffmpeg reports N/A. */
  speed: number | null;
  /** Frames written so far; null for audio-only outputs. */
  frame: number | null;
  done: boolean;
}

/** Turns `key=value` lines of `ffmpeg -progress pipe:1` into one event per finished report. */
export function createProgressParser(): (line: string) => FfmpegProgress | null {
  let fields = new Map<string, string>();
  return (line) => {
    const separator = line.indexOf('=');
    if (separator <= 0) return null;
    const key = line.slice(0, separator).trim();
    const value = line.slice(separator + 1).trim();
    if (key !== 'progress') {
      fields.set(key, value);
      return null;
    }
    const event = toProgress(fields, value === 'end');
    fields = new Map();
    return event;
  };
}

/** Parses a whole text of reports (e.g. a captured stdout) into its events. */
export function parseProgressText(text: string): FfmpegProgress[] {
  const parse = createProgressParser();
  const events: FfmpegProgress[] = [];
  for (const line of text.split(/\r\n|\n|\r/)) {
    const event = parse(line);
    if (event) events.push(event);
  }
  return events;
}

function toProgress(fields: Map<string, string>, done: boolean): FfmpegProgress {
  return {
    outTimeSec: outTimeOf(fields),
    speed: numberOrNull(fields.get('speed')?.replace(/x$/, '')),
    frame: fields.has('frame') ? numberOrNull(fields.get('frame')) : null,
    done,
  };
}

function outTimeOf(fields: Map<string, string>): number | null {
  // ffmpeg 4.x prints microseconds under both out_time_us and (misnamed) out_time_ms.
  const micros = numberOrNull(fields.get('out_time_us') ?? fields.get('out_time_ms'));
  const seconds = micros !== null ? micros / 1e6 : clockToSeconds(fields.get('out_time'));
  return seconds === null || seconds < 0 ? null : seconds;
}

/** `HH:MM:SS.ffffff` -> seconds; null for N/A or anything else. */
export function clockToSeconds(value: string | undefined): number | null {
  const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value ?? '');
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] ? -seconds : seconds;
}

function numberOrNull(value: string | undefined): number | null {
  if (value === undefined || value === '' || value === 'N/A') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Fraction 0..1 of an output of known duration; null when the duration is unknown. A finished run is 1. */
export function progressFraction(
  event: Pick<FfmpegProgress, 'outTimeSec' | 'done'>,
  durationSec: number | undefined,
): number | null {
  if (event.done) return 1;
  if (durationSec === undefined || !(durationSec > 0)) return null;
  if (event.outTimeSec === null) return 0;
  return Math.min(1, Math.max(0, event.outTimeSec / durationSec));
}
