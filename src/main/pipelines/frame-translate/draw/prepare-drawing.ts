// Everything the render's encode needs to draw the translations: the ASS file in the job's folder, the `ass=`
// filter for its -vf chain, the environment for its ffmpeg, and whether CJK text would come out as empty boxes.
import path from 'node:path';
import { subtitlesFilter, writeAssFile } from '../../../media/subtitles/burn.js';
import { cjkFontAvailable, prepareFontconfig, resolveSubtitleFonts, type SubtitleFonts } from '../../../media/subtitles/fonts.js';
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

export interface TranslatedTextDrawing {
  assFile: string;
  /** `ass=...` for the encode's -vf chain. */
  filter: string;
  /** Merge into that ffmpeg's environment (FONTCONFIG_FILE). */
  env: Record<string, string>;
  /** The translations hold Chinese/Japanese/Korean characters but no CJK font is installed. */
  missingCjkFont: boolean;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export async function prepareTranslatedTextDrawing(options: PrepareTranslatedTextDrawingOptions): Promise<TranslatedTextDrawing> {
  const fonts = options.fonts ?? resolveSubtitleFonts();
  const document = translatedTextAss(options.texts, { frame: options.frame, language: options.language, fonts });
  const assFile = await writeAssFile(options.workDir, document, 'translated-text.ass');
  const env = await prepareFontconfig(options.fontconfigDir, fonts);
  return {
    assFile,
    filter: subtitlesFilter({ assFile: path.resolve(assFile), fontsDir: fonts.primaryDir }),
    env,
    missingCjkFont: options.texts.some((text) => CJK.test(text.text)) && !cjkFontAvailable(fonts),
  };
}
