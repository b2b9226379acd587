// The text shown in a video, read once per appearance: one helper for every stage that needs it (visual translate's
// find-text, translate's read-screen-text with ocr_text_box and erase-subtitles), so they decode, read, log and
// judge a damaged file the same way.
import path from 'node:path';
import { DubDeskError } from '../../../../shared/errors.js';
import { createTextRegionDetector, type NormalizedBox } from '../text-regions.js';
import type { EngineIdentity } from '../../quality.js';
import { describeFrameStream } from '../../../media/frames.js';
import { findTextEvents } from './find-text-events.js';
import type { ReadTextEvent } from './read-events.js';
import type { TextRecognizer } from '../types.js';

/** What was read, and on which frames: every stage output that keeps screen text has these. */
export interface ScreenTextRead {
  /** The frame the boxes are measured on (decoded at most 720 tall) and the video's own display size. */
  frame: { width: number; height: number; fps: number };
  display: { width: number; height: number };
  events: ReadTextEvent[];
  /** The recognizer's title. */
  recognizer: string;
}

export interface ReadScreenTextOptions {
  /** The job's planned text recognizer for `language`. */
  recognizer: TextRecognizer;
  language: string;
  /** Only text inside this part of the frame. */
  roi?: NormalizedBox;
  /** Where in the stage's progress the reading runs; default all of it. */
  progressShare?: number;
  /** What the log line says was searched, e.g. "in the box at ...". */
  where?: string;
  /** The file's name as the user knows it, for messages; default its own. */
  name?: string;
}

/** What a reading reports to its caller (a stage's context fits). */
export interface ScreenTextContext {
  signal: AbortSignal;
  progress(fraction: number): void;
  log(message: string): void;
}

export async function readScreenText(
  file: string,
  ctx: ScreenTextContext,
  options: ReadScreenTextOptions,
): Promise<ScreenTextRead> {
  const { recognizer } = options;
  const title = (recognizer as Partial<EngineIdentity>).title ?? recognizer.id;
  const display = await describeFrameStream(file, { pixelFormat: 'rgb24', signal: ctx.signal });
  const share = options.progressShare ?? 1;
  const found = await findTextEvents(file, {
    detector: await createTextRegionDetector(),
    recognizer,
    languages: [options.language],
    signal: ctx.signal,
    ...(options.roi ? { roi: options.roi } : {}),
    onProgress: (fraction) => ctx.progress(fraction * share),
    durationSec: display.durationSec,
  });
  // ffmpeg ends quietly at damaged data (a file cut short): a video that stops well before its own length is unreadable.
  const decodedSec = found.stats.frames / found.frame.fps;
  const promisedSec = display.videoDurationSec ?? display.durationSec;
  if (decodedSec < promisedSec - Math.max(1, promisedSec * 0.05)) {
    throw new DubDeskError(
      'media_unreadable',
      `The video of ${options.name ?? path.basename(file)} could not be decoded ` +
        `past ${decodedSec.toFixed(1)} s of its ${promisedSec.toFixed(1)} s: the file is damaged ` +
        `or cut short.`,
    );
  }
  const seconds = (found.stats.detectMs / 1000).toFixed(1);
  ctx.log(
    `${found.stats.frames} frames decoded, ${found.stats.samples} searched for ` +
      `text${options.where ? ` ${options.where}` : ''} (${seconds} ` +
      `s), ${found.stats.recognizerCalls} texts read with ${title}: ${found.events.length} kept`,
  );
  return {
    frame: found.frame,
    display: { width: display.width, height: display.height },
    events: found.events,
    recognizer: title,
  };
}
