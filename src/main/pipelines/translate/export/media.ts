// The export stage's media: the mix encoded once as AAC for a project, then the dubbed video and/or audio in
// output/, each written through a temp file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeThroughTemp } from '../../../files/atomic-write.js';
import { encodeAacChunked } from '../../../media/chunked-aac.js';
import { assDrawnBetween, concatInput, encodeVideoChunked, VIDEO_CHUNK_SECONDS } from '../../../media/chunked-video.js';
import { runFfmpeg } from '../../../media/run-ffmpeg.js';
import type { SubtitleBurn } from '../../../media/subtitles/prepare-burn.js';
import { audioExportArgs, videoContainerFor, videoExportArgs, type AudioFormat } from '../../../dubbing/export-args.js';
import type { ProjectSnapshot } from '../../project-snapshot.js';
import type { StageContext } from '../../types.js';
import { resolveWorkPath } from '../../work-paths.js';
import type { PreparedMedia, TranslateDeps } from '../types.js';

/** The mix as ADTS AAC in the work dir, encoded by chunks so a project's next export reuses the unchanged ones. */
export async function encodeProjectAudio(
  ctx: StageContext,
  deps: TranslateDeps,
  project: ProjectSnapshot,
  mixedPath: string,
): Promise<{ file: string; sampleRate: number }> {
  const file = path.join('audio', 'mixed.adts');
  const encoded = await encodeAacChunked({
    ffmpeg: deps.media.ffmpeg,
    wavFile: mixedPath,
    outputFile: path.join(ctx.workDir, file),
    cacheDir: project.encodedAudioCache,
    signal: ctx.signal,
    onProgress: (fraction) => ctx.progress(fraction * 0.5),
  });
  ctx.log(
    `audio encoded in ${encoded.chunks} chunks of about 20 ` +
      `s, ${encoded.chunks - encoded.encoded} of them reused from the project's last export`,
  );
  return { file, sampleRate: encoded.sampleRate };
}

export interface VideoExport {
  media: PreparedMedia['media'];
  /** The picture to use: the erase-subtitles stage's video, else the input (relative or absolute, resolveWorkPath). */
  picture: string;
  /** The synthesize stage's retiming filters (align_video). */
  retimeFilters: readonly string[];
  burn: SubtitleBurn | undefined;
  project: ProjectSnapshot | undefined;
  /** The mix: its WAV, or the AAC encodeProjectAudio made (then `encodedAudioRate` is its rate). */
  audioInput: string;
  encodedAudioRate: number | undefined;
  durationSec: number;
  /** The output files' name without extension (outputBaseName): the video goes to output/<base>.<container>. */
  base: string;
  /** The share of the stage's progress the video takes (the rest is the audio's). */
  share: number;
}

/** The dubbed video (re-encoded only to burn subtitles or retime); returns its path relative to the work dir. */
export async function exportVideo(ctx: StageContext, deps: TranslateDeps, video: VideoExport): Promise<string> {
  const { media, burn, project } = video;
  let videoFilters = [...video.retimeFilters, ...(burn ? [burn.filter] : [])];
  const container = videoContainerFor(media.videoCodec, videoFilters.length > 0);
  const relative = path.join('output', `${video.base}.${container}`);
  ctx.log(
    videoFilters.length
      ? `re-encoding the video (${videoFilters.map((filter) => filter.split('=')[0]).join(', ')})`
      : 'copying the video stream unchanged',
  );
  let picture = resolveWorkPath(ctx.workDir, video.picture);
  // An export from a project whose picture only gets subtitles burned in encodes only the chunks whose subtitles changed.
  if (project && burn && !video.retimeFilters.length && media.fps) {
    const chunks = await encodeVideoChunked({
      ffmpeg: deps.media.ffmpeg,
      input: picture,
      durationSec: media.durationSec,
      fps: media.fps,
      filter: burn.filter,
      env: burn.env,
      drawnBetween: assDrawnBetween(await readFile(burn.assFile, 'utf8')),
      cacheDir: project.encodedVideoCache,
      signal: ctx.signal,
      onProgress: (fraction) => ctx.progress(0.5 + fraction * 0.4),
    });
    ctx.log(
      `picture encoded in ${chunks.files.length} chunks of about ${VIDEO_CHUNK_SECONDS} ` +
        `s, ${chunks.files.length - chunks.encoded} of them reused from the project's last export`,
    );
    picture = concatInput(chunks.files);
    videoFilters = [];
  }
  await writeThroughTemp(path.join(ctx.workDir, relative), (temp) =>
    runFfmpeg(
      videoExportArgs({
        mediaPath: picture,
        audioPath: video.audioInput,
        encodedAudioRate: video.encodedAudioRate,
        outputPath: temp,
        videoFilters,
        durationSec: video.durationSec,
      }),
      {
        ffmpeg: deps.media.ffmpeg,
        env: burn?.env,
        signal: ctx.signal,
        durationSec: video.durationSec,
        onProgress: (event) => event.fraction !== null && ctx.progress(event.fraction * video.share),
      },
    ),
  );
  return relative;
}

export interface AudioExport {
  format: AudioFormat;
  /** The mix as WAV. */
  mixedPath: string;
  /** The mix as VideoExport takes it: an m4a reuses the AAC encodeProjectAudio made. */
  audioInput: string;
  encodedAudioRate: number | undefined;
  durationSec: number;
  /** The output files' name without extension (outputBaseName): the audio goes to output/<base>.<format>. */
  base: string;
  /** The share of the stage's progress the audio takes, after the video's. */
  share: number;
}

/** The dubbed audio in `format` (an m4a reuses the encoded AAC as is); returns its path relative to the work dir. */
export async function exportAudio(ctx: StageContext, deps: TranslateDeps, audio: AudioExport): Promise<string> {
  const { format, share } = audio;
  const relative = path.join('output', `${audio.base}.${format}`);
  const encodedAac = format === 'm4a' ? audio.encodedAudioRate : undefined;
  await writeThroughTemp(path.join(ctx.workDir, relative), (temp) =>
    runFfmpeg(audioExportArgs(encodedAac ? audio.audioInput : audio.mixedPath, temp, format, encodedAac), {
      ffmpeg: deps.media.ffmpeg,
      signal: ctx.signal,
      durationSec: audio.durationSec,
      onProgress: (event) => event.fraction !== null && ctx.progress(1 - share + event.fraction * share),
    }),
  );
  return relative;
}
