// Burns real subtitles with the bundled ffmpeg (libass) and looks at the pixels a viewer would see.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { buildAssDocument, fontPixels, type AssCue, type FrameSize } from '../../src/main/media/subtitles/ass.js';
import { burnSubtitlesArgs, writeAssFile } from '../../src/main/media/subtitles/burn.js';
import { prepareSubtitleBurn } from '../../src/main/media/subtitles/prepare-burn.js';
import {
  cjkFontAvailable,
  prepareFontconfig,
  resolveSubtitleFonts,
  type SubtitleFonts,
} from '../../src/main/media/subtitles/fonts.js';
import { BUILTIN_SUBTITLE_STYLES, type SubtitleStyle } from '../../src/shared/schemas/subtitle-styles.js';
import { makeMediaDir } from '../fixtures/media.js';

const styleOf = (id: string): SubtitleStyle => BUILTIN_SUBTITLE_STYLES.find((style) => style.id === id)!;
const CUES: AssCue[] = [
  { startMs: 500, endMs: 1500, text: 'Hello subtitles' },
  { startMs: 2000, endMs: 2800, text: 'Second cue' },
];
const DURING_FIRST_CUE = 1.0;
const BETWEEN_CUES = 1.75;

interface Frame extends FrameSize {
  pixels: Buffer;
}

/** Rows and columns holding pixels brighter (or darker) than a threshold, with their count. */
function extent(frame: Frame, test: (value: number) => boolean) {
  let count = 0;
  let top = Infinity;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      if (!test(frame.pixels[y * frame.width + x]!)) continue;
      count++;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return { count, top, bottom, left, right };
}

const bright = (value: number) => value > 160;

