// The export stage's subtitles: the dubbed cues written as SRT, WebVTT, ASS (and bilingual SRT) into output/, and
// the burn-in the video export draws them with.
import path from 'node:path';
import { writeFileAtomic } from '../../../files/atomic-write.js';
import { serializeSrt } from '../../../media/srt.js';
import { prepareSubtitleBurn, type SubtitleBurn } from '../../../media/subtitles/prepare-burn.js';
import { bilingualCues, subtitleExports } from '../../../dubbing/subtitle-exports.js';
import { readJobResources, subtitleStyleOf } from '../../../requests/resource-snapshot.js';
import type { SubtitleStyle } from '../../../../shared/schemas/subtitle-styles.js';
import type { StageContext, StageInput } from '../../types.js';
import { spokenLines } from '../lines.js';
import { skippableOutput, translateOutput } from '../outputs.js';
import type { ExportedFiles, TranslateRequest } from '../types.js';

export interface WrittenSubtitles {
  files: ExportedFiles;
  /** The job's subtitle style, which a burn-in uses too. */
  style: SubtitleStyle;
  /** Where the subtitles sit: subtitle_position_y, else the line of the subtitles the erase-subtitles stage removed. */
  positionY: number | undefined;
}

/** Writes the dubbed cues into output/ as `<base>.srt`, `.vtt`, `.ass` and, with bilingual_subtitle, `.bilingual.srt`. */
export async function writeSubtitleFiles(
  input: StageInput<TranslateRequest>,
  ctx: StageContext,
  base: string,
): Promise<WrittenSubtitles> {
  const { request, outputs } = input;
  const prepared = translateOutput(outputs, 'prepare-media');
  const cues = translateOutput(outputs, 'synthesize').outputCues;
  // Plain SRT (serializeSrt writes no voice tags); each cue's speaker stays in the synthesize stage's JSON.
  const srt = path.join('output', `${base}.srt`);
  await writeFileAtomic(path.join(ctx.workDir, srt), serializeSrt(cues.map((cue, i) => ({ ...cue, index: i + 1 }))));
  // The same cues for players and editors: WebVTT with the speakers, ASS in the style the burn uses.
  const style = subtitleStyleOf(await readJobResources(ctx.workDir, request));
  // replace burns like add, on the video the erase-subtitles stage left, at the old subtitles' line unless told.
  const erased = skippableOutput(outputs, 'erase-subtitles');
  const positionY = request.subtitle_position_y ?? erased?.positionY;
  const exports = subtitleExports({
    cues,
    style,
    media: prepared.media,
    positionY,
    targetLanguage: request.target_language,
  });
  const vtt = path.join('output', `${base}.vtt`);
  const ass = path.join('output', `${base}.ass`);
  await writeFileAtomic(path.join(ctx.workDir, vtt), exports.vtt);
  await writeFileAtomic(path.join(ctx.workDir, ass), exports.ass);
  ctx.log(`subtitles written as SRT, WebVTT and ASS (style ${style.name})`);
  const files: ExportedFiles = { subtitle: srt, subtitleVtt: vtt, subtitleAss: ass };
  if (request.bilingual_subtitle) {
    const bilingual = path.join('output', `${base}.bilingual.srt`);
    await writeFileAtomic(
      path.join(ctx.workDir, bilingual),
      serializeSrt(bilingualCues(cues, (await spokenLines(input, ctx)).cues)),
    );
    ctx.log('bilingual subtitles written: the original line above each translation');
    files.subtitleBilingual = bilingual;
  }
  return { files, style, positionY };
}

/**
 * subtitle_mode add or replace on a video export: the ASS file, filter and environment that burn the dubbed cues
 * in; undefined when nothing is burned (no video, or a frame of unknown size).
 */
export async function subtitleBurnFor(
  input: StageInput<TranslateRequest>,
  ctx: StageContext,
  subtitles: WrittenSubtitles,
  options: { videoWanted: boolean; fontconfigDir: string },
): Promise<SubtitleBurn | undefined> {
  const { request, outputs } = input;
  const { displayWidth, displayHeight } = translateOutput(outputs, 'prepare-media').media;
  const burns = request.subtitle_mode === 'add' || request.subtitle_mode === 'replace';
  if (!(burns && options.videoWanted && displayWidth && displayHeight)) return undefined;
  const { style, positionY } = subtitles;
  const burn = await prepareSubtitleBurn({
    cues: translateOutput(outputs, 'synthesize').outputCues,
    style,
    frame: { width: displayWidth, height: displayHeight },
    positionY,
    language: request.target_language,
    workDir: path.join(ctx.workDir, 'subtitles'),
    fontconfigDir: options.fontconfigDir,
  });
  const where =
    request.subtitle_position_y !== undefined
      ? ` at y=${request.subtitle_position_y}`
      : positionY !== undefined
        ? ` at the erased subtitles' line, y=${positionY.toFixed(3)}`
        : ' at the default height';
  ctx.log(`subtitles burned in with style ${style.name}${where}`);
  if (burn.missingCjkFont)
    ctx.log('no Chinese/Japanese/Korean font is installed: those subtitle characters will show as boxes', 'warn');
  return burn;
}
