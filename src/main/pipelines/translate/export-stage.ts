import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../../media/run-ffmpeg.js';
import type { Stage } from '../types.js';
import { prepareSubtitleBurn } from '../../media/subtitles/prepare-burn.js';
import { serializeSrt } from '../../media/srt.js';
import { writeFileAtomic, writeThroughTemp } from '../../files/atomic-write.js';
import { audioExportArgs, audioFormatFor, videoContainerFor, videoExportArgs } from '../../dubbing/export-args.js';
import type { ExportedFiles, TranslateDeps, TranslateRequest } from './types.js';
import { readJobResources, subtitleStyleOf } from '../../requests/resource-snapshot.js';
import { resolveWorkPath } from '../work-paths.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { bilingualCues, subtitleExports } from '../../dubbing/subtitle-exports.js';
import { spokenLines } from './lines.js';
import { keepsStems } from './project-mode.js';
import { outputBaseName } from './output-names.js';
import { wantedOutputs } from './wanted-outputs.js';
import { encodeAacChunked } from '../../media/chunked-aac.js';
import { assDrawnBetween, concatInput, encodeVideoChunked, VIDEO_CHUNK_SECONDS } from '../../media/chunked-video.js';
import { readProjectSnapshot } from '../project-snapshot.js';

/**
 * rendering: writes the dubbed SRT, WebVTT and ASS, and the dubbed video (re-encoded only to burn subtitles or
 * retime) and/or audio, into output/.
 */
