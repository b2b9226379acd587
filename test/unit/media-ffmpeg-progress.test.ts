import { describe, expect, it } from 'vitest';
import {
  clockToSeconds,
  createProgressParser,
  parseProgressText,
  progressFraction,
} from '../../src/main/media/ffmpeg-progress.js';

// Two reports as ffmpeg 4.1 prints them with `-progress pipe:1` (out_time_ms is really microseconds).
const VIDEO_REPORTS = `frame=12
fps=0.00
stream_0_0_q=28.0
bitrate=N/A
total_size=48
out_time_us=400000
out_time_ms=400000
out_time=00:00:00.400000
dup_frames=0
drop_frames=0
speed=0.8x
progress=continue
frame=25
fps=24.50
stream_0_0_q=-1.0
bitrate=  98.3kbits/s
total_size=12288
out_time_us=1000000
out_time_ms=1000000
out_time=00:00:01.000000
dup_frames=0
drop_frames=0
speed=0.98x
progress=end
`;

describe('ffmpeg progress parser', () => {
  it('emits one event per report with out time, speed, frame and the end flag', () => {
    expect(parseProgressText(VIDEO_REPORTS)).toEqual([
      { outTimeSec: 0.4, speed: 0.8, frame: 12, done: false },
      { outTimeSec: 1, speed: 0.98, frame: 25, done: true },
    ]);
  });

  it('handles audio-only reports, N/A values and the negative start time', () => {
    const text =
      'bitrate=N/A\ntotal_size=N/A\nout_time_us=-9223372036854775807\nout_time=-2562047788:00:54.775807\nspeed=N/A\nprogress=continue\n';
    expect(parseProgressText(text)).toEqual([{ outTimeSec: null, speed: null, frame: null, done: false }]);
  });

  it('falls back to the clock field and works line by line with CRLF', () => {
    const parse = createProgressParser();
    const events = ['out_time=00:01:02.500000\r', 'speed=2x\r', 'progress=continue\r'].map((line) =>
      parse(line.replace(/\r$/, '')),
    );
    expect(events).toEqual([null, null, { outTimeSec: 62.5, speed: 2, frame: null, done: false }]);
  });

  it('does not carry fields from one report into the next', () => {
    const events = parseProgressText('frame=5\nout_time_us=200000\nprogress=continue\nspeed=1x\nprogress=continue\n');
    expect(events[1]).toEqual({ outTimeSec: null, speed: 1, frame: null, done: false });
  });

  it('converts clock strings', () => {
    expect(clockToSeconds('01:00:00.250000')).toBe(3600.25);
    expect(clockToSeconds('N/A')).toBeNull();
    expect(clockToSeconds(undefined)).toBeNull();
  });
});

describe('progressFraction', () => {
  it('is out time over duration, clamped to 0..1, 1 when done, null without a duration', () => {
    expect(progressFraction({ outTimeSec: 2.5, done: false }, 10)).toBe(0.25);
    expect(progressFraction({ outTimeSec: 12, done: false }, 10)).toBe(1);
    expect(progressFraction({ outTimeSec: null, done: false }, 10)).toBe(0);
    expect(progressFraction({ outTimeSec: 3, done: true }, 10)).toBe(1);
    expect(progressFraction({ outTimeSec: 3, done: false }, undefined)).toBeNull();
    expect(progressFraction({ outTimeSec: 3, done: false }, 0)).toBeNull();
  });
});
