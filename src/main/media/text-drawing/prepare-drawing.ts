// Everything the render's encode needs to draw the translations: the ASS file in the job's folder, the `ass=`
// filter for its -vf chain, the environment for its ffmpeg, and whether CJK text would come out as empty boxes.
import { resolveSubtitleFonts, type SubtitleFonts } from '../subtitles/fonts.js';
import { prepareAssBurn, type SubtitleBurn } from '../subtitles/prepare-burn.js';
import { translatedTextAss, type TextToDraw } from './translated-text-ass.js';

export interface PrepareTranslatedTextDrawingOptions {
  texts: readonly TextToDraw[];
  /** The frame the boxes are measured on (the document's PlayRes; libass scales it to the encoded frame). */
  frame: { width: number; height: number };
  /** BCP 47 code of the translations. */
  language: string;
  /** The job's work folder: the ASS file goes there. */
  workDir: string;
  /** A folder kept between jobs (e.g. `<data>/fontconfig`), so fontconfig's cache survives. */
  fontconfigDir: string;
  fonts?: SubtitleFonts;
}

/** The ASS file, its `ass=` filter for the encode's -vf chain, its ffmpeg's environment, and whether CJK would show as boxes. */
export type TranslatedTextDrawing = SubtitleBurn;

export async function prepareTranslatedTextDrawing(
  options: PrepareTranslatedTextDrawingOptions,
): Promise<TranslatedTextDrawing> {
  const fonts = options.fonts ?? resolveSubtitleFonts();
  const document = translatedTextAss(options.texts, { frame: options.frame, language: options.language, fonts });
  return prepareAssBurn(
    document,
    options.texts.map((text) => text.text),
    { ...options, fonts, fileName: 'translated-text.ass' },
  );
}
