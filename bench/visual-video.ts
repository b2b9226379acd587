// The visual translate bench's video: a moving 720p test picture with English subtitles in a bottom band and a title
// top-left, re-encoded as a camera file would be, with a tone as audio (shared by the bench and its profiling script).
import path from 'node:path';
import { ffmpegBaseArgs } from '../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../src/main/media/run-process.js';
import { makeTextVideo, type ShownText } from '../test/fixtures/text-video.js';

export const WIDTH = 1280;
export const HEIGHT = 720;
export const FPS = 25;
/** One subtitle starts every this many ms. */
const SUBTITLE_EVERY_MS = 4000;
// Short sentences Apertium eng-spa translates cleanly, so the output can be judged by eye.
const SUBTITLES = [
  'The house is big',
  'Hello my friend',
  'Good morning',
  'Thank you very much',
  'The red car',
  'The dog is small',
  'My sister is happy',
  'The city is beautiful',
  'The white house',
  'Today is Monday',
];
const TITLE = 'The black cat';

/** ~one subtitle every 4 s, each 2-3.4 s long, centred in the bottom band; the title top-left throughout. */
function shownTexts(durationSec: number): ShownText[] {
  const count = Math.floor((durationSec * 1000) / SUBTITLE_EVERY_MS);
  const subtitles = Array.from({ length: count }, (_, i): ShownText => {
    const startMs = i * SUBTITLE_EVERY_MS + 400;
    return {
      text: SUBTITLES[i % SUBTITLES.length]!,
      startMs,
      endMs: startMs + 2000 + (i % 8) * 200,
      x: '(w-text_w)/2',
      y: 'h-text_h-50',
      fontSize: 40,
      colour: 'white',
    };
  });
  return [
    { text: TITLE, startMs: 0, endMs: durationSec * 1000, x: '30', y: '30', fontSize: 44, colour: 'yellow' },
    ...subtitles,
  ];
}

/** The text video re-encoded as a camera file would be (x264 veryfast CRF 23) with a tone as audio (not timed). */
export async function makeBenchVideo(dir: string, durationSec: number): Promise<{ file: string; texts: ShownText[] }> {
  const { ffmpeg } = resolveMediaTools();
  const made = await makeTextVideo(dir, {
    texts: shownTexts(durationSec),
    width: WIDTH,
    height: HEIGHT,
    fps: FPS,
    durationSec,
    name: 'silent.mp4',
  });
  const file = path.join(dir, 'news-720p.mp4');
  await runProcess(
    ffmpeg,
    [
      ...ffmpegBaseArgs(),
      '-y',
      '-i',
      made.file,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${durationSec}`,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-shortest',
      file,
    ],
    { toolName: 'ffmpeg' },
  );
  return { file, texts: made.texts };
}
