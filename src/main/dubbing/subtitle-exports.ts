// Pure: the dubbed cues as the extra subtitle results, WebVTT (speakers as voice tags) and ASS (the job's style).
import type { SubtitleLook } from '../../shared/schemas/subtitle-styles.js';
import { AUDIO_ONLY_FRAME, buildAssDocument, type FrameSize } from '../media/subtitles/ass.js';
import { serializeWebVtt } from '../media/subtitles/webvtt.js';
import type { DubCue } from './types.js';

/** What the ASS frame depends on: the prepared media's video and display size (PreparedMedia['media'] fits). */
interface ExportedMedia {
  hasVideo: boolean;
  displayWidth?: number | undefined;
  displayHeight?: number | undefined;
}

/** The ASS layout frame: the video's display size, like the burn, so the file drops onto the dubbed video as is. */
export function assExportFrame(media: ExportedMedia): FrameSize {
  return media.hasVideo && media.displayWidth && media.displayHeight
    ? { width: media.displayWidth, height: media.displayHeight }
    : AUDIO_ONLY_FRAME;
}

export interface SubtitleExportOptions {
  cues: readonly DubCue[];
  style: SubtitleLook;
  media: ExportedMedia;
  /** subtitle_position_y; undefined takes the frame's default, as the burn does. */
  positionY?: number;
  targetLanguage: string;
}

export function subtitleExports(options: SubtitleExportOptions): { vtt: string; ass: string } {
  return {
    vtt: serializeWebVtt(options.cues),
    ass: buildAssDocument({
      cues: options.cues,
      style: options.style,
      frame: assExportFrame(options.media),
      positionY: options.positionY,
      language: options.targetLanguage,
    }),
  };
}

/** The bilingual SRT's cues: each dubbed cue's original line above its translation (one line when they are the same). */
export function bilingualCues(dubbed: readonly DubCue[], original: readonly Pick<DubCue, 'text'>[]): DubCue[] {
  return dubbed.map((cue, i) => {
    const source = original[i]?.text.trim();
    return { ...cue, index: i + 1, text: source && source !== cue.text.trim() ? `${source}\n${cue.text}` : cue.text };
  });
}
