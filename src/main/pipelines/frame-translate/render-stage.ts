import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { stagedPath } from '../staged-inputs.js';
import { readProjectSnapshot } from '../project-snapshot.js';
import { outputBaseName } from '../translate/output-names.js';
import type { TranslateDeps } from '../translate/types.js';
import type { Stage, StageContext } from '../types.js';
import { prepareTranslatedTextDrawing } from '../../media/text-drawing/prepare-drawing.js';
import { textAlignment, type TextToDraw } from '../../media/text-drawing/translated-text-ass.js';
import { frameTranslateOutput } from './outputs.js';
import { projectBlocks } from './project-blocks.js';
import { isRedrawn } from './redrawn-blocks.js';
import { renderTextVideo, type RenderedTextVideo } from '../../engines/inpaint/video-text/render-text-video.js';
import { renderTextVideoChunked, RENDER_CHUNK_SECONDS } from '../../engines/inpaint/video-text/render-chunks.js';
import { assDrawnBetween } from '../../media/chunked-video.js';
import { ERASE_SAMPLES_DIR } from '../../engines/inpaint/video-text/erase-sample-files.js';
import { eraseSpanOf, scaleBox } from '../../engines/inpaint/video-text/erase-spans.js';
import type { EraseSpan } from '../../engines/inpaint/video-text/text-eraser.js';
import type { FrameTranslateRequest, RenderedScreenText, TextBlock } from './types.js';
import { plannedFrameEngine } from './planned-step.js';

const WHITE: [number, number, number] = [255, 255, 255];

type FrameSize = { width: number; height: number };

/** Containers that take an H.264 video beside the input's audio as it is; others become Matroska. */
const KEPT_CONTAINERS = new Set(['.mp4', '.mov', '.m4v', '.mkv']);

/** Every line of every block that has a different translation to draw in its place, as a span of frames to erase. */
export function eraseSpans(
  blocks: readonly TextBlock[],
  fps: number,
  from: FrameSize,
  display: FrameSize,
): EraseSpan[] {
  return blocks.filter(isRedrawn).flatMap((block) => block.lines.map((line) => eraseSpanOf(line, fps, from, display)));
}

/** Each block's translation in its box, in its first line's colours, shown on exactly the frames the original was. */
export function textsToDraw(
  blocks: readonly TextBlock[],
  fps: number,
  from: FrameSize,
  display: FrameSize,
): TextToDraw[] {
  // ASS times are centiseconds: half a frame early on both ends keeps each frame's timestamp inside the right event.
  const halfFrameMs = 500 / fps;
  return blocks.filter(isRedrawn).map((block) => {
    const box = scaleBox(block.box, from, display);
    const colours = block.lines.find((line) => line.colours)?.colours;
    return {
      startMs: Math.max(0, block.startMs - halfFrameMs),
      endMs: block.endMs - halfFrameMs,
      box,
      text: block.targetText,
      fillRgb: colours?.fillRgb ?? WHITE,
      ...(colours?.outlineRgb ? { outlineRgb: colours.outlineRgb } : {}),
      align: textAlignment(box, display),
      lines: block.lines.length,
      bold: colours?.bold ?? false,
    };
  });
}

/** The translate-text stage's blocks, or in a task exported from a project, the project's lines. */
async function blocksToRender(
  translated: readonly TextBlock[],
  frame: FrameSize,
  ctx: StageContext,
): Promise<readonly TextBlock[]> {
  const snapshot = await readProjectSnapshot(ctx.workDir);
  if (!snapshot) return translated;
  const fromProject = projectBlocks(snapshot.lines, translated, frame);
  ctx.log(`drawing the project's ${fromProject.blocks.length} lines, ${fromProject.edited} of them edited`);
  if (fromProject.unmatched > 0)
    ctx.log(
      `${fromProject.unmatched} project lines match no text found in the video: drawn without erasing anything`,
      'warn',
    );
  return fromProject.blocks;
}

/** processing: one pass over the video: the original text erased, its translation drawn in its place, audio copied. */
export function renderStage(
  deps: Pick<TranslateDeps, 'engines' | 'fontconfigDir' | 'media'>,
): Stage<FrameTranslateRequest> {
  return {
    name: 'render',
    label: 'Rendering the translated video',
    status: 'processing',
    weight: 6,
    async run(input, ctx) {
      const { request, outputs } = input;
      const video = frameTranslateOutput(outputs, 'fetch-inputs').inputs.video_url!;
      const found = frameTranslateOutput(outputs, 'find-text');
      const translated = frameTranslateOutput(outputs, 'translate-text');
      const blocks = await blocksToRender(translated.blocks, translated.frame, ctx);
      const display = found.display;
      const inpainter = deps.engines.planned(
        'inpainters',
        plannedFrameEngine(input, deps.engines, 'render'),
        'Erasing on-screen text',
      );
      const drawing = await prepareTranslatedTextDrawing({
        texts: textsToDraw(blocks, found.frame.fps, found.frame, display),
        frame: display,
        language: request.target_language,
        workDir: path.join(ctx.workDir, 'drawing'),
        fontconfigDir: deps.fontconfigDir,
      });
      if (drawing.missingCjkFont)
        ctx.log('no Chinese/Japanese/Korean font is installed: those characters will show as boxes', 'warn');
      const extension = path.extname(video.name).toLowerCase();
      const container = KEPT_CONTAINERS.has(extension) ? extension : '.mkv';
      const relative = path.join('output', `${outputBaseName(video.name, request.target_language)}${container}`);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const spans = eraseSpans(blocks, found.frame.fps, found.frame, display);
      const redrawn = blocks.filter(isRedrawn).length;
      ctx.log(
        `erasing ${spans.length} lines of text with ${inpainter.title} and drawing ${redrawn} ` +
          `translations; ${blocks.length - redrawn} texts left as they were (no translation, or one ` +
          `equal to the source)`,
      );
      // The check-quality stage judges the erase on these samples: a render again (an export) replaces them all.
      const samplesDir = path.join(ctx.workDir, ERASE_SAMPLES_DIR);
      await rm(samplesDir, { recursive: true, force: true });
      await mkdir(samplesDir, { recursive: true });
      const render = {
        input: stagedPath(ctx.workDir, video),
        output: path.join(ctx.workDir, relative),
        spans,
        inpainter,
        samplesDir,
        overlay: { filter: drawing.filter, env: drawing.env },
        signal: ctx.signal,
        onProgress: ctx.progress,
        ffmpeg: deps.media.ffmpeg,
      };
      // An export from a project renders again only the chunks whose texts changed since its last export.
      const project = await readProjectSnapshot(ctx.workDir);
      let rendered: RenderedTextVideo;
      if (project) {
        const chunked = await renderTextVideoChunked({
          ...render,
          cacheDir: project.encodedVideoCache,
          drawnBetween: assDrawnBetween(await readFile(drawing.assFile, 'utf8')),
        });
        ctx.log(
          `video rendered in ${chunked.chunks} chunks of about ${RENDER_CHUNK_SECONDS} ` +
            `s, ${chunked.chunks - chunked.rendered} of them reused from the project's last export`,
        );
        rendered = chunked;
      } else {
        rendered = await renderTextVideo(render);
      }
      ctx.log(
        `${rendered.frames} frames rendered, ${rendered.erasedFrames} with text erased ` +
          `(${rendered.inpaintCalls} fills, ${rendered.reusedFills} held steady)`,
      );
      return { video: relative, engine: inpainter.title } satisfies RenderedScreenText;
    },
  };
}
