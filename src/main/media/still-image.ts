import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { ffmpegBaseArgs } from './ffmpeg-args.js';
import { resolveMediaTools } from './ffmpeg-paths.js';
import { probeMedia } from './probe.js';
import { runProcess } from './run-process.js';

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes a still image (jpg, png, webp) to packed RGB, upright (EXIF rotation applied by ffmpeg). */
export async function decodeStillImage(
  file: string,
  options: { signal?: AbortSignal; ffmpeg?: string; ffprobe?: string } = {},
): Promise<RgbImage> {
  const info = await probeMedia(file, { signal: options.signal, ffprobe: options.ffprobe });
  const width = info.video?.displayWidth ?? 0;
  const height = info.video?.displayHeight ?? 0;
  if (!width || !height)
    throw new DubDeskError('media_unreadable', `${path.basename(file)} is not a picture DubDesk can read.`);
  const result = await runProcess(
    options.ffmpeg ?? resolveMediaTools().ffmpeg,
    [
      ...ffmpegBaseArgs(),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:${height}`,
      '-pix_fmt',
      'rgb24',
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { toolName: 'ffmpeg', signal: options.signal, captureStdout: true },
  );
  const data = result.stdout ?? Buffer.alloc(0);
  if (data.length !== width * height * 3)
    throw new DubDeskError('media_unreadable', `${path.basename(file)} could not be decoded.`);
  return { data, width, height };
}