export function exportStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'export',
    label: 'Exporting',
    status: 'rendering',
    weight: 3,
    async run(input, ctx) {
      const { request, outputs } = input;
      const prepared = translateOutput(outputs, 'prepare-media');
      const mixed = translateOutput(outputs, 'mix');
      const retime = translateOutput(outputs, 'synthesize');
      const wanted = wantedOutputs(request.export_type, prepared.media.hasVideo);
      const base = outputBaseName(prepared.media.name, request.target_language);
      const outDir = path.join(ctx.workDir, 'output');
      await mkdir(outDir, { recursive: true });
      const mixedPath = path.join(ctx.workDir, mixed.audio);
      const share = wanted.video && wanted.audio ? 0.9 : 1;

      const cues = translateOutput(outputs, 'synthesize').outputCues;
      // Plain SRT (serializeSrt writes no voice tags); each cue's speaker stays in the synthesize stage's JSON.
      const srt = path.join('output', `${base}.srt`);
      await writeFileAtomic(
        path.join(ctx.workDir, srt),
        serializeSrt(cues.map((cue, i) => ({ ...cue, index: i + 1 }))),
      );
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
      const { displayWidth, displayHeight } = prepared.media;
      const result: ExportedFiles = { subtitle: srt, subtitleVtt: vtt, subtitleAss: ass };
      if (request.bilingual_subtitle) {
        const bilingual = path.join('output', `${base}.bilingual.srt`);
        await writeFileAtomic(
          path.join(ctx.workDir, bilingual),
          serializeSrt(bilingualCues(cues, (await spokenLines(input, ctx)).cues)),
        );
        ctx.log('bilingual subtitles written: the original line above each translation');
        result.subtitleBilingual = bilingual;
      }
      let env: Record<string, string> | undefined;
      const subtitleFilters: string[] = [];
      let burnedAss: string | undefined;
      if (
        (request.subtitle_mode === 'add' || request.subtitle_mode === 'replace') &&
        wanted.video &&
        displayWidth &&
        displayHeight
      ) {
        const burn = await prepareSubtitleBurn({
          cues,
          style,
          frame: { width: displayWidth, height: displayHeight },
          positionY,
          language: request.target_language,
          workDir: path.join(ctx.workDir, 'subtitles'),
          fontconfigDir: deps.fontconfigDir,
        });
        env = burn.env;
        subtitleFilters.push(burn.filter);
        burnedAss = burn.assFile;
        const where =
          request.subtitle_position_y !== undefined
            ? ` at y=${request.subtitle_position_y}`
            : positionY !== undefined
              ? ` at the erased subtitles' line, y=${positionY.toFixed(3)}`
              : ' at the default height';
        ctx.log(`subtitles burned in with style ${style.name}${where}`);
        if (burn.missingCjkFont)
          ctx.log('no Chinese/Japanese/Korean font is installed: those subtitle characters will show as boxes', 'warn');
      }

      // An export from a project encodes only the stretches of the mix that changed since its last export.
      const project = await readProjectSnapshot(ctx.workDir);
      const audioFormat = audioFormatFor(path.extname(prepared.media.name), prepared.media.hasVideo);
      let encodedAudioRate: number | undefined;
      if (project && (wanted.video || audioFormat === 'm4a')) {
        result.encodedAudio = path.join('audio', 'mixed.adts');
        const encoded = await encodeAacChunked({
          ffmpeg: deps.media.ffmpeg,
          wavFile: mixedPath,
          outputFile: path.join(ctx.workDir, result.encodedAudio),
          cacheDir: project.encodedAudioCache,
          signal: ctx.signal,
          onProgress: (fraction) => ctx.progress(fraction * 0.5),
        });
        encodedAudioRate = encoded.sampleRate;
        ctx.log(
          `audio encoded in ${encoded.chunks} chunks of about 20 ` +
            `s, ${encoded.chunks - encoded.encoded} of them reused from the project's last export`,
        );
      }
      const audioInput = result.encodedAudio ? path.join(ctx.workDir, result.encodedAudio) : mixedPath;

      if (wanted.video) {
        let videoFilters = [...(retime.videoFilters ?? []), ...subtitleFilters];
        const container = videoContainerFor(prepared.media.videoCodec, videoFilters.length > 0);
        const relative = path.join('output', `${base}.${container}`);
        ctx.log(
          videoFilters.length
            ? `re-encoding the video (${videoFilters.map((filter) => filter.split('=')[0]).join(', ')})`
            : 'copying the video stream unchanged',
        );
        let picture = resolveWorkPath(ctx.workDir, erased?.video ?? prepared.media.path);
        // An export from a project whose picture only gets subtitles burned in encodes only the chunks whose subtitles changed.
        if (project && burnedAss && !retime.videoFilters?.length && prepared.media.fps) {
          const chunks = await encodeVideoChunked({
            ffmpeg: deps.media.ffmpeg,
            input: picture,
            durationSec: prepared.media.durationSec,
            fps: prepared.media.fps,
            filter: subtitleFilters[0]!,
            env,
            drawnBetween: assDrawnBetween(await readFile(burnedAss, 'utf8')),
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
              audioPath: audioInput,
              encodedAudioRate,
              outputPath: temp,
              videoFilters,
              durationSec: mixed.durationSec,
            }),
            {
              ffmpeg: deps.media.ffmpeg,
              env,
              signal: ctx.signal,
              durationSec: mixed.durationSec,
              onProgress: (event) => event.fraction !== null && ctx.progress(event.fraction * share),
            },
          ),
        );
        result.video = relative;
      }
      if (wanted.audio) {
        const format = audioFormat;
        const relative = path.join('output', `${base}.${format}`);
        const encodedAac = format === 'm4a' ? encodedAudioRate : undefined;
        await writeThroughTemp(path.join(ctx.workDir, relative), (temp) =>
          runFfmpeg(audioExportArgs(encodedAac ? audioInput : mixedPath, temp, format, encodedAac), {
            ffmpeg: deps.media.ffmpeg,
            signal: ctx.signal,
            durationSec: mixed.durationSec,
            onProgress: (event) => event.fraction !== null && ctx.progress(1 - share + event.fraction * share),
          }),
        );
        result.audio = relative;
      }
      // The separated background is in the mix now; the stem is as large as the input's audio (GBs for a film).
      const separated = skippableOutput(outputs, 'separate');
      if (separated && !(await keepsStems(request, ctx.workDir)))
        await rm(resolveWorkPath(ctx.workDir, separated.background), { force: true });
      // The erased picture stays until the task is deleted: a resumed export (a crash before its output was saved) reads it again.
      return result;
    },
  };
}
