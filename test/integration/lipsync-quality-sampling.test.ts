// The quality check reads 1 frame in n through ffmpeg's fps filter; which frame that is must be known exactly, or
// each mouth opening would be paired with the loudness of another moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrames } from '../../src/main/media/frames.js';
import { sampledFrame } from '../../src/main/quality/lipsync/mouth-samples.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';

let media: { dir: string; cleanup: () => Promise<void> };
let video: string;
const every: Buffer[] = [];

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-lipsync-sampling-');
  // testsrc2 draws a moving pattern and a frame counter, so no two frames are alike.
  video = await makeVideo(media.dir, { durationSec: 3, width: 160, height: 120, fps: 25, withAudio: false });
  for await (const frame of readFrames(video, { pixelFormat: 'gray' })) every.push(frame.data);
});

afterAll(async () => {
  await media?.cleanup();
});

describe('frames read 1 in n', () => {
  it.each([2, 3, 4, 5, 12, 23])('1 in %i: output k is frame sampledFrame(k, n) of the full decode', async (n) => {
    expect(new Set(every.map((frame) => frame.toString('base64'))).size).toBe(every.length);
    const shown: number[] = [];
    for await (const frame of readFrames(video, { pixelFormat: 'gray', fps: 25 / n }))
      shown.push(every.findIndex((candidate) => candidate.equals(frame.data)));
    const expected = shown.map((_, k) => sampledFrame(k, n));
    expect(shown.slice(0, -1)).toEqual(expected.slice(0, -1));
    // The last slot may be cut short by the clip's end: it shows the clip's last frame then.
    expect(shown.at(-1)).toBe(Math.min(every.length - 1, expected.at(-1)!));
  });
});
