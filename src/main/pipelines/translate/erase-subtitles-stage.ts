import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { renderTextVideo } from '../../engines/inpaint/video-text/render-text-video.js';
import { readScreenText, type ScreenTextRead } from '../../engines/ocr/video-text/screen-text.js';
import { eraseSpanOf, scaleBox } from '../../engines/inpaint/video-text/erase-spans.js';
import type { Stage } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import { wantedOutputs } from './wanted-outputs.js';
import { knownSourceLanguage } from './lines.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { bandAround, bandPositionY, subtitleBand } from '../../dubbing/subtitle-band.js';
import type { ErasedSubtitles, TranslateDeps, TranslateRequest } from './types.js';

import { plannedEngineOf, replannedForLanguage } from './planned-step.js';

export const NO_SUBTITLES_TO_REPLACE = 'no_subtitles_to_replace';

/**
 * rendering (subtitle_mode replace): the subtitles burned into the video are erased for its whole length, into a
 * video-only file the export burns the new ones on, at the old ones' height. They are the texts read in
 * ocr_text_box, or found on the whole frame (subtitleBand). None found: a warning, and export adds the new ones.
 */
export function eraseSubtitlesStage(deps: Pick<TranslateDeps, 'engines' | 'media'>): Stage<TranslateRequest> {
  return {
    name: 'erase-subtitles',
    label: 'Erasing the original subtitles',
    status: 'rendering',
    weight: 3,
    skip: ({ request, outputs }) => {
      if (request.subtitle_mode !== 'replace') return 'subtitle_mode is not replace';
      const prepared = translateOutput(outputs, 'prepare-media');
      if (!wantedOutputs(request.export_type, prepared.media.hasVideo).video) return 'no video is exported';
      return undefined;
    },
    async run(input, ctx) {
      const { request, outputs } = input;
      const prepared = translateOutput(outputs, 'prepare-media');
      const file = resolveWorkPath(ctx.workDir, prepared.media.path);
      const screen = skippableOutput(outputs, 'read-screen-text');
      let band;
      let found: ScreenTextRead;
      if (screen) {
        // The texts read inside ocr_text_box are the subtitles: erase exactly those, no second pass.
        band = bandAround(screen.events, screen.frame);
        found = screen;
        ctx.log(`erasing the ${screen.events.length} texts read in ocr_text_box`);
      } else {
        const known = knownSourceLanguage(request, outputs);
        // Finding where text is needs no language; reading it (to keep only real text) needs one, Latin script by default.
        const language = known === 'auto' ? 'en' : known;
        let recognizer = deps.engines.planned(
          'textRecognizers',
          plannedEngineOf(input, deps.engines, 'find-subtitles'),
          'Finding the burned-in subtitles',
        );
        if (!recognizer.supports(language))
          recognizer = deps.engines.planned(
            'textRecognizers',
            replannedForLanguage(input, deps.engines, 'find-subtitles', language),
            'Finding the burned-in subtitles',
          );
        const search = await readScreenText(file, ctx, {
          recognizer,
          language,
          progressShare: 0.4,
          name: prepared.media.name,
          where: `for burned-in subtitles${known === 'auto' ? ' (read as English: the source language is not known)' : ''}`,
        });
        band = subtitleBand(search.events, search.frame);
        found = search;
        if (band)
          ctx.log(
            `subtitles found in rows ${band.top}-${band.bottom} ` +
              `of ${search.frame.height}: ${band.events.length} of ${search.events.length} texts; the ` +
              `rest (titles, signs) stay`,
          );
      }
      if (!band) {
        ctx.warn({
          code: NO_SUBTITLES_TO_REPLACE,
          message:
            `No burned-in subtitles were found in ${prepared.media.name}, so none were erased: the ` +
            `new subtitles are ` +
            `added${request.subtitle_position_y === undefined ? ' at the default height' : ` at subtitle_position_y ${request.subtitle_position_y}`}. ` +
            `Give ocr_text_box if the subtitles are there but were not found.`,
        });
        return { erasedEvents: 0, ...(screen ? {} : { engine: found.recognizer }) } satisfies ErasedSubtitles;
      }
      const { fps } = found.frame;
      const spans = band.events.map((event) => eraseSpanOf(event, fps, found.frame, found.display));
      const relative = path.join('erase-subtitles', 'erased.mp4');
      await mkdir(path.join(ctx.workDir, 'erase-subtitles'), { recursive: true });
      const start = screen ? 0 : 0.4;
      const inpainter = deps.engines.requireInpainter();
      const rendered = await renderTextVideo({
        input: file,
        output: path.join(ctx.workDir, relative),
        spans,
        inpainter,
        copyAudio: false,
        signal: ctx.signal,
        ffmpeg: deps.media.ffmpeg,
        onProgress: (fraction) => ctx.progress(start + fraction * (1 - start)),
      });
      const positionY = bandPositionY(band, found.frame);
      const box = scaleBox(band.box, found.frame, found.display);
      ctx.log(
        `${spans.length} subtitles erased on ${rendered.erasedFrames} frames ` +
          `(${rendered.inpaintCalls} fills, ${rendered.reusedFills} reused); new ones go at ` +
          `y=${positionY.toFixed(3)}`,
      );
      // The OCR that searched the frames (none when read-screen-text's texts were reused), then the inpainter that erased them.
      const engine = [...(screen ? [] : [found.recognizer]), inpainter.title].join(', ');
      return { video: relative, positionY, band: box, erasedEvents: spans.length, engine } satisfies ErasedSubtitles;
    },
  };
}
