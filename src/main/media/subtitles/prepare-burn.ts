// Everything a render needs to burn a cue list: the ASS file in the job's folder, the filter for its chain, the
// environment for its ffmpeg, and whether CJK text would come out as empty boxes.
import path from 'node:path';
import type { SubtitleLook } from '../../../shared/schemas/subtitle-styles.js';
import { buildAssDocument, type AssCue, type FrameSize } from './ass.js';
import { subtitlesFilter, writeAssFile } from './burn.js';
import { cjkFontAvailable, prepareFontconfig, resolveSubtitleFonts, type SubtitleFonts } from './fonts.js';

export interface PrepareSubtitleBurnOptions {
  cues: readonly AssCue[];
  style: SubtitleLook;
  /** The frame the filter draws on (display size after rotation, and after any scaling before it). */
  frame: FrameSize;
  /** subtitle_position_y; null/undefined takes the contract's default for the frame's orientation. */
  positionY?: number | null;
  /** BCP 47 code of the cue text (the target language for translated cues). */
  language?: string;
  /** The job's work folder: the ASS file goes there. */
  workDir: string;
  /** A folder kept between jobs (e.g. `<data>/fontconfig`), so fontconfig's cache survives. */
  fontconfigDir: string;
  fonts?: SubtitleFonts;
}

export interface SubtitleBurn {
  assFile: string;
  /** `ass=...` for -vf or a -filter_complex chain. */
  filter: string;
  /** Merge into the ffmpeg process's environment (FONTCONFIG_FILE). */
  env: Record<string, string>;
  /** The cues hold Chinese/Japanese/Korean characters but no CJK font is installed. */
  missingCjkFont: boolean;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export async function prepareSubtitleBurn(options: PrepareSubtitleBurnOptions): Promise<SubtitleBurn> {
  const fonts = options.fonts ?? resolveSubtitleFonts();
  return prepareAssBurn(
    buildAssDocument(options),
    options.cues.map((cue) => cue.text),
    { ...options, fonts, fileName: 'subtitles.ass' },
  );
}

export interface AssBurnOptions {
  /** The folder the ASS file is written to. */
  workDir: string;
  fontconfigDir: string;
  fonts: SubtitleFonts;
  fileName: string;
}

/** Any ASS document made ready to burn: written to disk, its filter, its ffmpeg's environment, the CJK font check over `texts`. */
export async function prepareAssBurn(
  document: string,
  texts: readonly string[],
  options: AssBurnOptions,
): Promise<SubtitleBurn> {
  const assFile = await writeAssFile(options.workDir, document, options.fileName);
  const env = await prepareFontconfig(options.fontconfigDir, options.fonts);
  return {
    assFile,
    filter: subtitlesFilter({ assFile: path.resolve(assFile), fontsDir: options.fonts.primaryDir }),
    env,
    missingCjkFont: texts.some((text) => CJK.test(text)) && !cjkFontAvailable(options.fonts),
  };
}
