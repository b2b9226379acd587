// The visual render with OpenCV passes only the tiles around the texts through JS and lets ffmpeg lay them back on the
// untouched frames. Encoded losslessly, it gives every pixel of every frame that erasing whole frames gives, and
// outside the tiles the picture is the input's own decode.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenCvInpainter } from '../../src/main/engines/inpaint/opencv-inpaint.js';
import { renderTextVideo, tilesFor } from '../../src/main/engines/inpaint/video-text/render-text-video.js';
import type { EraseSpan } from '../../src/main/engines/inpaint/video-text/text-eraser.js';
import { readFrames } from '../../src/main/media/frames.js';
import type { Inpainter } from '../../src/main/engines/inpaint/types.js';
import { makeMediaDir } from '../fixtures/media.js';
import { makeTextVideo, type ShownText } from '../fixtures/text-video.js';

const FPS = 25;
const WIDTH = 640;
const HEIGHT = 360;
// RGB losslessly: any difference in the pictures shows as a difference in the decoded bytes.
const LOSSLESS = ['-c:v', 'libx264rgb', '-preset', 'ultrafast', '-qp', '0'];

const TEXTS: ShownText[] = [
  // A title alone, then two subtitles close enough together that their tiles merge into one.
  { text: 'Opening title', startMs: 0, endMs: 1200, x: '(w-text_w)/2', y: '30', fontSize: 28, colour: 'white' },
  { text: 'First line here', startMs: 400, endMs: 2600, x: '(w-text_w)/2', y: 'h-100', fontSize: 24, colour: 'yellow' },
  { text: 'and the second', startMs: 1000, endMs: 2600, x: '(w-text_w)/2', y: 'h-64', fontSize: 24, colour: 'white' },
];

describe('the tiled visual render', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let input: string;
  let spans: EraseSpan[];

  beforeAll(async () => {
    media = await makeMediaDir();
    const made = await makeTextVideo(media.dir, { texts: TEXTS, durationSec: 3, fps: FPS, name: 'titles.mp4' });
    input = made.file;
    spans = made.texts.map((shown) => ({
      startFrame: Math.round((shown.startMs / 1000) * FPS),
      endFrame: Math.ceil((shown.endMs / 1000) * FPS) - 1,
      box: shown.box!,
    }));
  }, 60_000);
  afterAll(async () => {
    await media?.cleanup();
  });

  const render = (inpainter: Inpainter, name: string) =>
    renderTextVideo({
      input,
      output: path.join(media.dir, name),
      spans,
      inpainter,
      encode: LOSSLESS,
      signal: new AbortController().signal,
    }).then((stats) => ({ file: path.join(media.dir, name), stats }));

  it('gives the same frames as erasing whole frames, and the input itself outside its tiles', async () => {
    const opencv = createOpenCvInpainter();
    // A wrapper may look anywhere in the frame, so it is given whole frames.
    const wrapped: Inpainter = { ...opencv };
    const tiles = tilesFor(spans, { width: WIDTH, height: HEIGHT }, opencv)!;
    expect(tiles.map((tile) => tile.spans.length).sort()).toEqual([1, 2]);
    expect(tilesFor(spans, { width: WIDTH, height: HEIGHT }, wrapped)).toBeUndefined();

    const tiled = await render(opencv, 'tiled.mkv');
    const whole = await render(wrapped, 'whole.mkv');
    expect(tiled.stats.inpaintCalls).toBeGreaterThan(0);
    expect({ ...tiled.stats }).toEqual({ ...whole.stats });

    const options = { pixelFormat: 'rgb24' as const, signal: new AbortController().signal };
    const inTile = (x: number, y: number) =>
      tiles.some(
        ({ region }) => x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height,
      );
    const tiledFrames = readFrames(tiled.file, options)[Symbol.asyncIterator]();
    const sourceFrames = readFrames(input, options)[Symbol.asyncIterator]();
    let frames = 0;
    let differing = 0;
    let changedOutsideTiles = 0;
    let changedInsideTiles = 0;
    for await (const frame of readFrames(whole.file, options)) {
      const fromTiles = (await tiledFrames.next()).value!.data;
      const source = (await sourceFrames.next()).value!.data;
      frames += 1;
      if (!frame.data.equals(fromTiles)) differing += 1;
      for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel += 1) {
        const at = pixel * 3;
        const same =
          source[at] === fromTiles[at] && source[at + 1] === fromTiles[at + 1] && source[at + 2] === fromTiles[at + 2];
        if (same) continue;
        if (inTile(pixel % WIDTH, Math.floor(pixel / WIDTH))) changedInsideTiles += 1;
        else changedOutsideTiles += 1;
      }
    }
    expect(frames).toBe(3 * FPS);
    expect((await tiledFrames.next()).done).toBe(true);
    expect(differing).toBe(0);
    expect(changedOutsideTiles).toBe(0);
    // The texts were erased: thousands of pixels changed where they were.
    expect(changedInsideTiles).toBeGreaterThan(10_000);
  }, 180_000);
});