describe('burning subtitles with libass', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let ffmpeg: string;
  let fonts: SubtitleFonts;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-subtitles-'));
    ffmpeg = resolveMediaTools().ffmpeg;
    // Only the fonts DubDesk itself brings (and DUBDESK_FONTS_DIR): the result must not depend on this machine's fonts.
    fonts = resolveSubtitleFonts({ includeSystemFonts: false });
    env = { ...process.env, ...(await prepareFontconfig(path.join(dir, 'fontconfig'), fonts)) };
  });
  afterAll(() => cleanup());

  async function ffmpegRun(args: string[], options: { env?: NodeJS.ProcessEnv; captureStdout?: boolean } = {}) {
    return runProcess(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
      toolName: 'ffmpeg',
      ...options,
    });
  }

  /** A 3 s solid-colour video with a tone, like a dubbed render's input. */
  async function solidVideo(frame: FrameSize, colour: string): Promise<string> {
    const file = path.join(dir, `solid-${frame.width}x${frame.height}-${colour}.mp4`);
    await ffmpegRun([
      '-f',
      'lavfi',
      '-i',
      `color=c=${colour}:s=${frame.width}x${frame.height}:r=10:d=3`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
    return file;
  }

  /** Burns the cues into the video and returns the output file. */
  async function burn(
    input: string,
    name: string,
    document: string,
    options: { assDir?: string; fonts?: SubtitleFonts; env?: NodeJS.ProcessEnv } = {},
  ): Promise<string> {
    const assFile = await writeAssFile(options.assDir ?? dir, document, `${name}.ass`);
    const output = path.join(dir, `${name}.mp4`);
    const args = burnSubtitlesArgs({
      input,
      output,
      assFile,
      fontsDir: (options.fonts ?? fonts).primaryDir,
      preset: 'ultrafast',
    });
    await runProcess(ffmpeg, args, { toolName: 'ffmpeg', env: options.env ?? env });
    return output;
  }

  async function frameAt(file: string, seconds: number, size: FrameSize): Promise<Frame> {
    const { stdout } = await ffmpegRun(
      ['-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
      { captureStdout: true },
    );
    expect(stdout!.length).toBe(size.width * size.height);
    return { ...size, pixels: stdout! };
  }

  it('draws a landscape cue around 0.9 of the height, centred, only while the cue is on', async () => {
    const frame = { width: 640, height: 360 };
    const input = await solidVideo(frame, '0x202020');
    // A folder name with every character the filtergraph treats specially: the escaping must hold for real.
    const assDir = path.join(dir, "odd 'dir', with; [brackets] and: colon");
    const output = await burn(
      input,
      'landscape',
      buildAssDocument({ cues: CUES, style: styleOf('builtin:default'), frame }),
      { assDir },
    );

    const during = extent(await frameAt(output, DURING_FIRST_CUE, frame), bright);
    const fontPx = fontPixels(styleOf('builtin:default'), frame);
    expect(during.count).toBeGreaterThan(100);
    expect(during.bottom).toBeGreaterThan(0.9 * frame.height - fontPx);
    expect(during.bottom).toBeLessThanOrEqual(0.9 * frame.height + 2);
    expect(during.top).toBeGreaterThan(0.9 * frame.height - 2 * fontPx);
    expect(Math.abs((during.left + during.right) / 2 - frame.width / 2)).toBeLessThan(frame.width * 0.05);

    expect(extent(await frameAt(output, BETWEEN_CUES, frame), bright).count).toBe(0);
  });

  it('draws a portrait cue around 0.75 of the height by default', async () => {
    const frame = { width: 360, height: 640 };
    const input = await solidVideo(frame, '0x202020');
    const output = await burn(
      input,
      'portrait',
      buildAssDocument({ cues: CUES, style: styleOf('builtin:default'), frame }),
    );
    const during = extent(await frameAt(output, DURING_FIRST_CUE, frame), bright);
    const fontPx = fontPixels(styleOf('builtin:default'), frame);
    expect(during.count).toBeGreaterThan(100);
    expect(during.bottom).toBeGreaterThan(0.75 * frame.height - fontPx);
    expect(during.bottom).toBeLessThanOrEqual(0.75 * frame.height + 2);
    expect(during.top).toBeGreaterThan(0.75 * frame.height - 2 * fontPx);
  });

  it('puts the cue where subtitle_position_y says: its top edge at 0.2 of the height', async () => {
    const frame = { width: 640, height: 360 };
    const input = await solidVideo(frame, '0x202020');
    const output = await burn(
      input,
      'top',
      buildAssDocument({ cues: CUES, style: styleOf('builtin:default'), frame, positionY: 0.2 }),
    );
    const during = extent(await frameAt(output, DURING_FIRST_CUE, frame), bright);
    const fontPx = fontPixels(styleOf('builtin:default'), frame);
    expect(during.count).toBeGreaterThan(100);
    expect(during.top).toBeGreaterThanOrEqual(0.2 * frame.height - 2);
    expect(during.bottom).toBeLessThan(0.2 * frame.height + 1.5 * fontPx);
  });

  it('fills a box behind the text with the boxed style, and not with the outlined one', async () => {
    const frame = { width: 640, height: 360 };
    const input = await solidVideo(frame, '0x909090');
    const dark = (value: number) => value < 80;
    const boxed = extent(
      await frameAt(
        await burn(input, 'boxed', buildAssDocument({ cues: CUES, style: styleOf('builtin:boxed'), frame })),
        DURING_FIRST_CUE,
        frame,
      ),
      dark,
    );
    const outlined = extent(
      await frameAt(
        await burn(input, 'outlined', buildAssDocument({ cues: CUES, style: styleOf('builtin:default'), frame })),
        DURING_FIRST_CUE,
        frame,
      ),
      dark,
    );

    const boxArea = (boxed.right - boxed.left + 1) * (boxed.bottom - boxed.top + 1);
    // A filled box: most of the dark pixels' bounding rectangle is dark (text glyphs inside it are white).
    expect(boxed.count).toBeGreaterThan(boxArea * 0.6);
    expect(boxed.bottom).toBeLessThanOrEqual(0.9 * frame.height + 2);
    expect(boxed.count).toBeGreaterThan(outlined.count * 2);
  });

  it('renders CJK text as distinct glyphs with the bundled CJK font', async () => {
    // @fontsource/noto-sans-sc is a dependency: without it Chinese and Japanese subtitles would be empty boxes.
    expect(cjkFontAvailable(fonts)).toBe(true);
    const frame = { width: 640, height: 360 };
    const input = await solidVideo(frame, '0x202020');
    const render = async (name: string, text: string) => {
      const document = buildAssDocument({
        cues: [{ startMs: 0, endMs: 3000, text }],
        style: styleOf('builtin:default'),
        frame,
        language: 'zh',
      });
      return (await frameAt(await burn(input, name, document), DURING_FIRST_CUE, frame)).pixels;
    };
    const hello = await render('cjk-hello', '你好世界');
    const thanks = await render('cjk-thanks', '谢谢大家');
    expect(extent({ ...frame, pixels: hello }, bright).count).toBeGreaterThan(100);
    // Missing glyphs would all be drawn as the same empty box, so two different texts would look the same.
    expect(differingPixels(hello, thanks)).toBeGreaterThan(100);
  });

  it('draws the same empty boxes for any CJK text when no CJK font is there (what the check above tells apart)', async () => {
    const frame = { width: 640, height: 360 };
    const input = await solidVideo(frame, '0x202020');
    const latinOnly: SubtitleFonts = { primaryDir: fonts.primaryDir, dirs: [fonts.primaryDir] };
    const latinEnv = { ...process.env, ...(await prepareFontconfig(path.join(dir, 'fontconfig-latin'), latinOnly)) };
    const render = async (name: string, text: string) => {
      const document = buildAssDocument({
        cues: [{ startMs: 0, endMs: 3000, text }],
        style: styleOf('builtin:default'),
        frame,
        language: 'zh',
      });
      return (
        await frameAt(await burn(input, name, document, { fonts: latinOnly, env: latinEnv }), DURING_FIRST_CUE, frame)
      ).pixels;
    };
    expect(cjkFontAvailable(latinOnly)).toBe(false);
    expect(
      differingPixels(await render('tofu-hello', '你好世界'), await render('tofu-thanks', '谢谢大家')),
    ).toBeLessThan(20);
  });

  it('prepareSubtitleBurn hands the render a filter and environment that draw the cues, and flags a missing CJK font', async () => {
    const frame = { width: 640, height: 360 };
    const workDir = path.join(dir, 'job-1');
    const latinOnly: SubtitleFonts = { primaryDir: fonts.primaryDir, dirs: [fonts.primaryDir] };
    const burnPlan = await prepareSubtitleBurn({
      cues: CUES,
      style: styleOf('builtin:default'),
      frame,
      workDir,
      fontconfigDir: path.join(dir, 'fontconfig-plan'),
      fonts: latinOnly,
    });
    expect(path.dirname(burnPlan.assFile)).toBe(workDir);
    expect(burnPlan.missingCjkFont).toBe(false);
    const { stdout } = await runProcess(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `color=c=0x202020:s=${frame.width}x${frame.height}:r=10:d=2`,
        '-vf',
        `${burnPlan.filter},trim=start=1,setpts=PTS-STARTPTS`,
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gray',
        'pipe:1',
      ],
      { toolName: 'ffmpeg', captureStdout: true, env: { ...process.env, ...burnPlan.env } },
    );
    const during = extent({ ...frame, pixels: stdout! }, bright);
    expect(during.count).toBeGreaterThan(100);
    expect(during.bottom).toBeLessThanOrEqual(0.9 * frame.height + 2);

    const chinese = await prepareSubtitleBurn({
      cues: [{ startMs: 0, endMs: 1000, text: '你好' }],
      style: styleOf('builtin:default'),
      frame,
      workDir,
      fontconfigDir: path.join(dir, 'fontconfig-plan'),
      fonts: latinOnly,
      language: 'zh',
    });
    expect(chinese.missingCjkFont).toBe(true);
  });

  it('keeps the fonts.conf as it is when the font folders did not change', async () => {
    const fontconfigDir = path.join(dir, 'fontconfig');
    const before = await fs.stat(path.join(fontconfigDir, 'fonts.conf'));
    await prepareFontconfig(fontconfigDir, fonts);
    expect((await fs.stat(path.join(fontconfigDir, 'fonts.conf'))).mtimeMs).toBe(before.mtimeMs);
  });
});

function differingPixels(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 64) count++;
  return count;
}
