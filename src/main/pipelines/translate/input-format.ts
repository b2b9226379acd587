// The translate input's format by content (not by name), which decides the audio export's format.
import { DubDeskError } from '../../../shared/errors.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import { probeMedia } from '../../media/probe.js';
import { confirmedType } from '../../media/probe-format.js';
import { sniffFile } from '../../media/sniff.js';
import type { StageContext } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import type { PreparedMedia } from './types.js';

/**
 * The format fetch-inputs confirmed (a format id of src/shared/media-formats.ts). A run prepared before the format
 * was recorded (a project's earlier run, re-exported) has the file judged again, as the intake judges it.
 */
export async function inputFormatOf(
  media: PreparedMedia['media'],
  ctx: Pick<StageContext, 'workDir' | 'signal'>,
  tools: MediaTools,
): Promise<string> {
  if (media.format) return media.format;
  const file = resolveWorkPath(ctx.workDir, media.path);
  const sniffed = await sniffFile(file);
  const confirmed =
    sniffed && confirmedType(sniffed, await probeMedia(file, { ffprobe: tools.ffprobe, signal: ctx.signal }));
  if (!confirmed)
    throw new DubDeskError('media_unreadable', `${media.name} is no longer a media file DubDesk can read.`);
  return confirmed.ext;
}
